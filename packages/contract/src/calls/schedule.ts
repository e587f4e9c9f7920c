import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, nonEmptyTrimmed } from './define.js';

/** Area `schedule`: recording schedules and system tasks, run by the one scheduler. */

const hhmmss = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a time HH:mm:ss');
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be YYYY-MM-DD HH:mm:ss');
const cycle = z.enum(['once', 'day', 'week', 'month']);
const mask = (bits: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(2 ** bits - 1);

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
  duration: z.number(),
  schedules: z.array(z.object({ start: z.string(), end: z.string(), done: z.boolean() })),
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
export const Task = z.object({
  id: z.number(),
  name: z.string(),
  taskcode: z.enum(['reboot', 'clearlog', 'ntp']),
  start: z.string(),
  cycle,
  weekdays: z.number(),
  months: z.number(),
  monthdays: z.number(),
  enable: z.boolean(),
  next: z.string(),
  repeat: z.boolean(),
  repeatinterval: z.number(),
  duration: z.number(),
});
const TaskInput = z.object({
  id: z.number().int().optional(),
  name: nonEmptyTrimmed(100),
  taskcode: z.enum(['reboot', 'clearlog', 'ntp']),
  start: hhmmss,
  cycle,
  weekdays: mask(7).default(0),
  months: mask(12).default(0),
  monthdays: mask(31).default(0),
  enable: z.boolean().default(true),
  repeat: z.boolean().default(false),
  repeatinterval: z.number().int().min(0).max(86400).default(0),
  duration: z.number().int().min(0).max(86400).default(0),
});
const crud = <T extends z.ZodType>(item: T) =>
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
  task_schedule: defineCall({
    summary: 'System tasks (reboot, clearlog, ntp): list returns an array.',
    request: crud(TaskInput),
    data: z.array(Task).optional(),
    permission: anyOf('systemsetting'),
    mutating: (b) => b.operation !== 'list',
  }),
};
