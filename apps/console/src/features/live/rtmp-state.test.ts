import { describe, expect, it } from 'vitest';
import type { CallData } from '@roomcast/contract';
import { formatClock, rtmpControls, rtmpSeconds, rtmpStartOf, rtmpStateOf } from './rtmp-state';

const status = (s: Partial<CallData<'status'>>) => s as CallData<'status'>;

describe('RTMP channel state (spec §4)', () => {
  it('names the status values: false idle, true started, reconn reconnecting; idle before the first read', () => {
    const s = status({ ismainliving: 'true', issubliving: 'reconn' });
    expect(rtmpStateOf(s, 'main')).toBe('started');
    expect(rtmpStateOf(s, 'sub')).toBe('reconnecting');
    expect(rtmpStateOf(status({ ismainliving: 'false' }), 'main')).toBe('idle');
    expect(rtmpStateOf(undefined, 'sub')).toBe('idle');
  });

  it('Start only when idle and nothing pending; Stop only when started or reconnecting', () => {
    expect(rtmpControls('idle', false)).toEqual({ start: true, stop: false });
    expect(rtmpControls('started', false)).toEqual({ start: false, stop: true });
    expect(rtmpControls('reconnecting', false)).toEqual({ start: false, stop: true });
    expect(rtmpControls('idle', true)).toEqual({ start: false, stop: false });
    expect(rtmpControls('reconnecting', true)).toEqual({ start: false, stop: false });
  });

  it('counts from the start the status gives, in the device zone', () => {
    const s = status({ mainlivingstart: '2026-11-23 16:00:00', sublivingstart: '' });
    expect(rtmpStartOf(s, 'main')).toBe('2026-11-23 16:00:00');
    expect(rtmpStartOf(s, 'sub')).toBe('');
    const now = Date.parse('2026-11-23T08:01:05Z');
    expect(rtmpSeconds('2026-11-23 16:00:00', 480, now)).toBe(65);
    expect(rtmpSeconds('', 480, now)).toBe(0);
    // A start a little ahead of this browser's clock shows 0, never a negative time.
    expect(rtmpSeconds('2026-11-23 16:02:00', 480, now)).toBe(0);
  });

  it('formats HH:MM:SS', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(3725.9)).toBe('01:02:05');
    expect(formatClock(100 * 3600)).toBe('100:00:00');
  });
});
