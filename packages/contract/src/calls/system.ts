import { z } from 'zod';
import { ADMIN, anyOf, PUBLIC, SESSION } from '../permissions.js';
import { defineCall, Empty, NoData } from './define.js';
import { LIMITS } from '../limits.js';

/** Area `system`: the engine status, the room, the operation log, logs and backups, reboot, lock screen, NTP. */

const truth = z.enum(['true', 'false']);
export const Status = z.object({
  isrecording: truth,
  isrecordingpaused: truth,
  isrecordpending: truth,
  isschedulerecording: truth,
  recordingscheduleid: z.string(),
  recordingschedulestoptime: z.string(),
  recordingstart: z.string(),
  current: z.string(),
  hdd_scanning: truth,
  hashdd: truth,
  hddtotalsize: z.string(),
  hddfreesize: z.string(),
  hasusb: truth,
  usbtotalsize: z.string(),
  usbfreesize: z.string(),
  layoutbuttonid: z.string(),
  isliving: truth,
  ismainliving: z.enum(['true', 'false', 'reconn']),
  issubliving: z.enum(['true', 'false', 'reconn']),
  livingstart: z.string(),
  /** The device clock now, in the device zone like every time above: consoles count elapsed times from it whatever their own zone. */
  devicetime: z.string(),
  /** When the RTMP main (HD) output that is on was started, in the device zone ('' while off); kept over reconnects. */
  mainlivingstart: z.string(),
  /** The same for the RTMP sub (SD) output. */
  sublivingstart: z.string(),
  /** The silence alarm (confidence monitor): a recording's sound has stayed below SILENCE_ALARM_DB for the alarm time. */
  audioalarm: truth,
});
export const OpeLogEntry = z.object({ usercode: z.string(), opesource: z.string(), description: z.string(), opetime: z.string() });
const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a number')
  .or(z.number().int().min(0))
  .transform(Number);

export const systemCalls = {
  status: defineCall({
    summary: 'Record, live and storage state of the engine (spec §3 Record status).',
    request: Empty,
    data: Status,
    permission: SESSION,
    mutating: false,
  }),
  roominfo: defineCall({
    summary: 'The room name, for the login page and the viewer.',
    request: Empty,
    data: z.object({ roomname: z.string() }),
    permission: PUBLIC,
    mutating: false,
  }),
  reboot: defineCall({
    summary: 'Reboot the appliance (sandbox adapter: restart the service).',
    request: Empty,
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
  getopelog: defineCall({
    summary: 'Operation log page, newest first; pagesize and zero-based pageindex as strings.',
    request: z.object({ pagesize: pageNumber.pipe(z.number().min(1).max(200)), pageindex: pageNumber }),
    data: z.object({ list: z.array(OpeLogEntry), size: z.number() }),
    permission: anyOf('syslog'),
    mutating: false,
  }),
  restore_opelog: defineCall({
    summary: 'Clear the operation log (admin only). Also answers GET.',
    request: Empty,
    data: NoData,
    permission: ADMIN,
    mutating: true,
    alsoGet: true,
  }),
  getSysLog: defineCall({
    summary: 'Download system logs as a password-protected zip (admin only); the file-path header names the log file or "all".',
    request: z.unknown(),
    data: NoData,
    permission: ADMIN,
    mutating: false,
    body: 'raw',
    reply: 'binary',
  }),
  downloadgeneralfile: defineCall({
    summary: 'Download the configuration backup (.ini) named by the file-path header.',
    request: z.unknown(),
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: false,
    body: 'raw',
    reply: 'binary',
  }),
  uploadgeneralfile: defineCall({
    summary:
      'Restore a configuration backup (.ini bytes). Validated whole first; a bad file changes nothing. On success the service restarts.',
    request: z.unknown(),
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: true,
    body: 'raw',
  }),
  setlockscreen: defineCall({
    summary: 'Set the console lock-screen password.',
    request: z.object({ password: z.string().min(1, 'Please input password.').max(LIMITS.passwordMax) }),
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
  unlockscreen: defineCall({
    summary: 'Check the lock-screen password to unlock the console.',
    request: z.object({ password: z.string().min(1, 'Please input password.').max(LIMITS.passwordMax) }),
    data: NoData,
    permission: SESSION,
    mutating: false,
  }),
  syncntp: defineCall({
    summary: 'Synchronise the clock with the NTP server now.',
    request: Empty,
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
};
