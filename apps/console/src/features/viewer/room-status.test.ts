import { describe, expect, it } from 'vitest';
import { liveUrl, parseRoomStatus, showLive } from './room-status';

describe('room status of the viewer home', () => {
  const rows = (living: string, publish: string) => [
    { key: 'living', value: living },
    { key: 'publish', value: publish },
    { key: 'urlsession', value: 'room1' },
  ];

  it('shows the live card only while living, and when published or the user has live', () => {
    expect(showLive(parseRoomStatus(rows('true', 'true')), false)).toBe(true);
    expect(showLive(parseRoomStatus(rows('true', 'false')), false)).toBe(false);
    expect(showLive(parseRoomStatus(rows('true', 'false')), true)).toBe(true);
    expect(showLive(parseRoomStatus(rows('false', 'true')), true)).toBe(false);
    expect(showLive(parseRoomStatus(undefined), true)).toBe(false);
  });

  it('builds the HLS address from the url session', () => {
    expect(liveUrl('room1')).toBe('/xlive/room1.m3u8');
  });
});
