import { LIMITS } from '@roomcast/contract';
import { zoneOffsetMinutes } from '../core/index.js';

export { zoneOffsetMinutes };
import type { ScheduleRow } from '../../db/repositories/schedules-repository.js';

/**
 * Calendar math of recording schedules, pure. The device's zone is a fixed offset (`UTC±HH:MM`, no DST),
 * so a device-local wall-clock time is "local ms": milliseconds since 1970-01-01 00:00 as if it were UTC,
 * and the instant is local ms minus the offset. Dates are iterated as whole local days, which makes month
 * ends, leap days and year ends plain calendar facts of `Date.UTC`.
 */
export type Rule = Pick<ScheduleRow, 'start' | 'stop' | 'cycle' | 'weekdays' | 'months' | 'monthdays'>;
/** One occurrence: epoch ms. */
export interface Occurrence {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;
const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** `YYYY-MM-DD HH:mm[:ss]` as local ms; undefined when it is not a real calendar date and time. */
export function parseLocal(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 02-30 over into March; a real date comes back with the same day of the month.
  return new Date(ms).getUTCDate() === d ? ms : undefined;
}

/** Local ms as `YYYY-MM-DD HH:mm:ss`. */
export const formatLocal = (localMs: number) => new Date(localMs).toISOString().slice(0, 19).replace('T', ' ');
/** An instant as the device shows it. */
export const formatInZone = (epochMs: number, offsetMin: number) => formatLocal(epochMs + offsetMin * 60_000);
/** A device-local text as an instant. */
export const instantOf = (text: string, offsetMin: number) => {
  const local = parseLocal(text);
  return local === undefined ? undefined : local - offsetMin * 60_000;
};

/**
 * Milliseconds of one occurrence. once: start → stop, at most 24 h. day/week/month: the daily window from
 * start's time of day to stop's; a stop time at or before the start time ends the next day (0 when equal).
 */
export function windowMs(rule: Rule): number {
  const s = parseLocal(rule.start);
  const e = parseLocal(rule.stop);
  if (s === undefined || e === undefined || e <= s) return 0;
  if (rule.cycle === 'once') return Math.min(e - s, LIMITS.onceScheduleMaxMs);
  return (((e - floorDay(e) - (s - floorDay(s))) % DAY_MS) + DAY_MS) % DAY_MS;
}

/** Weekday bit n-1 for Mon..Sun; month bit m-1; month-day bit d-1 (a day the month lacks never matches). */
function matchesDay(rule: Rule, day: number): boolean {
  const d = new Date(day);
  if (rule.cycle === 'week') return ((rule.weekdays >>> ((d.getUTCDay() + 6) % 7)) & 1) === 1;
  if (rule.cycle === 'month') return ((rule.months >>> d.getUTCMonth()) & 1) === 1 && ((rule.monthdays >>> (d.getUTCDate() - 1)) & 1) === 1;
  return true;
}

/**
 * Occurrences in local ms, walking whole days from `fromDay` forwards (+1) or backwards (-1). A repeating
 * rule occurs on each matching day from start's date, and only where the whole window lies inside
 * [start, stop]: the schedule never records outside the range the user gave.
 */
function* localSpans(rule: Rule, fromDay: number, step: 1 | -1): Generator<{ start: number; end: number }> {
  const s = parseLocal(rule.start);
  const e = parseLocal(rule.stop);
  const win = windowMs(rule);
  if (s === undefined || e === undefined || win === 0) return;
  if (rule.cycle === 'once') {
    yield { start: s, end: s + win };
    return;
  }
  const tod = s - floorDay(s);
  const first = floorDay(s);
  const last = floorDay(e);
  let day = Math.min(Math.max(fromDay, first), last);
  while (day >= first && day <= last) {
    const skipTo = rule.cycle === 'month' ? monthSkip(rule, day, step) : undefined;
    if (skipTo !== undefined) {
      day = skipTo;
      continue;
    }
    const start = day + tod;
    if (start + win <= e && matchesDay(rule, day)) yield { start, end: start + win };
    day += step * DAY_MS;
  }
}

/**
 * For a month with none of the rule's days (not ticked, or Feb with only 30/31), the day to continue from:
 * the next month's first day or the previous month's last. Without it a rare rule over a range of
 * centuries would walk millions of days on the event loop.
 */
function monthSkip(rule: Rule, day: number, step: 1 | -1): number | undefined {
  const d = new Date(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const length = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const daysOfMonth = length === 31 ? 0x7fffffff : (1 << length) - 1;
  if (((rule.months >>> m) & 1) === 1 && (rule.monthdays & daysOfMonth) !== 0) return undefined;
  return step === 1 ? Date.UTC(y, m + 1, 1) : Date.UTC(y, m, 0);
}

const toEpoch = (span: { start: number; end: number }, off: number): Occurrence => ({ start: span.start - off, end: span.end - off });

/** The next `count` occurrences that have not ended at `now` (the running one first), ascending. */
export function upcoming(rule: Rule, offsetMin: number, now: number, count: number): Occurrence[] {
  const off = offsetMin * 60_000;
  const t = now + off;
  const out: Occurrence[] = [];
  if (count <= 0) return out;
  // From the day before: yesterday's window may cross midnight into today.
  for (const span of localSpans(rule, floorDay(t) - DAY_MS, 1)) {
    if (span.end <= t) continue;
    out.push(toEpoch(span, off));
    if (out.length >= count) break;
  }
  return out;
}

/** The last `count` occurrences that ended at or before `now`, ascending. */
export function recent(rule: Rule, offsetMin: number, now: number, count: number): Occurrence[] {
  const off = offsetMin * 60_000;
  const t = now + off;
  const out: Occurrence[] = [];
  if (count <= 0) return out;
  for (const span of localSpans(rule, floorDay(t), -1)) {
    if (span.end > t) continue;
    out.unshift(toEpoch(span, off));
    if (out.length >= count) break;
  }
  return out;
}

/** The occurrence running at `now` (start ≤ now < end), if any. */
export function current(rule: Rule, offsetMin: number, now: number): Occurrence | undefined {
  const [next] = upcoming(rule, offsetMin, now, 1);
  return next && next.start <= now ? next : undefined;
}
