import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, nonEmptyTrimmed } from './define.js';
import { SelfCheck } from '../health.js';

/** Area `schedule`: recording schedules, run by the one scheduler (system tasks are the system area's `task_schedule`). */

const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be YYYY-MM-DD HH:mm:ss');
export const cycle = z.enum(['once', 'day', 'week', 'month']);
export const mask = (bits: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(2 ** bits - 1);

export const SCHEDULE_ORIGINS = ['console', 'opencast'] as const;
/** The largest .ics file importschedule takes (the JSON body limit is 1 MB). */
export const ICAL_IMPORT_MAX = 900_000;

export const Schedule = z.object({
  id: z.number(),
  name: z.string(),
  start: z.string(),
  stop: z.string(),
  cycle,
  weekdays: z.number(),
  months: z.number(),
  monthdays: z.number(),
  enable: z.boolean(),
  /** Roomcast's: `console` (made here or imported); `opencast`: an event of Opencast's calendar, read-only here. */
  origin: z.enum(SCHEDULE_ORIGINS),
  duration: z.number(),
  schedules: z.array(z.object({ start: z.string(), end: z.string(), done: z.boolean() })),
  /** The latest self-check before one of its recordings (setting_health.selfcheckminutes), or null when none ran yet. */
  selfcheck: SelfCheck.nullable(),
});
const ScheduleInput = z.object({
  id: z.number().int().optional(),
  name: nonEmptyTrimmed(100),
  start: dateTime,
  stop: dateTime,
  cycle,
  weekdays: mask(7).default(0),
  months: mask(12).default(0),
  monthdays: mask(31).default(0),
  enable: z.boolean().default(true),
});
export const crud = <T extends z.ZodType>(item: T) =>
  z.discriminatedUnion('operation', [
    z.object({ operation: z.literal('list') }),
    z.object({ operation: z.literal('add'), data: item }),
    z.object({ operation: z.literal('update'), data: item }),
    z.object({ operation: z.literal('delete'), data: z.object({ id: z.number().int() }) }),
  ]);

export const scheduleCalls = {
  schedule: defineCall({
    summary: 'Recording schedules: list, add, update, delete (spec §5 rules).',
    request: crud(ScheduleInput),
    data: z.array(Schedule).optional(),
    permission: anyOf('operating', 'record'),
    mutating: (b) => b.operation !== 'list',
  }),
  exportschedule: defineCall({
    summary:
      'The recording schedules as an iCalendar (.ics) text: one VEVENT each (UTC times; RRULE DAILY, WEEKLY with BYDAY, MONTHLY with BYMONTH and BYMONTHDAY, UNTIL the last start; STATUS CANCELLED when disabled).',
    request: z.object({}),
    data: z.object({ filename: z.string(), ics: z.string() }),
    permission: anyOf('operating', 'record'),
    mutating: false,
  }),
  importschedule: defineCall({
    summary:
      'Adds the events of an iCalendar text as recording schedules (an event whose UID a schedule already has updates it). RRULE daily, weekly and monthly map to the cycles. When any event cannot become a schedule, nothing changes and `problems` says why for each such event.',
    request: z.object({ ics: z.string().min(1).max(ICAL_IMPORT_MAX) }),
    data: z.object({
      added: z.number(),
      updated: z.number(),
      problems: z.array(z.object({ uid: z.string(), name: z.string(), message: z.string().describe('a contract message (English)') })),
    }),
    permission: anyOf('operating', 'record'),
    mutating: true,
  }),
};
