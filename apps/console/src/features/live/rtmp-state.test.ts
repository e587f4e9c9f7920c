import { describe, expect, it } from 'vitest';
import { CALLS, type CallData } from '@roomcast/contract';
import { formatClock, outputControls, outputSeconds, outputStartOf, outputStateOf, RTMP_OUTPUTS, SRT_OUTPUTS } from './rtmp-state';

const status = (s: Partial<CallData<'status'>>) => s as CallData<'status'>;

describe('output state (spec §4), RTMP and SRT', () => {
  it('names the status values: false idle, true started, reconn reconnecting; idle before the first read', () => {
    const s = status({ ismainliving: 'true', issubliving: 'reconn' });
    expect(outputStateOf(s, RTMP_OUTPUTS, 'main')).toBe('started');
    expect(outputStateOf(s, RTMP_OUTPUTS, 'sub')).toBe('reconnecting');
    expect(outputStateOf(status({ ismainliving: 'false' }), RTMP_OUTPUTS, 'main')).toBe('idle');
    expect(outputStateOf(undefined, RTMP_OUTPUTS, 'sub')).toBe('idle');
  });

  it("reads each protocol's own status fields", () => {
    const s = status({ ismainliving: 'false', issubliving: 'true', ismainsrt: 'reconn', issubsrt: 'false' });
    expect(outputStateOf(s, SRT_OUTPUTS, 'main')).toBe('reconnecting');
    expect(outputStateOf(s, SRT_OUTPUTS, 'sub')).toBe('idle');
    expect(outputStateOf(s, RTMP_OUTPUTS, 'main')).toBe('idle');
    expect(outputStateOf(s, RTMP_OUTPUTS, 'sub')).toBe('started');
  });

  it('Start only when idle and nothing pending; Stop only when started or reconnecting', () => {
    expect(outputControls('idle', false)).toEqual({ start: true, stop: false });
    expect(outputControls('started', false)).toEqual({ start: false, stop: true });
    expect(outputControls('reconnecting', false)).toEqual({ start: false, stop: true });
    expect(outputControls('idle', true)).toEqual({ start: false, stop: false });
    expect(outputControls('reconnecting', true)).toEqual({ start: false, stop: false });
  });

  it('counts from the start the status gives, in the device zone', () => {
    const s = status({ mainlivingstart: '2026-11-23 16:00:00', sublivingstart: '' });
    expect(outputStartOf(s, RTMP_OUTPUTS, 'main')).toBe('2026-11-23 16:00:00');
    expect(outputStartOf(s, RTMP_OUTPUTS, 'sub')).toBe('');
    const now = Date.parse('2026-11-23T08:01:05Z');
    expect(outputSeconds('2026-11-23 16:00:00', 480, now)).toBe(65);
    expect(outputSeconds('', 480, now)).toBe(0);
    // A start a little ahead of this browser's clock shows 0, never a negative time.
    expect(outputSeconds('2026-11-23 16:02:00', 480, now)).toBe(0);
  });

  it('has no start time for the SRT outputs (the status gives none): no timer', () => {
    expect(SRT_OUTPUTS.start).toBeUndefined();
    expect(outputStartOf(status({ ismainsrt: 'true', mainlivingstart: '2026-11-23 16:00:00' }), SRT_OUTPUTS, 'main')).toBe('');
  });

  it("controls each protocol with its own call, whose request takes the outputs' channels", () => {
    expect(RTMP_OUTPUTS.call).toBe('rtmpchannelctl');
    expect(SRT_OUTPUTS.call).toBe('srtchannelctl');
    for (const profile of [RTMP_OUTPUTS, SRT_OUTPUTS]) {
      expect(CALLS[profile.call].request.safeParse({ channel: '2', control: 'stop' }).success).toBe(true);
    }
  });

  it('formats HH:MM:SS', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(3725.9)).toBe('01:02:05');
    expect(formatClock(100 * 3600)).toBe('100:00:00');
  });
});
