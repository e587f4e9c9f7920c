import type { MessageKey } from './messages.js';

/**
 * System tasks (`task_schedule`, spec §3/§5): what they are and the rules of the task modal, shared by the service
 * (which refuses a task that breaks one) and the console (which shows each rule's §8 message in red under its field).
 */
export const TASK_CODES = ['reboot', 'clearlog', 'ntp'] as const;
export type TaskCode = (typeof TASK_CODES)[number];
export const TASK_CYCLES = ['once', 'day', 'week', 'month'] as const;
export type TaskCycle = (typeof TASK_CYCLES)[number];

/** Bits of each mask: day n (1 = Monday .. 7 = Sunday), month m and month day d are bit n-1. */
export const TASK_MASK_BITS = { weekdays: 7, months: 12, monthdays: 31 } as const;
/** The longest repeat interval and duration: one day, in seconds. */
export const TASK_SECONDS_MAX = 86_400;
/**
 * How long after its time a task without repeat may still run (the service was restarting, or another task ran):
 * its run window. With repeat, each run's window is the task's `duration`.
 */
export const TASK_LATE_S = 60;
const START = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** A task as the modal edits it; every field may still be missing. */
export interface TaskDraft {
  name?: string;
  taskcode?: string;
  start?: string;
  cycle?: string;
  weekdays?: number;
  months?: number;
  monthdays?: number;
  repeat?: boolean;
  repeatinterval?: number;
  duration?: number;
}
export type TaskField = 'name' | 'taskcode' | 'start' | 'cycle' | 'duration' | 'repeatinterval' | 'weekdays' | 'months' | 'monthdays';

const hasBit = (mask: number | undefined, bits: number) => ((mask ?? 0) & (2 ** bits - 1)) !== 0;
const positive = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * Spec §5: name, type, start time and cycle are required; with repeat on, the duration is above 0 and the repeat
 * interval above 0 and above the duration; a week cycle needs a weekday, a month cycle a month and a month day.
 * Each broken rule is the §8 message of its field (messageRequireName, Type, Start, Cycle, Duration,
 * RepeatInterval, WeekDay, Months, MonthDay).
 */
export function taskProblems(t: TaskDraft): Partial<Record<TaskField, MessageKey>> {
  const p: Partial<Record<TaskField, MessageKey>> = {};
  if (!t.name?.trim()) p.name = 'messageRequireName';
  if (!(TASK_CODES as readonly string[]).includes(t.taskcode ?? '')) p.taskcode = 'messageRequireType';
  if (!START.test(t.start ?? '')) p.start = 'messageRequireStart';
  if (!(TASK_CYCLES as readonly string[]).includes(t.cycle ?? '')) p.cycle = 'messageRequireCycle';
  if (t.repeat) {
    if (!positive(t.duration) || t.duration > TASK_SECONDS_MAX) p.duration = 'messageRequireDuration';
    const interval = t.repeatinterval;
    if (!positive(interval) || interval > TASK_SECONDS_MAX || (positive(t.duration) && interval <= t.duration))
      p.repeatinterval = 'messageRequireRepeatInterval';
  }
  if (t.cycle === 'week' && !hasBit(t.weekdays, TASK_MASK_BITS.weekdays)) p.weekdays = 'messageRequireWeekDay';
  if (t.cycle === 'month' && !hasBit(t.months, TASK_MASK_BITS.months)) p.months = 'messageRequireMonths';
  if (t.cycle === 'month' && !hasBit(t.monthdays, TASK_MASK_BITS.monthdays)) p.monthdays = 'messageRequireMonthDay';
  return p;
}
