import { describe, expect, it } from 'vitest';
import { lostSignal, type ChannelSignals } from './video-panels';

const signals: ChannelSignals = [
  { channel: 'A', source: 'hdmi1', signal: 'nosignal' },
  { channel: 'B', source: 'hdmi2', signal: 'signal' },
];

describe('video panels', () => {
  it('says no signal only for the source the status speaks of', () => {
    expect(lostSignal(signals, 'A', 'hdmi1')).toBe(true);
    // Edited to another source, not saved yet: the status says nothing about it.
    expect(lostSignal(signals, 'A', 'hdmi3')).toBe(false);
    expect(lostSignal(signals, 'B', 'hdmi2')).toBe(false);
    expect(lostSignal(undefined, 'A', 'hdmi1')).toBe(false);
    expect(lostSignal(signals, 'A', undefined)).toBe(false);
  });
});
