import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  nextOccurrence,
  scheduleBody,
  scheduleFormValues,
  scheduleProblems,
  type Schedule,
  type ScheduleFormValues,
} from './schedule-form';

const NOW = dayjs('2030-01-01 08:00:00');
const at = (text: string) => dayjs(text);
const valid: ScheduleFormValues = {
  name: ' Maths lesson ',
  startDate: at('2030-01-02 00:00:00'),
  startTime: at('2000-01-01 10:00:00'),
  stopDate: at('2030-01-02 00:00:00'),
  stopTime: at('2000-01-01 11:30:15'),
  cycle: 'once',
  weekdays: [],
  months: [],
  monthdays: [],
  enable: true,
};

describe('schedule form rules (spec §5)', () => {
  it('accepts a complete once schedule', () => {
    expect(scheduleProblems(valid, NOW)).toEqual({});
  });

  it('needs a name, all four pickers and a cycle', () => {
    expect(scheduleProblems({ name: '  ' }, NOW)).toEqual({
      name: 'messageRequireName',
      start: 'messageRequireRange',
      stop: 'messageRequireRange',
      cycle: 'messageRequireCycle',
    });
    expect(scheduleProblems({ ...valid, startTime: null }, NOW)).toEqual({ start: 'messageRequireRange' });
    expect(scheduleProblems({ ...valid, stopDate: undefined }, NOW)).toEqual({ stop: 'messageRequireRange' });
  });

  it('wants start before stop, and stop in the future', () => {
    expect(scheduleProblems({ ...valid, stopTime: at('2000-01-01 09:00:00') }, NOW)).toEqual({ stop: 'stopBeforeStart' });
    expect(scheduleProblems({ ...valid, stopTime: at('2000-01-01 10:00:00') }, NOW)).toEqual({ stop: 'stopBeforeStart' });
    expect(scheduleProblems(valid, at('2030-01-02 12:00:00'))).toEqual({ stop: 'stopInPast' });
  });

  it('wants a weekday for week, a month and a day for month', () => {
    expect(scheduleProblems({ ...valid, cycle: 'week' }, NOW)).toEqual({ weekdays: 'messageRequireWeekDay' });
    expect(scheduleProblems({ ...valid, cycle: 'month' }, NOW)).toEqual({
      months: 'messageRequireMonths',
      monthdays: 'messageRequireMonthDay',
    });
    expect(scheduleProblems({ ...valid, cycle: 'month', months: [3], monthdays: [31] }, NOW)).toEqual({});
  });
});

describe('schedule body', () => {
  it('joins date and time as YYYY-MM-DD HH:mm:ss and trims the name', () => {
    expect(scheduleBody(valid)).toEqual({
      name: 'Maths lesson',
      start: '2030-01-02 10:00:00',
      stop: '2030-01-02 11:30:15',
      cycle: 'once',
      weekdays: 0,
      months: 0,
      monthdays: 0,
      enable: true,
    });
  });

  it('sends only the masks of its cycle, and the id on update', () => {
    const week = scheduleBody({ ...valid, cycle: 'week', weekdays: [1, 7], months: [1], monthdays: [1] }, 4);
    expect(week).toMatchObject({ id: 4, cycle: 'week', weekdays: 65, months: 0, monthdays: 0 });
    const month = scheduleBody({ ...valid, cycle: 'month', weekdays: [1], months: [1, 12], monthdays: [1, 31] });
    expect(month).toMatchObject({ weekdays: 0, months: 2049, monthdays: 2 ** 30 + 1 });
  });
});

describe('schedule form values', () => {
  const schedule: Schedule = {
    id: 3,
    name: 'Lab',
    start: '2030-02-03 08:15:00',
    stop: '2030-06-30 09:45:30',
    cycle: 'week',
    weekdays: 0b10101,
    months: 0,
    monthdays: 0,
    enable: true,
    origin: 'console',
    duration: 5430,
    schedules: [
      { start: '2030-02-03 08:15:00', end: '2030-02-03 09:45:30', done: true },
      { start: '2030-02-05 08:15:00', end: '2030-02-05 09:45:30', done: false },
    ],
    selfcheck: null,
  };

  it('round-trips a stored schedule through the form', () => {
    const values = scheduleFormValues(schedule);
    expect(values.weekdays).toEqual([1, 3, 5]);
    expect(scheduleBody(values, schedule.id)).toEqual({
      id: 3,
      name: 'Lab',
      start: schedule.start,
      stop: schedule.stop,
      cycle: 'week',
      weekdays: 21,
      months: 0,
      monthdays: 0,
      enable: true,
    });
  });

  it('starts a new schedule enabled with nothing chosen', () => {
    expect(scheduleFormValues(undefined)).toEqual({ name: '', weekdays: [], months: [], monthdays: [], enable: true });
  });

  it('shows the first occurrence not done as next, none when disabled', () => {
    expect(nextOccurrence(schedule)?.start).toBe('2030-02-05 08:15:00');
    expect(nextOccurrence({ ...schedule, enable: false })).toBeUndefined();
    expect(nextOccurrence({ ...schedule, schedules: [] })).toBeUndefined();
  });
});
