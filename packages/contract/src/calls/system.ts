import { z } from 'zod';
import { ADMIN, anyOf, SESSION } from '../permissions.js';
import { defineCall, Empty, NoData, nonEmptyTrimmed } from './define.js';
import { LIMITS } from '../limits.js';

const hhmmss = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a time HH:mm:ss');
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be YYYY-MM-DD HH:mm:ss');
const cycle = z.enum(['once', 'day', 'week', 'month']);
const mask = (bits: number) => z.number().int().min(0).max(2 ** bits - 1);

export const Schedule = z.object({
  id: z.number(), name: z.string(), start: z.string(), stop: z.string(), cycle, weekdays: z.number(), months: z.number(), monthdays: z.number(),
  enable: z.boolean(), duration: z.number(), schedules: z.array(z.object({ start: z.string(), end: z.string(), done: z.boolean() })),
});
const ScheduleInput = z.object({
  id: z.number().int().optional(), name: nonEmptyTrimmed(100), start: dateTime, stop: dateTime, cycle,
  weekdays: mask(7).default(0), months: mask(12).default(0), monthdays: mask(31).default(0), enable: z.boolean().default(true),
});
export const Task = z.object({
  id: z.number(), name: z.string(), taskcode: z.enum(['reboot', 'clearlog', 'ntp']), start: z.string(), cycle, weekdays: z.number(), months: z.number(), monthdays: z.number(),
  enable: z.boolean(), next: z.string(), repeat: z.boolean(), repeatinterval: z.number(), duration: z.number(),
});
const TaskInput = z.object({
  id: z.number().int().optional(), name: nonEmptyTrimmed(100), taskcode: z.enum(['reboot', 'clearlog', 'ntp']), start: hhmmss, cycle,
  weekdays: mask(7).default(0), months: mask(12).default(0), monthdays: mask(31).default(0), enable: z.boolean().default(true),
  repeat: z.boolean().default(false), repeatinterval: z.number().int().min(0).max(86400).default(0), duration: z.number().int().min(0).max(86400).default(0),
});
const crud = <T extends z.ZodType>(item: T) => z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('list') }),
  z.object({ operation: z.literal('add'), data: item }),
  z.object({ operation: z.literal('update'), data: item }),
  z.object({ operation: z.literal('delete'), data: z.object({ id: z.number().int() }) }),
]);
export const OpeLogEntry = z.object({ usercode: z.string(), opesource: z.string(), description: z.string(), opetime: z.string() });
const pageNumber = z.string().regex(/^\d{1,6}$/, 'must be a number').or(z.number().int().min(0)).transform(Number);

export const systemCalls = {
  schedule: defineCall({
    summary: 'Recording schedules: list, add, update, delete (spec §5 rules).',
    request: crud(ScheduleInput), data: z.array(Schedule).optional(), permission: anyOf('operating', 'record'), mutating: (b) => b.operation !== 'list',
  }),
  task_schedule: defineCall({
    summary: 'System tasks (reboot, clearlog, ntp): list returns an array.',
    request: crud(TaskInput), data: z.array(Task).optional(), permission: anyOf('systemsetting'), mutating: (b) => b.operation !== 'list',
  }),
  scanfiles: defineCall({ summary: 'Start a disk scan (refused while recording).', request: Empty, data: NoData, permission: anyOf('storage'), mutating: true }),
  reboot: defineCall({ summary: 'Reboot the appliance (sandbox adapter: restart the service).', request: Empty, data: NoData, permission: anyOf('systemsetting'), mutating: true }),
  getopelog: defineCall({
    summary: 'Operation log page, newest first; pagesize and zero-based pageindex as strings.',
    request: z.object({ pagesize: pageNumber.pipe(z.number().min(1).max(200)), pageindex: pageNumber }),
    data: z.object({ list: z.array(OpeLogEntry), size: z.number() }), permission: anyOf('syslog'), mutating: false,
  }),
  restore_opelog: defineCall({ summary: 'Clear the operation log (admin only). Also answers GET.', request: Empty, data: NoData, permission: ADMIN, mutating: true, alsoGet: true }),
  getSysLog: defineCall({
    summary: 'Download system logs as a password-protected zip (admin only); the file-path header names the log file or "all".',
    request: z.unknown(), data: NoData, permission: ADMIN, mutating: false, body: 'raw', reply: 'binary',
  }),
  downloadgeneralfile: defineCall({
    summary: 'Download the configuration backup (.ini) named by the file-path header.',
    request: z.unknown(), data: NoData, permission: anyOf('systemsetting'), mutating: false, body: 'raw', reply: 'binary',
  }),
  uploadgeneralfile: defineCall({
    summary: 'Restore a configuration backup (.ini bytes). Validated whole first; a bad file changes nothing. On success the service restarts.',
    request: z.unknown(), data: NoData, permission: anyOf('systemsetting'), mutating: true, body: 'raw',
  }),
  setlockscreen: defineCall({ summary: 'Set the console lock-screen password.', request: z.object({ password: z.string().min(1, 'Please input password.').max(LIMITS.passwordMax) }), data: NoData, permission: anyOf('systemsetting'), mutating: true }),
  unlockscreen: defineCall({ summary: 'Check the lock-screen password to unlock the console.', request: z.object({ password: z.string().min(1, 'Please input password.').max(LIMITS.passwordMax) }), data: NoData, permission: SESSION, mutating: false }),
  syncntp: defineCall({ summary: 'Synchronise the clock with the NTP server now.', request: Empty, data: NoData, permission: anyOf('systemsetting'), mutating: true }),
};
