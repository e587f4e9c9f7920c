import dayjs, { type Dayjs } from 'dayjs';
import { maskOf, numbersOf, type CallData, type CallRequest, type MessageKey } from '@roomcast/contract';

export type Schedule = NonNullable<CallData<'schedule'>>[number];
export type Cycle = Schedule['cycle'];
export type ScheduleInput = Extract<CallRequest<'schedule'>, { operation: 'add' }>['data'];
export const CYCLES: readonly Cycle[] = ['once', 'day', 'week', 'month'];

/** The format the `schedule` call takes and answers (device-local time). */
export const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export interface ScheduleFormValues {
  name?: string;
  startDate?: Dayjs | null;
  startTime?: Dayjs | null;
  stopDate?: Dayjs | null;
  stopTime?: Dayjs | null;
  cycle?: Cycle;
  weekdays?: number[];
  months?: number[];
  monthdays?: number[];
  enable?: boolean;
}

export type ScheduleField = 'name' | 'start' | 'stop' | 'cycle' | 'weekdays' | 'months' | 'monthdays';
/** A contract message key (spec §8), or one of the workbench's own schedule errors. */
export type ScheduleProblem = MessageKey | 'stopBeforeStart' | 'stopInPast';

/** Date of one picker, time of the other; undefined while either is empty. */
export function joinDateTime(date: Dayjs | null | undefined, time: Dayjs | null | undefined): Dayjs | undefined {
  if (!date || !time) return undefined;
  return date.hour(time.hour()).minute(time.minute()).second(time.second()).millisecond(0);
}

/**
 * Spec §5 rules, each on the field it belongs to: name, the four date/time pickers, start before stop,
 * stop in the future, a cycle, and the days a week or month cycle needs. `now` is the browser's clock; the
 * service checks again against the device's own.
 */
export function scheduleProblems(v: ScheduleFormValues, now: Dayjs): Partial<Record<ScheduleField, ScheduleProblem>> {
  const problems: Partial<Record<ScheduleField, ScheduleProblem>> = {};
  if (!v.name?.trim()) problems.name = 'messageRequireName';
  const start = joinDateTime(v.startDate, v.startTime);
  const stop = joinDateTime(v.stopDate, v.stopTime);
  if (!start) problems.start = 'messageRequireRange';
  if (!stop) problems.stop = 'messageRequireRange';
  else if (start && !stop.isAfter(start)) problems.stop = 'stopBeforeStart';
  else if (!stop.isAfter(now)) problems.stop = 'stopInPast';
  if (!v.cycle) problems.cycle = 'messageRequireCycle';
  if (v.cycle === 'week' && !v.weekdays?.length) problems.weekdays = 'messageRequireWeekDay';
  if (v.cycle === 'month' && !v.months?.length) problems.months = 'messageRequireMonths';
  if (v.cycle === 'month' && !v.monthdays?.length) problems.monthdays = 'messageRequireMonthDay';
  return problems;
}

/**
 * The add/update body. The name is trimmed (the service trims too; inner spaces are part of a name); only
 * the masks the cycle uses are sent, the others are 0. Call only when `scheduleProblems` found none.
 */
export function scheduleBody(v: ScheduleFormValues, id?: number): ScheduleInput {
  const start = joinDateTime(v.startDate, v.startTime);
  const stop = joinDateTime(v.stopDate, v.stopTime);
  const cycle = v.cycle ?? 'once';
  return {
    ...(id === undefined ? {} : { id }),
    name: (v.name ?? '').trim(),
    start: start?.format(DATE_TIME) ?? '',
    stop: stop?.format(DATE_TIME) ?? '',
    cycle,
    weekdays: cycle === 'week' ? maskOf(v.weekdays, 7) : 0,
    months: cycle === 'month' ? maskOf(v.months, 12) : 0,
    monthdays: cycle === 'month' ? maskOf(v.monthdays, 31) : 0,
    enable: v.enable ?? true,
  };
}

/** Form values of a schedule (update mode), or of a new one: enabled, nothing else chosen. */
export function scheduleFormValues(s: Schedule | undefined): ScheduleFormValues {
  if (!s) return { name: '', weekdays: [], months: [], monthdays: [], enable: true };
  const start = dayjs(s.start);
  const stop = dayjs(s.stop);
  return {
    name: s.name,
    startDate: start,
    startTime: start,
    stopDate: stop,
    stopTime: stop,
    cycle: s.cycle,
    weekdays: numbersOf(s.weekdays, 7),
    months: numbersOf(s.months, 12),
    monthdays: numbersOf(s.monthdays, 31),
    enable: s.enable,
  };
}

/** The occurrence the table shows as next: the first one not done (it may be running now). */
export function nextOccurrence(s: Schedule): Schedule['schedules'][number] | undefined {
  return s.enable ? s.schedules.find((o) => !o.done) : undefined;
}
