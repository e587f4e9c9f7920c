import { randomUUID } from 'node:crypto';
import { formatMessage, LIMITS, MESSAGES, type CallBody, type CallData, type MessageKey } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { ScheduleOrigin, ScheduleRow } from '../../db/repositories/schedules-repository.js';
import type { Clock } from '../core/index.js';
import { Fail } from '../core/index.js';
import { readCalendar, writeCalendar } from './ical-calendar.js';
import { scheduleSelfChecks } from './schedule-selfchecks.js';
import { isFinished } from './schedule-runner.js';
import { eventOfSchedule, scheduleOfEvent } from './schedule-ical.js';
import { formatInZone, formatLocal, parseLocal, recent, upcoming, windowMs } from './schedule-time.js';

export type ScheduleInput = Extract<CallBody<'schedule'>, { operation: 'add' }>['data'];
export type ScheduleView = NonNullable<CallData<'schedule'>>[number];

/** A schedule another system owns (an Opencast event): its UID, name and times (epoch ms). */
export interface ExternalSchedule {
  uid: string;
  name: string;
  start: number;
  stop: number;
}

/** Occurrences `list` shows around now: the last few for what happened, the next ones for what will. */
const RECENT = 3;
const NEXT = 10;
const WEEKDAY_BITS = 0x7f;
const MONTH_BITS = 0xfff;
const MONTHDAY_BITS = 0x7fffffff;

/** A refusal reason: a contract message, so the console shows it in the reader's language. */
const msg = (key: MessageKey, ...args: (string | number)[]): string => formatMessage(MESSAGES[key], ...args);

/**
 * Spec §5 rules for a recording schedule, checked by the service whatever the console did. Returns the row
 * to store (name trimmed, times as `YYYY-MM-DD HH:mm:ss`, a once schedule cut to 24 h) or the reason it is
 * refused. Times are device-local: `now` is compared in the device's zone (`offsetMin`).
 */
export function validateSchedule(input: ScheduleInput, now: number, offsetMin: number): Omit<ScheduleRow, 'id'> | string {
  const name = input.name.trim();
  if (!name) return msg('scheduleNameRequired');
  if (!input.start?.trim() || !input.stop?.trim()) return msg('scheduleRangeRequired');
  const start = parseLocal(input.start);
  if (start === undefined) return msg('scheduleBadStart', input.start);
  let stop = parseLocal(input.stop);
  if (stop === undefined) return msg('scheduleBadStop', input.stop);
  if (stop <= start) return msg('scheduleStopBeforeStart');
  if (input.cycle === 'week' && !(input.weekdays & WEEKDAY_BITS)) return msg('scheduleWeekdayRequired');
  if (input.cycle === 'month' && !(input.months & MONTH_BITS)) return msg('scheduleMonthRequired');
  if (input.cycle === 'month' && !(input.monthdays & MONTHDAY_BITS)) return msg('scheduleMonthDayRequired');
  if (input.cycle === 'once') stop = Math.min(stop, start + LIMITS.onceScheduleMaxMs);
  const row = {
    name,
    start: formatLocal(start),
    stop: formatLocal(stop),
    cycle: input.cycle,
    weekdays: input.weekdays,
    months: input.months,
    monthdays: input.monthdays,
    enable: input.enable,
    origin: 'console' as const,
    uid: '',
  };
  // A repeating window runs from start's time of day to stop's; equal times would give an empty window.
  if (windowMs(row) === 0) return msg('scheduleEmptyWindow');
  if (stop - offsetMin * 60_000 <= now) return msg('scheduleStopInPast');
  if (upcoming(row, offsetMin, now, 1).length === 0) return msg('scheduleNoOccurrence');
  return row;
}

export interface ScheduleServiceDeps {
  repos: Pick<Repositories, 'schedules'>;
  clock: Clock;
  /** The device's zone offset in minutes (setting_datetime zone). */
  zoneOffset: () => number;
  /** Schedules changed: the scheduler re-plans (a window open now starts, a disabled one stops). */
  changed: () => void;
}

/** The `schedule` call: list with occurrences, add, update, delete. */
export function scheduleService(d: ScheduleServiceDeps) {
  const repo = d.repos.schedules;
  const selfChecks = scheduleSelfChecks(repo, d.zoneOffset);
  const fail = (reason: string) => new Fail(`${MESSAGES.messageSubmitScheduleFail}: ${reason}`);

  function view(row: ScheduleRow, now: number, off: number): ScheduleView {
    const runs = new Map(repo.runs(row.id).map((r) => [r.occurrence, r.state]));
    const occurrences = [...recent(row, off, now, RECENT), ...upcoming(row, off, now, NEXT)].map((o) => {
      const start = formatInZone(o.start, off);
      // done: nothing more will be recorded for it (over, or ended, skipped or failed by the scheduler).
      return { start, end: formatInZone(o.end, off), done: o.end <= now || isFinished(runs.get(start)) };
    });
    const { uid: _uid, ...shown } = row;
    return { ...shown, duration: Math.round(windowMs(row) / 1000), schedules: occurrences, selfcheck: selfChecks.selfCheckOf(row.id) };
  }

  /** A schedule the console may change: it exists and was not made by Opencast's calendar. */
  function writable(id: number): ScheduleRow {
    const row = repo.find(id);
    if (!row) throw fail(msg('scheduleNotFound', id));
    if (row.origin !== 'console') throw fail(msg('scheduleReadOnly', row.name));
    return row;
  }

  function checked(input: ScheduleInput): Omit<ScheduleRow, 'id'> {
    const row = validateSchedule(input, d.clock.now(), d.zoneOffset());
    if (typeof row === 'string') throw fail(row);
    return row;
  }

  return {
    /** The next scheduled recording that has not started yet (any origin): its schedule and start, or undefined. */
    next(): { id: number; name: string; start: number } | undefined {
      const now = d.clock.now();
      const off = d.zoneOffset();
      let best: { id: number; name: string; start: number } | undefined;
      for (const row of repo.list()) {
        // The running occurrence comes first: the one after it is the next start.
        const start = upcoming(row, off, now, 2).find((o) => o.start > now)?.start;
        if (start !== undefined && (!best || start < best.start)) best = { id: row.id, name: row.name, start };
      }
      return best;
    },

    /** The occurrences (any schedule, any origin) that start after now and within `withinMs`, soonest first. */
    startingWithin(withinMs: number): { id: number; name: string; start: number; startText: string }[] {
      const now = d.clock.now();
      const off = d.zoneOffset();
      const found: { id: number; name: string; start: number; startText: string }[] = [];
      for (const row of repo.list())
        for (const o of upcoming(row, off, now, 2))
          if (o.start > now && o.start <= now + withinMs)
            found.push({ id: row.id, name: row.name, start: o.start, startText: formatInZone(o.start, off) });
      return found.sort((a, b) => a.start - b.start);
    },

    // The self-checks kept on the schedules (schedule-selfchecks.ts).
    ...selfChecks,

    /** Milliseconds of scheduled recording between now and `horizonMs` from now (running occurrences count what is left). */
    plannedMs(horizonMs: number): number {
      const now = d.clock.now();
      const off = d.zoneOffset();
      const until = now + horizonMs;
      let ms = 0;
      for (const row of repo.list())
        for (const o of upcoming(row, off, now, 64)) {
          if (o.start >= until) break;
          ms += Math.min(o.end, until) - Math.max(o.start, now);
        }
      return ms;
    },

    list(): ScheduleView[] {
      const now = d.clock.now();
      const off = d.zoneOffset();
      return repo.list().map((row) => view(row, now, off));
    },

    add(input: ScheduleInput): ScheduleView {
      // Every schedule has a UID from the start: an export and its re-import name the same schedule.
      const row = { ...checked(input), uid: randomUUID() };
      const id = repo.insert(row, formatInZone(d.clock.now(), d.zoneOffset()));
      d.changed();
      return view({ ...row, id }, d.clock.now(), d.zoneOffset());
    },

    update(input: ScheduleInput): ScheduleView {
      if (input.id === undefined) throw fail(msg('scheduleIdRequired'));
      const old = writable(input.id);
      const row = { ...checked(input), id: input.id, uid: old.uid };
      repo.update(row, formatInZone(d.clock.now(), d.zoneOffset()));
      d.changed();
      return view(row, d.clock.now(), d.zoneOffset());
    },

    remove(id: number): void {
      writable(id);
      if (!repo.remove(id)) throw fail(msg('scheduleNotFound', id));
      d.changed();
    },

    /**
     * Makes the schedules of `origin` exactly `items` (by UID: added, changed, removed), in one transaction; for
     * Opencast's calendar. An item that ended is left out; a once item is cut to 24 h like any once schedule.
     */
    replaceOrigin(
      origin: Exclude<ScheduleOrigin, 'console'>,
      items: ExternalSchedule[],
    ): { added: number; changed: number; removed: number } {
      const now = d.clock.now();
      const off = d.zoneOffset();
      const stamp = formatInZone(now, off);
      const counts = { added: 0, changed: 0, removed: 0 };
      repo.transaction(() => {
        const keep = new Set<string>();
        for (const item of items) {
          if (item.stop <= now || item.stop <= item.start) continue;
          keep.add(item.uid);
          const row = {
            name: item.name.trim().slice(0, 100) || item.uid,
            start: formatInZone(item.start, off),
            stop: formatInZone(Math.min(item.stop, item.start + LIMITS.onceScheduleMaxMs), off),
            cycle: 'once' as const,
            weekdays: 0,
            months: 0,
            monthdays: 0,
            enable: true,
            origin,
            uid: item.uid,
          };
          const old = repo.byUid(origin, item.uid);
          if (!old) {
            repo.insert(row, stamp);
            counts.added++;
          } else if (old.name !== row.name || old.start !== row.start || old.stop !== row.stop || !old.enable) {
            repo.update({ ...row, id: old.id }, stamp);
            counts.changed++;
          }
        }
        for (const old of repo.ofOrigin(origin)) {
          if (keep.has(old.uid)) continue;
          repo.remove(old.id);
          counts.removed++;
        }
      });
      if (counts.added + counts.changed + counts.removed > 0) d.changed();
      return counts;
    },

    /** Every schedule as one iCalendar text (times in UTC). */
    exportIcal(): { filename: string; ics: string } {
      const now = d.clock.now();
      const off = d.zoneOffset();
      const events = repo.list().map((row) => eventOfSchedule(row, row.uid || `roomcast-schedule-${row.id}`, off));
      return { filename: `roomcast-schedules-${formatInZone(now, off).slice(0, 10)}.ics`, ics: writeCalendar(events, now) };
    },

    /**
     * Adds (or, by UID, updates) the console schedules an iCalendar text describes, in one transaction; when any
     * event cannot be a schedule (a rule the cycles cannot say, spec §5's rules), nothing changes and each such
     * event is named with the reason.
     */
    importIcal(text: string): { added: number; updated: number; problems: { uid: string; name: string; message: string }[] } {
      const now = d.clock.now();
      const off = d.zoneOffset();
      const events = readCalendar(text, off);
      if (events.length === 0) throw Fail.of('icalNoEvents');
      const rows: Omit<ScheduleRow, 'id'>[] = [];
      const problems: { uid: string; name: string; message: string }[] = [];
      for (const e of events) {
        const mapped = scheduleOfEvent(e, off);
        const row = typeof mapped === 'string' ? mapped : validateSchedule(mapped, now, off);
        if (typeof row === 'string') problems.push({ uid: e.uid, name: e.summary, message: row });
        else rows.push({ ...row, uid: typeof mapped === 'string' ? '' : mapped.uid });
      }
      if (problems.length) return { added: 0, updated: 0, problems };
      const stamp = formatInZone(now, off);
      let added = 0;
      let updated = 0;
      repo.transaction(() => {
        for (const row of rows) {
          const old = repo.byUid('console', row.uid);
          if (old) {
            repo.update({ ...row, id: old.id }, stamp);
            updated++;
          } else {
            repo.insert(row, stamp);
            added++;
          }
        }
      });
      d.changed();
      return { added, updated, problems };
    },

    /** The schedule's origin and UID (the Opencast agent finds its event by a run's schedule). */
    originOf(id: number): { origin: ScheduleOrigin; uid: string } | undefined {
      const row = repo.find(id);
      return row && { origin: row.origin, uid: row.uid };
    },
  };
}
export type ScheduleService = ReturnType<typeof scheduleService>;
