import { describe, expect, it } from 'vitest';
import { canMark, canStop, diskUsage, elapsedSeconds, MAIN_CONTROL, recordState } from './record-state';

describe('record state of the workbench', () => {
  it('reads idle, recording and paused from the status flags', () => {
    expect(recordState({ isrecording: 'false', isrecordingpaused: 'false' })).toBe('idle');
    expect(recordState({ isrecording: 'true', isrecordingpaused: 'false' })).toBe('recording');
    expect(recordState({ isrecording: 'true', isrecordingpaused: 'true' })).toBe('paused');
  });

  it('has one main button and a stop that needs a recording', () => {
    expect(MAIN_CONTROL).toEqual({ idle: 'start', recording: 'pause', paused: 'resume' });
    expect([canStop('idle'), canStop('recording'), canStop('paused')]).toEqual([false, true, true]);
  });

  it('marks a chapter in the recording being made, also while paused', () => {
    expect([canMark('idle'), canMark('recording'), canMark('paused')]).toEqual([false, true, true]);
  });

  it('ticks from current only while recording', () => {
    expect(elapsedSeconds('10', 1_000, 4_500, true)).toBe(13);
    expect(elapsedSeconds('10', 1_000, 4_500, false)).toBe(10);
    // A tick that ran before the poll landed never counts backwards.
    expect(elapsedSeconds('10', 5_000, 4_000, true)).toBe(10);
    expect(elapsedSeconds('', 0, 0, false)).toBe(0);
  });
});

describe('disk usage', () => {
  it('is 100 minus free over total, with 2 decimals', () => {
    expect(diskUsage('100.00', '25.00').percent).toBe(75);
    expect(diskUsage('465.76', '123.45').percent).toBe(73.49);
    expect(diskUsage('3', '1').percent).toBe(66.67);
    expect(diskUsage('465.76', '123.45')).toMatchObject({ totalGb: '465.76', freeGb: '123.45' });
  });

  it('treats a missing or empty disk as nothing used', () => {
    expect(diskUsage('0.00', '0.00')).toEqual({ percent: 0, totalGb: '0', freeGb: '0' });
    expect(diskUsage('', '')).toEqual({ percent: 0, totalGb: '0', freeGb: '0' });
    expect(diskUsage('10', '12').percent).toBe(0);
  });
});
