import { formatMessage, maskOf, MESSAGES, numbersOf, type MessageKey } from '@roomcast/contract';
import type { ScheduleRow } from '../../db/repositories/schedules-repository.js';
import type { CalendarEvent, EventToWrite } from './ical-calendar.js';
import { formatInZone, parseLocal, upcoming, windowMs } from './schedule-time.js';

/**
 * Recording schedules ⇄ iCalendar events, pure. A schedule is one VEVENT: once as DTSTART/DTEND; day, week and
 * month as the first occurrence with RRULE FREQ=DAILY, WEEKLY;BYDAY=… or MONTHLY;BYMONTH=…;BYMONTHDAY=…, UNTIL the
 * last possible start (stop minus the window), so that importing the export gives the same schedule. Importing
 * maps what the cycles can say (also DAILY with BYDAY as a week, DAILY with BYMONTH/BYMONTHDAY and YEARLY as a
 * month) and names what they cannot, per event.
 */

const DAY_MS = 86_400_000;
/** iCalendar's day n (1 = Monday .. 7 = Sunday) at index n-1. */
const ICAL_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** A rule without UNTIL or COUNT repeats until the last day a schedule can have. */
const OPEN_END_DAY = '2099-12-30';

const msg = (key: MessageKey, ...args: (string | number)[]) => formatMessage(MESSAGES[key], ...args);

/** A schedule as the VEVENT to write; `uid` is the schedule's own. */
export function eventOfSchedule(row: ScheduleRow, uid: string, offsetMin: number): EventToWrite {
  const off = offsetMin * 60_000;
  const start = (parseLocal(row.start) ?? 0) - off;
  const stop = (parseLocal(row.stop) ?? 0) - off;
  const window = windowMs(row);
  const status = row.enable ? 'CONFIRMED' : 'CANCELLED';
  if (row.cycle === 'once') return { uid, summary: row.name, start, end: start + window, status };
  // DTSTART is the first occurrence (RFC 5545 wants it to be one), UNTIL the last start that still fits.
  const first = upcoming(row, offsetMin, start - 1, 1)[0]?.start ?? start;
  const until = stop - window;
  const rule: EventToWrite['rule'] =
    row.cycle === 'day'
      ? { freq: 'DAILY', until }
      : row.cycle === 'week'
        ? { freq: 'WEEKLY', until, byday: numbersOf(row.weekdays, 7).map((n) => ICAL_DAYS[n - 1]) }
        : {
            freq: 'MONTHLY',
            until,
            bymonth: numbersOf(row.months, 12),
            bymonthday: numbersOf(row.monthdays, 31),
          };
  return { uid, summary: row.name, start: first, end: first + window, status, rule };
}

/** A schedule read from an event: a row's fields but its id and origin, which the importer gives it. */
export type ImportedSchedule = Omit<ScheduleRow, 'id' | 'origin'>;

/** An event as a schedule's fields (device-local times), or the reason it cannot be one (a contract message). */
export function scheduleOfEvent(e: CalendarEvent, offsetMin: number): ImportedSchedule | string {
  if (e.unreadable) return msg('icalBadValue', e.unreadable.line, e.unreadable.reason);
  if (!e.uid) return msg('icalNoUid');
  if (e.overridesOccurrence) return msg('icalOverride');
  if (e.allDay) return msg('icalAllDay');
  if (e.unknownZone) return msg('icalUnknownZone', e.unknownZone);
  if (e.start === undefined || e.end === undefined || e.end <= e.start) return msg('icalNoTimes');
  const local = (ms: number) => formatInZone(ms, offsetMin);
  const base = { uid: e.uid, name: e.summary.trim().slice(0, 100) || e.uid.slice(0, 100), enable: e.status !== 'CANCELLED' };
  const once = { cycle: 'once' as const, weekdays: 0, months: 0, monthdays: 0 };
  if (!e.rule) return { ...base, ...once, start: local(e.start), stop: local(e.end) };
  const r = e.rule;
  if (e.extraDates) return msg('icalExtraDates');
  const duration = e.end - e.start;
  if (duration >= DAY_MS) return msg('icalTooLong');
  if (r.interval !== 1) return msg('icalInterval', r.interval);
  const cycle = cycleOf(r.freq, r.parts, new Date(e.start + offsetMin * 60_000));
  if (typeof cycle === 'string') return cycle;
  const lastStart =
    r.until !== undefined
      ? r.until
      : r.count !== undefined
        ? (r.expand(Math.min(r.count, 5000)).at(-1) ?? e.start)
        : (parseLocal(`${OPEN_END_DAY} ${local(e.start).slice(11)}`) ?? 0) - offsetMin * 60_000;
  return { ...base, ...cycle, start: local(e.start), stop: local(lastStart + duration) };
}

type CycleFields = Pick<ScheduleRow, 'cycle' | 'weekdays' | 'months' | 'monthdays'>;

/** The cycle and masks of a rule; `first` is DTSTART as device-local fields (UTC getters). */
function cycleOf(freq: string, parts: Record<string, (string | number)[]>, first: Date): CycleFields | string {
  const known = new Set(['BYDAY', 'BYMONTH', 'BYMONTHDAY', 'WKST']);
  const unknown = Object.keys(parts).find((p) => !known.has(p));
  if (unknown) return msg('icalRulePart', unknown);
  const days = (parts.BYDAY ?? []).map(String);
  if (days.some((d) => !ICAL_DAYS.includes(d))) return msg('icalRulePart', `BYDAY=${days.join(',')}`);
  const months = (parts.BYMONTH ?? []).map(Number);
  const monthdays = (parts.BYMONTHDAY ?? []).map(Number);
  if (months.some((m) => !(m >= 1 && m <= 12))) return msg('icalRulePart', `BYMONTH=${months.join(',')}`);
  if (monthdays.some((d) => !(d >= 1 && d <= 31))) return msg('icalRulePart', `BYMONTHDAY=${monthdays.join(',')}`);
  const weekMask = (list: string[]) =>
    maskOf(
      list.map((d) => ICAL_DAYS.indexOf(d) + 1),
      7,
    );
  const monthMask = (list: number[]) => maskOf(list, 12);
  const ALL_MONTHS = 0xfff;
  const ALL_DAYS = 0x7fffffff;
  const dtstartWeekday = ICAL_DAYS[(first.getUTCDay() + 6) % 7];
  const month = (m: number[], d: number[]): CycleFields => ({
    cycle: 'month',
    weekdays: 0,
    months: m.length ? monthMask(m) : ALL_MONTHS,
    monthdays: d.length ? maskOf(d, 31) : ALL_DAYS,
  });
  switch (freq) {
    case 'DAILY':
      if (days.length && (months.length || monthdays.length)) return msg('icalRulePart', months.length ? 'BYMONTH' : 'BYMONTHDAY');
      if (days.length) return { cycle: 'week', weekdays: weekMask(days), months: 0, monthdays: 0 };
      if (months.length || monthdays.length) return month(months, monthdays);
      return { cycle: 'day', weekdays: 0, months: 0, monthdays: 0 };
    case 'WEEKLY':
      if (months.length || monthdays.length) return msg('icalRulePart', months.length ? 'BYMONTH' : 'BYMONTHDAY');
      return { cycle: 'week', weekdays: weekMask(days.length ? days : [dtstartWeekday]), months: 0, monthdays: 0 };
    case 'MONTHLY':
      if (days.length) return msg('icalRulePart', 'BYDAY');
      return month(months, monthdays.length ? monthdays : [first.getUTCDate()]);
    case 'YEARLY':
      if (days.length) return msg('icalRulePart', 'BYDAY');
      return month(months.length ? months : [first.getUTCMonth() + 1], monthdays.length ? monthdays : [first.getUTCDate()]);
    default:
      return msg('icalFrequency', freq || '?');
  }
}
