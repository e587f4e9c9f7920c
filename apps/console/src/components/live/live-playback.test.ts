import { describe, expect, it } from 'vitest';
import { choosePlayback, HLS_CONFIG, MPEGTS_CONFIG, reconnectDelayMs, wsUrl } from './live-playback';

const ALL = { mseLive: true, hlsJs: true, nativeHls: false };

describe('live playback', () => {
  it('plays low latency with mpegts.js where MSE live playback exists', () => {
    expect(choosePlayback('lowLatency', ALL)).toBe('mpegts');
  });

  it('falls back to hls.js, then to native HLS (Safari), then to nothing', () => {
    expect(choosePlayback('lowLatency', { ...ALL, mseLive: false })).toBe('hls.js');
    expect(choosePlayback('lowLatency', { mseLive: false, hlsJs: false, nativeHls: true })).toBe('native');
    expect(choosePlayback('lowLatency', { mseLive: false, hlsJs: false, nativeHls: false })).toBe('none');
  });

  it('plays HLS when it is chosen, even where low latency would work', () => {
    expect(choosePlayback('hls', ALL)).toBe('hls.js');
    expect(choosePlayback('hls', { mseLive: true, hlsJs: false, nativeHls: true })).toBe('native');
  });

  it('opens the WebSocket on this host, secure under https', () => {
    expect(wsUrl({ protocol: 'http:', host: '10.0.0.5:8080' }, '/xlive/ws/room?sig=1')).toBe('ws://10.0.0.5:8080/xlive/ws/room?sig=1');
    expect(wsUrl({ protocol: 'https:', host: 'room.example' }, '/xlive/ws/room')).toBe('wss://room.example/xlive/ws/room');
  });

  it('waits longer before each reconnect, up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('asks mpegts.js for sub-second live playback: no stash, catching up smoothly, skipping ahead when far behind', () => {
    expect(MPEGTS_CONFIG).toMatchObject({ enableStashBuffer: false, liveSync: true, liveBufferLatencyChasing: true });
    expect(MPEGTS_CONFIG.liveSyncTargetLatency).toBeLessThan(MPEGTS_CONFIG.liveSyncMaxLatency);
    expect(MPEGTS_CONFIG.liveSyncMaxLatency).toBeLessThan(MPEGTS_CONFIG.liveBufferLatencyMaxLatency);
    expect(MPEGTS_CONFIG.liveBufferLatencyMaxLatency).toBeLessThan(2);
  });

  it('asks hls.js to stay close to the live edge of 1 s segments, catching up by speed before jumping', () => {
    expect(HLS_CONFIG.liveSyncDuration).toBeLessThan(HLS_CONFIG.liveMaxLatencyDuration);
    expect(HLS_CONFIG.liveMaxLatencyDuration).toBeLessThanOrEqual(4);
    expect(HLS_CONFIG.maxLiveSyncPlaybackRate).toBeGreaterThan(1);
  });
});
