import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { taskBody, taskFormProblems, taskFormValues, type Task, type TaskFormValues } from './task-form';

const valid: TaskFormValues = {
  name: ' Nightly reboot ',
  taskcode: 'reboot',
  start: dayjs('2000-01-01 03:00:00'),
  cycle: 'week',
  weekdays: [1, 7],
  enable: true,
  repeat: false,
};

describe('the task modal (spec §5 rules, §8 messages)', () => {
  it('names the §8 message of every missing field', () => {
    expect(taskFormProblems({})).toEqual({
      name: 'messageRequireName',
      taskcode: 'messageRequireType',
      start: 'messageRequireStart',
      cycle: 'messageRequireCycle',
    });
  });

  it('week needs a weekday; month a month and a day', () => {
    expect(taskFormProblems({ ...valid, weekdays: [] })).toEqual({ weekdays: 'messageRequireWeekDay' });
    expect(taskFormProblems({ ...valid, cycle: 'month', months: [], monthdays: [] })).toEqual({
      months: 'messageRequireMonths',
      monthdays: 'messageRequireMonthDay',
    });
  });

  it('repeat: the duration above 0, the interval above 0 and above the duration', () => {
    expect(taskFormProblems({ ...valid, repeat: true })).toEqual({
      duration: 'messageRequireDuration',
      repeatinterval: 'messageRequireRepeatInterval',
    });
    expect(taskFormProblems({ ...valid, repeat: true, duration: 600, repeatinterval: 600 })).toEqual({
      repeatinterval: 'messageRequireRepeatInterval',
    });
    expect(taskFormProblems({ ...valid, repeat: true, duration: 600, repeatinterval: 3600 })).toEqual({});
  });

  it('makes the body: name trimmed, masks (bit n-1 for day n) only for the cycle, repeat numbers only with repeat', () => {
    expect(taskBody({ ...valid, months: [1], repeatinterval: 5, duration: 1 }, 4)).toEqual({
      id: 4,
      name: 'Nightly reboot',
      taskcode: 'reboot',
      start: '03:00:00',
      cycle: 'week',
      weekdays: 0b1000001,
      months: 0,
      monthdays: 0,
      enable: true,
      repeat: false,
      repeatinterval: 0,
      duration: 0,
    });
  });

  it('reads a task back into the form', () => {
    const task: Task = {
      id: 1,
      name: 'Nightly reboot',
      taskcode: 'reboot',
      start: '03:00:00',
      cycle: 'week',
      weekdays: 0b1000001,
      months: 0,
      monthdays: 0,
      enable: true,
      next: '2026-03-08 03:00:00',
      repeat: true,
      repeatinterval: 120,
      duration: 60,
    };
    const values = taskFormValues(task);
    expect(values.weekdays).toEqual([1, 7]);
    expect(values.start?.format('HH:mm:ss')).toBe('03:00:00');
    const { next: _next, ...input } = task;
    expect(taskBody(values, 1)).toEqual(input);
  });
});
