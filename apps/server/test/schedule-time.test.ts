import { describe, expect, it } from 'vitest';
import {
  current,
  formatInZone,
  parseLocal,
  recent,
  upcoming,
  windowMs,
  zoneOffsetMinutes,
  type Rule,
} from '../src/services/schedule/schedule-time.js';

const CN = zoneOffsetMinutes('UTC+08:00');
const rule = (r: Partial<Rule>): Rule => ({ start: '', stop: '', cycle: 'day', weekdays: 0, months: 0, monthdays: 0, ...r });
const utc = (s: string) => Date.parse(`${s.replace(' ', 'T')}Z`);
/** Occurrences as the device shows them: "start → end" in zone `off`. */
const shown = (occ: { start: number; end: number }[], off = CN) =>
  occ.map((o) => `${formatInZone(o.start, off)} → ${formatInZone(o.end, off)}`);
const starts = (occ: { start: number }[], off = CN) => occ.map((o) => formatInZone(o.start, off).slice(0, 10));

describe('zone and date parsing', () => {
  it('reads UTC±HH:MM offsets, UTC when damaged', () => {
    expect([
      zoneOffsetMinutes('UTC+08:00'),
      zoneOffsetMinutes('UTC-05:00'),
      zoneOffsetMinutes('UTC+05:45'),
      zoneOffsetMinutes('Asia/x'),
    ]).toEqual([480, -300, 345, 0]);
  });
  it('accepts real dates only (leap years, month lengths)', () => {
    expect(parseLocal('2028-02-29 08:00')).toBe(utc('2028-02-29 08:00:00'));
    expect(parseLocal('2026-02-29 08:00')).toBeUndefined();
    expect(parseLocal('2026-04-31 08:00:00')).toBeUndefined();
    expect(parseLocal('2026-13-01 08:00')).toBeUndefined();
    expect(parseLocal('2026-12-31 23:59:59')).toBe(utc('2026-12-31 23:59:59'));
  });
});

describe('occurrences', () => {
  it('once: one occurrence, at most 24 h', () => {
    const r = rule({ cycle: 'once', start: '2026-03-02 09:00', stop: '2026-03-04 12:00' });
    expect(windowMs(r)).toBe(24 * 3600_000);
    expect(shown(upcoming(r, CN, utc('2026-03-01 00:00:00'), 10))).toEqual(['2026-03-02 09:00:00 → 2026-03-03 09:00:00']);
  });

  it('day: every day of the range, in the device zone', () => {
    const r = rule({ start: '2026-01-30 08:00', stop: '2026-02-02 09:00' });
    const occ = upcoming(r, CN, utc('2026-01-01 00:00:00'), 10);
    expect(shown(occ)).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'].map((d) => `${d} 08:00:00 → ${d} 09:00:00`));
    expect(occ[0]).toEqual({ start: utc('2026-01-30 00:00:00'), end: utc('2026-01-30 01:00:00') });
  });

  it('the same local window is a different instant in UTC+08:00, UTC-05:00 and UTC+05:45', () => {
    const r = rule({ start: '2026-06-01 20:00', stop: '2026-06-03 21:00' });
    const first = (zone: string) => new Date(upcoming(r, zoneOffsetMinutes(zone), utc('2026-05-01 00:00:00'), 1)[0]!.start).toISOString();
    expect(first('UTC+08:00')).toBe('2026-06-01T12:00:00.000Z');
    expect(first('UTC-05:00')).toBe('2026-06-02T01:00:00.000Z');
    expect(first('UTC+05:45')).toBe('2026-06-01T14:15:00.000Z');
  });

  it('a window across midnight ends the next day and never runs past stop', () => {
    const r = rule({ start: '2026-12-30 22:00', stop: '2027-01-01 02:00' });
    expect(windowMs(r)).toBe(4 * 3600_000);
    expect(shown(upcoming(r, CN, utc('2026-12-01 00:00:00'), 10))).toEqual([
      '2026-12-30 22:00:00 → 2026-12-31 02:00:00',
      '2026-12-31 22:00:00 → 2027-01-01 02:00:00',
    ]);
    // 01:00 local on Jan 1 is inside the window that began on Dec 31.
    const inside = current(r, CN, utc('2026-12-31 17:00:00'));
    expect(inside && formatInZone(inside.start, CN)).toBe('2026-12-31 22:00:00');
  });

  it('week: weekday bit n-1, Monday..Sunday', () => {
    // 2026-03-02 is a Monday; bits Mon (0) and Sun (6).
    const r = rule({ cycle: 'week', weekdays: 0b1000001, start: '2026-03-02 08:00', stop: '2026-03-16 09:00' });
    expect(starts(upcoming(r, CN, utc('2026-03-01 00:00:00'), 10))).toEqual([
      '2026-03-02',
      '2026-03-08',
      '2026-03-09',
      '2026-03-15',
      '2026-03-16',
    ]);
  });

  it('month: a month day a month lacks is skipped (31st), not moved', () => {
    const r = rule({ cycle: 'month', months: 0xfff, monthdays: 1 << 30, start: '2026-01-01 08:00', stop: '2026-12-31 09:00' });
    expect(starts(upcoming(r, CN, utc('2025-12-01 00:00:00'), 20))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
      '2026-10-31',
      '2026-12-31',
    ]);
  });

  it('month: Feb 29 only in leap years, across year ends', () => {
    const r = rule({ cycle: 'month', months: 1 << 1, monthdays: 1 << 28, start: '2024-01-01 08:00', stop: '2033-01-01 09:00' });
    expect(starts(upcoming(r, CN, utc('2023-01-01 00:00:00'), 10))).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
    const yearEnd = rule({
      cycle: 'month',
      months: 1 | (1 << 11),
      monthdays: 1 | (1 << 30),
      start: '2026-12-01 23:00',
      stop: '2027-02-01 23:30',
    });
    expect(starts(upcoming(yearEnd, CN, utc('2026-11-01 00:00:00'), 10))).toEqual(['2026-12-01', '2026-12-31', '2027-01-01', '2027-01-31']);
  });

  it('recent and upcoming split at now; the running one is upcoming', () => {
    const r = rule({ start: '2026-03-01 08:00', stop: '2026-03-31 09:00' });
    const now = utc('2026-03-10 00:30:00'); // 08:30 in UTC+08:00
    expect(starts(recent(r, CN, now, 3))).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(starts(upcoming(r, CN, now, 2))).toEqual(['2026-03-10', '2026-03-11']);
    expect(current(r, CN, now)?.start).toBe(utc('2026-03-10 00:00:00'));
    expect(current(r, CN, utc('2026-03-10 01:00:00'))).toBeUndefined();
  });
});
