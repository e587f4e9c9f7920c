import { taskProblems, type CallBody, type CallData } from '@roomcast/contract';
import type { Repositories } from '../../../db/repositories/index.js';
import type { TaskFields, TaskRow } from '../../../db/repositories/tasks-repository.js';
import { Fail, formatDateTime, type Clock } from '../../core/index.js';
import { taskPlan } from './task-time.js';

export type TaskInput = Extract<CallBody<'task_schedule'>, { operation: 'add' }>['data'];
export type TaskView = NonNullable<CallData<'task_schedule'>>[number];

export interface TaskServiceDeps {
  repos: Pick<Repositories, 'tasks'>;
  clock: Clock;
  /** The device's zone offset in minutes (setting_datetime zone): start times are device-local. */
  zoneOffset: () => number;
  /** Tasks changed: the scheduler plans again. */
  changed: () => void;
}

/**
 * Spec §5 rules (the contract's `taskProblems`, the same the console's modal shows), checked whatever the console
 * did: the first broken rule refuses the task with its §8 message. Only the masks the cycle uses are kept, and the
 * repeat numbers only with repeat on.
 */
export function validateTask(input: TaskInput): TaskFields {
  const problem = Object.values(taskProblems(input))[0];
  if (problem) throw Fail.of(problem);
  return {
    name: input.name.trim(),
    taskcode: input.taskcode,
    start: input.start,
    cycle: input.cycle,
    weekdays: input.cycle === 'week' ? input.weekdays : 0,
    months: input.cycle === 'month' ? input.months : 0,
    monthdays: input.cycle === 'month' ? input.monthdays : 0,
    enable: input.enable,
    repeat: input.repeat,
    repeatinterval: input.repeat ? input.repeatinterval : 0,
    duration: input.repeat ? input.duration : 0,
  };
}

/** `task_schedule`: list (with each task's next run in the device zone), add, update, delete. */
export function taskService(d: TaskServiceDeps) {
  const repo = d.repos.tasks;

  function view(row: TaskRow, now: number, off: number): TaskView {
    const { sinceMs: _since, lastRunMs: _last, ...fields } = row;
    const plan = row.enable ? taskPlan(row, off, now) : {};
    const next = plan.due?.start ?? plan.next;
    return { ...fields, next: next === undefined ? '' : formatDateTime(next, off) };
  }
  const one = (id: number): TaskView[] => {
    const row = repo.find(id);
    if (!row) throw Fail.of('taskNotFound', id);
    return [view(row, d.clock.now(), d.zoneOffset())];
  };

  return {
    list(): TaskView[] {
      const now = d.clock.now();
      const off = d.zoneOffset();
      return repo.list().map((row) => view(row, now, off));
    },
    add(input: TaskInput): TaskView[] {
      const id = repo.insert(validateTask(input), d.clock.now());
      d.changed();
      return one(id);
    },
    /** A changed task counts from now: a run whose time has passed today is not taken late because of the edit. */
    update(input: TaskInput): TaskView[] {
      if (input.id === undefined || !repo.find(input.id)) throw Fail.of('taskNotFound', input.id ?? '?');
      repo.update(input.id, validateTask(input), d.clock.now());
      d.changed();
      return one(input.id);
    },
    remove(id: number): void {
      if (!repo.remove(id)) throw Fail.of('taskNotFound', id);
      d.changed();
    },
  };
}
export type TaskService = ReturnType<typeof taskService>;
