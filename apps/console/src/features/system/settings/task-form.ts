import dayjs, { type Dayjs } from 'dayjs';
import {
  maskOf,
  numbersOf,
  TASK_MASK_BITS,
  taskProblems,
  type CallData,
  type CallRequest,
  type MessageKey,
  type TaskCode,
  type TaskCycle,
  type TaskField,
} from '@roomcast/contract';

export type Task = NonNullable<CallData<'task_schedule'>>[number];
export type TaskInput = Extract<CallRequest<'task_schedule'>, { operation: 'add' }>['data'];

/** The task modal's values: days as numbers (1 = Monday), the start as a time picker's value. */
export interface TaskFormValues {
  name?: string;
  taskcode?: TaskCode;
  start?: Dayjs | null;
  cycle?: TaskCycle;
  weekdays?: number[];
  months?: number[];
  monthdays?: number[];
  enable?: boolean;
  repeat?: boolean;
  repeatinterval?: number | null;
  duration?: number | null;
}

export const TIME_FORMAT = 'HH:mm:ss';

/** The body the values make: the name trimmed, only the masks the cycle uses, the repeat numbers only with repeat. */
export function taskBody(v: TaskFormValues, id?: number): TaskInput {
  const cycle = v.cycle ?? 'once';
  const repeat = v.repeat ?? false;
  return {
    ...(id === undefined ? {} : { id }),
    name: (v.name ?? '').trim(),
    taskcode: v.taskcode ?? 'reboot',
    start: v.start?.format(TIME_FORMAT) ?? '',
    cycle,
    weekdays: cycle === 'week' ? maskOf(v.weekdays, TASK_MASK_BITS.weekdays) : 0,
    months: cycle === 'month' ? maskOf(v.months, TASK_MASK_BITS.months) : 0,
    monthdays: cycle === 'month' ? maskOf(v.monthdays, TASK_MASK_BITS.monthdays) : 0,
    enable: v.enable ?? true,
    repeat,
    repeatinterval: repeat ? (v.repeatinterval ?? 0) : 0,
    duration: repeat ? (v.duration ?? 0) : 0,
  };
}

/**
 * The §8 message of each field the values break (the contract's `taskProblems`, the rules the service checks too);
 * a missing type, start or cycle counts as missing, not as a default.
 */
export function taskFormProblems(v: TaskFormValues): Partial<Record<TaskField, MessageKey>> {
  return taskProblems({
    ...taskBody(v),
    taskcode: v.taskcode,
    start: v.start ? v.start.format(TIME_FORMAT) : undefined,
    cycle: v.cycle,
    repeatinterval: v.repeatinterval ?? undefined,
    duration: v.duration ?? undefined,
  });
}

/** Form values of a task (update mode), or of a new one: enabled, no repeat, nothing else chosen. */
export function taskFormValues(t: Task | undefined): TaskFormValues {
  if (!t) return { name: '', weekdays: [], months: [], monthdays: [], enable: true, repeat: false };
  return {
    name: t.name,
    taskcode: t.taskcode,
    start: dayjs(`2000-01-01 ${t.start}`),
    cycle: t.cycle,
    weekdays: numbersOf(t.weekdays, TASK_MASK_BITS.weekdays),
    months: numbersOf(t.months, TASK_MASK_BITS.months),
    monthdays: numbersOf(t.monthdays, TASK_MASK_BITS.monthdays),
    enable: t.enable,
    repeat: t.repeat,
    repeatinterval: t.repeat ? t.repeatinterval : null,
    duration: t.repeat ? t.duration : null,
  };
}
