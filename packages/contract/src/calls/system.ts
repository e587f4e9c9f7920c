import { z } from 'zod';
import { HEALTH_STATES } from '../health.js';
import { CHANNEL_SIGNALS, VIDEO_CHANNELS } from '../channels.js';
import { ADMIN, anyOf, PUBLIC, SESSION } from '../permissions.js';
import { defineCall, Empty, NoData, nonEmptyTrimmed, noSpaces } from './define.js';
import { LIMITS, LOG_FILES } from '../limits.js';
import { CONTROL_CHARS } from '../settings/define.js';
import { TASK_CODES, TASK_CYCLES, TASK_SECONDS_MAX } from '../tasks.js';
import { LOCK_IDLE_MINUTES } from '../lock-idle.js';
import { AutoRepairStatus } from '../auto-repair.js';
import { crud, mask } from './schedule.js';
import { certificateCalls } from './certificate.js';

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
  /** The SRT outputs (setting_live_srt; beyond the spec), as `ismainliving`/`issubliving` are for RTMP. */
  ismainsrt: z.enum(['true', 'false', 'reconn']),
  issubsrt: z.enum(['true', 'false', 'reconn']),
  livingstart: z.string(),
  /** The device clock now, in the device zone like every time above: consoles count elapsed times from it whatever their own zone. */
  devicetime: z.string(),
  /** When the RTMP main (HD) output that is on was started, in the device zone ('' while off); kept over reconnects. */
  mainlivingstart: z.string(),
  /** The same for the RTMP sub (SD) output. */
  sublivingstart: z.string(),
  /** The silence alarm (confidence monitor): a recording's sound has stayed below SILENCE_ALARM_DB for the alarm time. */
  audioalarm: truth,
  /** The room's health, the worst of its checks (the `health` call has each check; beyond the spec). */
  health: z.enum(HEALTH_STATES),
  /**
   * What each video channel A-F delivers now, with its source (beyond the spec: the Video screen, the confidence
   * monitor), and the picture size and rate it delivered at the encode's start (`detected`: while the encode runs and
   * shows the channel).
   */
  signals: z.array(
    z.object({
      channel: z.enum(VIDEO_CHANNELS),
      source: z.string(),
      signal: z.enum(CHANNEL_SIGNALS),
      detected: z.object({ width: z.number().int(), height: z.number().int(), fps: z.number().optional() }).optional(),
    }),
  ),
});
/** The Update page (updateinfo); the launcher's outcome of the last update is `last`. */
export const UpdateInfo = z.object({
  /** Roomcast's version of this service and the commit it was built from ('' when unknown). */
  version: z.string(),
  commit: z.string(),
  /** The release `current` names in the install root, and the one kept to roll back to ('' when none). */
  current: z.string(),
  previous: z.string(),
  /** Whether this service runs from the install root's current release (else from a checkout, e.g. `npm start`). */
  runningrelease: z.boolean(),
  /** A release installed but not yet started healthy under the launcher ('' when none). */
  trial: z.string(),
  /**
   * The last update's outcome as the launcher saw it: kept, or rolled back to `from` because the release exited
   * (`reason` `exit:<code>`) or did not answer in time (`timeout:<seconds>`); `at` in the device zone.
   */
  last: z
    .object({ version: z.string(), from: z.string(), result: z.enum(['installed', 'rolledback']), reason: z.string(), at: z.string() })
    .nullable(),
  /** SHA-256 fingerprint of the Ed25519 public key bundles must be signed with; '' when none is configured (no update installs). */
  keyfingerprint: z.string(),
  /** The largest bundle accepted, in bytes. */
  maxbytes: z.number(),
});
export const OpeLogEntry = z.object({ usercode: z.string(), opesource: z.string(), description: z.string(), opetime: z.string() });
/** A system task (spec §3); `next` is when it runs next in the device zone ('' when never: disabled, or a once task that ran). */
export const Task = z.object({
  id: z.number(),
  name: z.string(),
  taskcode: z.enum(TASK_CODES),
  start: z.string(),
  cycle: z.enum(TASK_CYCLES),
  weekdays: z.number(),
  months: z.number(),
  monthdays: z.number(),
  enable: z.boolean(),
  next: z.string(),
  repeat: z.boolean(),
  repeatinterval: z.number(),
  duration: z.number(),
});
const seconds = z.number().int().min(0).max(TASK_SECONDS_MAX).default(0);
const TaskInput = z.object({
  id: z.number().int().optional(),
  name: nonEmptyTrimmed(100),
  taskcode: z.enum(TASK_CODES),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a time HH:mm:ss'),
  cycle: z.enum(TASK_CYCLES),
  weekdays: mask(7).default(0),
  months: mask(12).default(0),
  monthdays: mask(31).default(0),
  enable: z.boolean().default(true),
  repeat: z.boolean().default(false),
  repeatinterval: seconds,
  duration: seconds,
});
/** One error of the console (frontlog): control characters become spaces, so a line of frontlog.log stays one line. */
const CONTROL_ALL = new RegExp(CONTROL_CHARS.source, 'gu');
const frontText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.replace(CONTROL_ALL, ' '));
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
    summary: `Download the system logs as ${'`download_syslog.zip`'}, AES-256 encrypted with the password of the body (admin only, from the log screen's debug mode). The file-path header (base64) names one fixed log file (${LOG_FILES.join(', ')}) or "all" (also when absent); any other path is refused.`,
    request: z.object({
      password: z
        .string()
        .min(LIMITS.syslogPassword.min, `must be at least ${LIMITS.syslogPassword.min} characters`)
        .max(LIMITS.syslogPassword.max, `must be at most ${LIMITS.syslogPassword.max} characters`)
        .refine((v) => !CONTROL_CHARS.test(v), 'must not contain control characters'),
    }),
    data: NoData,
    permission: ADMIN,
    // Audited: who took the logs, and which, is in the operation log.
    mutating: true,
    reply: 'binary',
  }),
  frontlog: defineCall({
    summary: `The console's own errors, appended to frontlog.log; at most ${LIMITS.frontlog.perSessionPerMinute} entries a minute per session are kept (the rest are counted as dropped).`,
    request: z.object({
      entries: z
        .array(z.object({ message: frontText(LIMITS.frontlog.messageMax), where: frontText(300).default('') }))
        .min(1)
        .max(LIMITS.frontlog.entriesPerCall),
    }),
    data: z.object({ accepted: z.number(), dropped: z.number() }),
    permission: SESSION,
    mutating: false,
  }),
  task_schedule: defineCall({
    summary: 'System tasks (reboot, clearlog, ntp) run by the scheduler: list (an array, with `next`), add, update, delete.',
    request: crud(TaskInput),
    data: z.array(Task).optional(),
    permission: anyOf('systemsetting'),
    mutating: (b) => b.operation !== 'list',
  }),
  downloadgeneralfile: defineCall({
    summary:
      'Download the configuration backup (.ini of every setting code the caller may read and write, secrets left out) when the file-path header is base64 of `roomcast-config.ini`.',
    request: z.unknown(),
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: false,
    body: 'raw',
    reply: 'binary',
  }),
  uploadgeneralfile: defineCall({
    summary:
      'Restore a configuration backup (.ini bytes, at most 1 MB; file-path header: its file name). Every section and key is validated first and all of it is written in one transaction, or nothing (the answer names the line, section and key). On success the service restarts.',
    request: z.unknown(),
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: true,
    body: 'raw',
  }),
  editproduct: defineCall({
    summary:
      "The About page's hidden product editor (docs/update.md): an administrator's user code and password are checked (a wrong one, or a user who is not an administrator: `passwordWrong`; throttled with login's counts: HTTP 429 as login, see the decision Login throttling). Without `data` that is all (the panel opens); with it `setting_product` is written as writeconfig does, all or nothing.",
    request: z.object({
      usercode: noSpaces(LIMITS.usercodeMax).pipe(z.string().min(1, 'must not be empty')),
      password: z.string().min(1, 'must not be empty').max(LIMITS.passwordMax),
      data: z
        .array(z.object({ key: z.string().max(64), value: z.string().max(4096) }))
        .min(1)
        .max(10)
        .optional(),
    }),
    data: NoData,
    permission: anyOf('about'),
    // Every attempt is in the operation log, a failed one too.
    mutating: true,
  }),
  updateinfo: defineCall({
    summary:
      "The Update page: this service's version and commit, the releases of the install root (current, previous, one being tried), the last update's outcome, the update key's fingerprint and the largest bundle accepted.",
    request: Empty,
    data: UpdateInfo,
    permission: anyOf('systemsetting', 'about'),
    mutating: false,
  }),
  uploadupdate: defineCall({
    summary:
      "Install an update bundle (docs/update.md; body: the bundle, streamed to disk; file-path header: its file name). Its Ed25519 signature is checked against the configured key, then the payload's SHA-256 and every entry, before anything changes; the release is unpacked beside the current one, `current` is switched and the service restarts (the launcher rolls back a release that does not become healthy). Refused while recording.",
    request: z.unknown(),
    data: z.object({ version: z.string(), previous: z.string() }),
    permission: ADMIN,
    mutating: true,
    body: 'raw',
    stream: true,
  }),
  setlockscreen: defineCall({
    summary:
      'Set the console lock password (`setting_lockscreen.password`, stored as an argon2id hash, never read back) and turn the lock on; `idleminutes` (0: lock only on demand) when given. The same as writing `setting_lockscreen`.',
    request: z.object({
      password: z
        .string()
        .min(1, 'Please input password.')
        .max(LIMITS.passwordMax)
        .refine((v) => !/\s/.test(v) && !CONTROL_CHARS.test(v), 'must not contain spaces or control characters'),
      idleminutes: z.number().int().min(LOCK_IDLE_MINUTES.min).max(LOCK_IDLE_MINUTES.max).optional(),
    }),
    data: NoData,
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
  unlockscreen: defineCall({
    summary:
      'Unlock this session with the lock password (checked against its argon2id hash). Wrong: `lockPasswordWrong`; throttled like login (HTTP 429 as login, see the decision Login throttling). A session that is not locked stays so (the password is still checked).',
    request: z.object({ password: z.string().min(1, 'Please input password.').max(LIMITS.passwordMax) }),
    data: NoData,
    permission: SESSION,
    mutating: true,
  }),
  lockscreen: defineCall({
    summary:
      'Lock this session: from now on every call but those of `CALLS_WHILE_LOCKED` is refused with HTTP 423 `screenLocked` until `unlockscreen`. `idle`: the console locked itself after `setting_lockscreen.idleminutes` without input (for the operation log). Refused with `lockScreenNotSet` while the lock is off or has no password.',
    request: z.object({ idle: z.boolean().default(false) }),
    data: NoData,
    permission: SESSION,
    mutating: true,
  }),
  lockscreenstate: defineCall({
    summary:
      'The screen lock for this session: `enabled` (on, with a password), `idleminutes` (0: only on demand) and whether this session is `locked`. Answered while locked, so a reloaded console or a second tab shows the lock.',
    request: Empty,
    data: z.object({ enabled: z.boolean(), idleminutes: z.number().int(), locked: z.boolean() }),
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
  autorepairstatus: defineCall({
    summary:
      'Auto repair (`setting_autorepair`): whether it runs now, when it may run next and what its last run did, step by step (docs/operations.md "Auto repair").',
    request: Empty,
    data: AutoRepairStatus,
    permission: anyOf('systemsetting'),
    mutating: false,
  }),
  ...certificateCalls,
};
