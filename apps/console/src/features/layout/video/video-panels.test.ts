import { describe, expect, it } from 'vitest';
import { detectedSignal, INPUT_PANEL, lostSignal, videoPanels, type ChannelSignals } from './video-panels';

const signals: ChannelSignals = [
  { channel: 'A', source: 'hdmi1', signal: 'nosignal' },
  { channel: 'B', source: 'hdmi2', signal: 'signal', detected: { width: 1920, height: 1080, fps: 25 } },
];
/** Keys and their values, as the translation function leaves them to read. */
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);

describe('video panels', () => {
  it('says no signal only for the source the status speaks of', () => {
    expect(lostSignal(signals, 'A', 'hdmi1')).toBe(true);
    // Edited to another source, not saved yet: the status says nothing about it.
    expect(lostSignal(signals, 'A', 'hdmi3')).toBe(false);
    expect(lostSignal(signals, 'B', 'hdmi2')).toBe(false);
    expect(lostSignal(undefined, 'A', 'hdmi1')).toBe(false);
    expect(lostSignal(signals, 'A', undefined)).toBe(false);
  });

  it('adds what the channel delivers to its hint, for the source the status speaks of', () => {
    expect(detectedSignal(signals, 'B', 'hdmi2')).toEqual({ width: 1920, height: 1080, fps: 25 });
    expect(detectedSignal(signals, 'B', 'hdmi4')).toBeUndefined();
    const input = videoPanels(t, { devices: undefined, sources: undefined }, undefined, false, signals).find(
      (p) => p.title === INPUT_PANEL,
    )!;
    const hint = input.fields?.channelB?.hint;
    const values = { setting_video_input: { channelB: 'hdmi2' }, setting_video_devices: { hdmi2: '/dev/video0' } };
    const text = typeof hint === 'function' ? hint(values as never)?.text : undefined;
    expect(text).toBe('screens.video.device {"device":"/dev/video0"} screens.video.delivering {"width":1920,"height":1080,"fps":25}');
  });
});
