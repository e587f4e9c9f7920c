import ICAL from 'ical.js';
import { Fail } from '../core/index.js';
import { eventLines, firstBadLine, lineOf, reasonOf, unreadableProperty } from './ical-checks.js';

/**
 * iCalendar (RFC 5545) read through ical.js, for the schedule import and for Opencast's calendar (one parser
 * for both). Times become epoch ms: UTC and zoned times (with their VTIMEZONE) as instants; floating times
 * (no zone) as device-local wall-clock times, converted with the device's offset.
 */
export interface CalendarEvent {
  uid: string;
  summary: string;
  /** Epoch ms; undefined when the event has none. */
  start?: number;
  end?: number;
  /** DTSTART is a date without a time (an all-day event). */
  allDay: boolean;
  /** A TZID that the file does not describe (its times cannot be placed). */
  unknownZone?: string;
  status: string;
  /** The repeat rule, if any. */
  rule?: CalendarRule;
  /** EXDATE or RDATE present. */
  extraDates: boolean;
  /** RECURRENCE-ID present: this VEVENT changes one occurrence of another. */
  overridesOccurrence: boolean;
  /** ATTACH values with their file name (X-APPLE-FILENAME) and type, decoded as UTF-8 text. */
  attachments: { filename: string; type: string; text: string }[];
  /** A property whose value cannot be read (as the file writes it) and why: the event has no times then. */
  unreadable?: { line: string; reason: string };
}

export interface CalendarRule {
  freq: string;
  interval: number;
  /** Epoch ms of UNTIL (a date-only UNTIL: the end of that day, device-local). */
  until?: number;
  count?: number;
  /** BYxxx parts as given, e.g. { BYDAY: ['MO', 'WE'] }. */
  parts: Record<string, (string | number)[]>;
  /** Occurrence starts (epoch ms) as ical.js expands the rule, at most `limit` (for COUNT). */
  expand(limit: number): number[];
}

type IcalTime = InstanceType<typeof ICAL.Time>;

/**
 * Reads a calendar. A calendar ical.js cannot parse is refused with the line it stops at (`icalBadLine`), a text
 * that is no calendar with `icalInvalid`; an event with a value that cannot be read comes back with `unreadable` (and no times), so an
 * import names it among the others and a calendar poll skips it.
 */
export function readCalendar(text: string, offsetMin: number): CalendarEvent[] {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (err) {
    // A calendar with a line ical.js cannot take is named by that line; anything else is not a calendar at all.
    const bad = /^\s*BEGIN:VCALENDAR/i.test(text) ? firstBadLine(text) : undefined;
    throw bad ? Fail.of('icalBadLine', bad.line, bad.reason) : Fail.of('icalInvalid', reasonOf(err));
  }
  if (root.name !== 'vcalendar') throw Fail.of('icalInvalid', root.name);
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtz);
    zones.set(zone.tzid, zone);
  }
  /** A time as an instant: UTC as it is; a zoned one (TZID) with its zone's offset then; a floating one with the device's. */
  const epoch = (t: IcalTime, tzid?: string): number => {
    if (t.zone === ICAL.Timezone.utcTimezone || tzid === 'UTC') return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
    const local = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
    const zone = tzid ? zones.get(tzid) : undefined;
    return zone ? local - zone.utcOffset(t) * 1000 : local - offsetMin * 60_000;
  };
  const lines = eventLines(text);
  return root.getAllSubcomponents('vevent').map((v, i) => {
    const bad = unreadableProperty(v);
    if (bad) return unreadableEvent(v, { line: lineOf(lines[i], bad.name), reason: bad.reason });
    try {
      return readEvent(v, epoch, zones);
    } catch (err) {
      // Values all read, yet ical.js failed on the event as a whole (e.g. a rule it cannot expand).
      return unreadableEvent(v, { line: 'VEVENT', reason: reasonOf(err) });
    }
  });
}

/** An event whose values cannot all be read: its UID and summary (plain text, always readable) and why. */
function unreadableEvent(v: InstanceType<typeof ICAL.Component>, unreadable: { line: string; reason: string }): CalendarEvent {
  const text = (name: string) => {
    try {
      return String(v.getFirstPropertyValue(name) ?? '');
    } catch {
      return '';
    }
  };
  return {
    uid: text('uid'),
    summary: text('summary'),
    allDay: false,
    status: text('status').toUpperCase(),
    extraDates: false,
    overridesOccurrence: false,
    attachments: [],
    unreadable,
  };
}

const tzidOf = (p: InstanceType<typeof ICAL.Property> | null): string | undefined => {
  const tzid = p?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
};

function readEvent(
  v: InstanceType<typeof ICAL.Component>,
  epoch: (t: IcalTime, tzid?: string) => number,
  zones: Map<string, unknown>,
): CalendarEvent {
  const event = new ICAL.Event(v);
  const dtstart = v.getFirstProperty('dtstart');
  const tz = tzidOf(dtstart);
  const endTz = tzidOf(v.getFirstProperty('dtend')) ?? tz;
  const unknownZone = [tz, endTz].find((z) => z !== undefined && z !== 'UTC' && !zones.has(z));
  const startTime = dtstart ? event.startDate : undefined;
  const allDay = startTime?.isDate ?? false;
  const start = startTime && !unknownZone ? epoch(startTime, tz) : undefined;
  const end = startTime && !unknownZone && (v.hasProperty('dtend') || v.hasProperty('duration')) ? epoch(event.endDate, endTz) : undefined;
  const recur = v.getFirstPropertyValue('rrule') as InstanceType<typeof ICAL.Recur> | null;
  const rule: CalendarRule | undefined =
    recur && startTime
      ? {
          freq: String(recur.freq ?? ''),
          interval: recur.interval ?? 1,
          until: recur.until ? (recur.until.isDate ? epoch(recur.until, tz) + 86_400_000 - 1000 : epoch(recur.until, tz)) : undefined,
          count: recur.count ?? undefined,
          parts: (recur.parts ?? {}) as Record<string, (string | number)[]>,
          expand(limit) {
            const out: number[] = [];
            try {
              const it = recur.iterator(startTime);
              for (let t = it.next(); t && out.length < limit; t = it.next()) out.push(epoch(t, tz));
            } catch (err) {
              throw Fail.of('icalBadValue', 'RRULE', reasonOf(err));
            }
            return out;
          },
        }
      : undefined;
  const attachments = v.getAllProperties('attach').map((p) => {
    const value = p.getFirstValue() as { value?: string } | string | null;
    const b64 = typeof value === 'string' ? value : (value?.value ?? '');
    const filename = p.getParameter('x-apple-filename');
    const type = p.getParameter('fmttype');
    return {
      filename: typeof filename === 'string' ? filename : '',
      type: typeof type === 'string' ? type : '',
      text: Buffer.from(b64, 'base64').toString('utf8'),
    };
  });
  return {
    uid: String(event.uid ?? ''),
    summary: String(event.summary ?? ''),
    start,
    end,
    allDay,
    unknownZone,
    status: String(v.getFirstPropertyValue('status') ?? '').toUpperCase(),
    rule,
    extraDates: v.hasProperty('exdate') || v.hasProperty('rdate'),
    overridesOccurrence: v.hasProperty('recurrence-id'),
    attachments,
  };
}

/** One VEVENT to write. Times are epoch ms (written in UTC). */
export interface EventToWrite {
  uid: string;
  summary: string;
  start: number;
  end: number;
  status: 'CONFIRMED' | 'CANCELLED';
  rule?: { freq: 'DAILY' | 'WEEKLY' | 'MONTHLY'; until: number; byday?: string[]; bymonth?: number[]; bymonthday?: number[] };
}

const utcTime = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

/** A VCALENDAR of the events, as ical.js writes it (CRLF, folded lines). */
export function writeCalendar(events: EventToWrite[], now: number): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Roomcast//Recording schedules//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  for (const e of events) {
    const v = new ICAL.Component('vevent');
    v.addPropertyWithValue('uid', e.uid);
    v.addPropertyWithValue('dtstamp', utcTime(now));
    v.addPropertyWithValue('dtstart', utcTime(e.start));
    v.addPropertyWithValue('dtend', utcTime(e.end));
    v.addPropertyWithValue('summary', e.summary);
    v.addPropertyWithValue('status', e.status);
    if (e.rule) {
      const parts: Record<string, unknown> = {};
      if (e.rule.byday?.length) parts.BYDAY = e.rule.byday;
      if (e.rule.bymonth?.length) parts.BYMONTH = e.rule.bymonth;
      if (e.rule.bymonthday?.length) parts.BYMONTHDAY = e.rule.bymonthday;
      v.addPropertyWithValue('rrule', ICAL.Recur.fromData({ freq: e.rule.freq, until: utcTime(e.rule.until), ...parts } as never));
    }
    cal.addSubcomponent(v);
  }
  return cal.toString().replace(/\r?\n/g, '\r\n').concat('\r\n');
}
