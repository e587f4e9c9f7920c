import { formatMessage, LIMITS, MESSAGES, type CallBody, type CallData, type MessageKey } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { ScheduleRow } from '../../db/repositories/schedules-repository.js';
import type { Clock } from '../core/index.js';
import { Fail } from '../core/index.js';
import { isFinished } from './schedule-runner.js';
import { formatInZone, formatLocal, parseLocal, recent, upcoming, windowMs } from './schedule-time.js';

export type ScheduleInput = Extract<CallBody<'schedule'>, { operation: 'add' }>['data'];
export type ScheduleView = NonNullable<CallData<'schedule'>>[number];

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
  const fail = (reason: string) => new Fail(`${MESSAGES.messageSubmitScheduleFail}: ${reason}`);

  function view(row: ScheduleRow, now: number, off: number): ScheduleView {
    const runs = new Map(repo.runs(row.id).map((r) => [r.occurrence, r.state]));
    const occurrences = [...recent(row, off, now, RECENT), ...upcoming(row, off, now, NEXT)].map((o) => {
      const start = formatInZone(o.start, off);
      // done: nothing more will be recorded for it (over, or ended, skipped or failed by the scheduler).
      return { start, end: formatInZone(o.end, off), done: o.end <= now || isFinished(runs.get(start)) };
    });
    return { ...row, duration: Math.round(windowMs(row) / 1000), schedules: occurrences };
  }

  function checked(input: ScheduleInput): Omit<ScheduleRow, 'id'> {
    const row = validateSchedule(input, d.clock.now(), d.zoneOffset());
    if (typeof row === 'string') throw fail(row);
    return row;
  }

  return {
    list(): ScheduleView[] {
      const now = d.clock.now();
      const off = d.zoneOffset();
      return repo.list().map((row) => view(row, now, off));
    },

    add(input: ScheduleInput): ScheduleView {
      const row = checked(input);
      const id = repo.insert(row, formatInZone(d.clock.now(), d.zoneOffset()));
      d.changed();
      return view({ ...row, id }, d.clock.now(), d.zoneOffset());
    },

    update(input: ScheduleInput): ScheduleView {
      if (input.id === undefined) throw fail(msg('scheduleIdRequired'));
      if (!repo.find(input.id)) throw fail(msg('scheduleNotFound', input.id));
      const row = { ...checked(input), id: input.id };
      repo.update(row, formatInZone(d.clock.now(), d.zoneOffset()));
      d.changed();
      return view(row, d.clock.now(), d.zoneOffset());
    },

    remove(id: number): void {
      if (!repo.remove(id)) throw fail(msg('scheduleNotFound', id));
      d.changed();
    },
  };
}
export type ScheduleService = ReturnType<typeof scheduleService>;
