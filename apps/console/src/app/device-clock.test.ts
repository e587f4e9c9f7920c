import { describe, expect, it } from 'vitest';
import { deviceInstant, offsetOfReading, zoneOffsetMinutes } from './device-clock';

describe('device clock', () => {
  it('reads the device zone', () => {
    expect(zoneOffsetMinutes('UTC+08:00')).toBe(480);
    expect(zoneOffsetMinutes('UTC-05:30')).toBe(-330);
    expect(zoneOffsetMinutes('UTC+00:00')).toBe(0);
    expect(zoneOffsetMinutes('')).toBeUndefined();
    expect(zoneOffsetMinutes(undefined)).toBeUndefined();
  });

  it('turns a device time into an instant in the device zone', () => {
    expect(deviceInstant('2030-01-02 08:00:05', 480)).toBe(Date.UTC(2030, 0, 2, 0, 0, 5));
    expect(deviceInstant('2030-01-02 08:00:05', -60)).toBe(Date.UTC(2030, 0, 2, 9, 0, 5));
  });

  it('uses the browser zone without one, and nothing for no time', () => {
    expect(deviceInstant('2030-01-02 08:00:05', undefined)).toBe(new Date(2030, 0, 2, 8, 0, 5).getTime());
    expect(deviceInstant('', 0)).toBeUndefined();
    expect(deviceInstant('soon', 0)).toBeUndefined();
  });
});

describe('offsetOfReading: the device zone from a reading of its clock', () => {
  const at = Date.UTC(2026, 10, 23, 8, 0, 0);
  it('rounds the distance from UTC to a quarter hour, whichever zone the browser is in', () => {
    expect(offsetOfReading('2026-11-23 16:00:01', at)).toBe(480);
    expect(offsetOfReading('2026-11-23 02:29:58', at)).toBe(-330);
    expect(offsetOfReading('2026-11-23 13:45:00', at + 400)).toBe(345);
    expect(offsetOfReading('2026-11-23 08:00:00', at)).toBe(0);
    expect(offsetOfReading('bad', at)).toBeUndefined();
  });
});
