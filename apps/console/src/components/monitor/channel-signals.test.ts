import { describe, expect, it } from 'vitest';
import { markedChannels } from './channel-signals';

describe('channel signals', () => {
  it('marks the channels with a source, in channel order', () => {
    expect(
      markedChannels([
        { channel: 'C', source: 'rtsp', signal: 'nosignal' },
        { channel: 'B', source: '', signal: 'none' },
        { channel: 'A', source: 'hdmi1', signal: 'signal' },
      ]).map((s) => `${s.channel}:${s.signal}`),
    ).toEqual(['A:signal', 'C:nosignal']);
    expect(markedChannels(undefined)).toEqual([]);
  });
});
