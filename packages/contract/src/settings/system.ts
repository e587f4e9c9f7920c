import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { LOCK_IDLE_MINUTES } from '../lock-idle.js';
import { boolText, CONTROL_CHARS, defineSetting, intText, settingKey as key, timeText, when, withMeta } from './define.js';
import { ruleIssue } from './rules.js';
import { dateTimeText, hostText, zoneText } from './values.js';

export const settingDatetime = defineSetting({
  description: 'Clock and time zone of the appliance.',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    // Reads show the device clock (the service supplies it); writing "" leaves the clock alone.
    current: key('', dateTimeText, 'Date and time to set, YYYY-MM-DD HH:mm:ss.SSS (milliseconds optional).'),
    zone: key('UTC+08:00', zoneText, 'Time zone UTC±HH:MM, UTC-12:00 to UTC+13:00.'),
  },
});

export const settingNtp = defineSetting({
  description: 'Clock synchronisation by NTP.',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('true', boolText, 'Keep the clock in sync with the NTP server.'),
    server: key('pool.ntp.org', hostText, 'NTP server host name or IPv4 address.', { disabledWhen: when('enable', 'false') }),
  },
  check: (v) => (v.enable === 'true' && !v.server ? [ruleIssue('server', 'ntpServer')] : []),
});

export const settingAutorepair = defineSetting({
  description: 'Automatic repair (disk check and cleanup) in a nightly window ("not shown" in the spec).',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Run automatic repair in the work window.'),
    starttime: key('01:00:00', timeText, 'Start of the work window (HH:mm:ss).', { disabledWhen: when('enable', 'false') }),
    endtime: key('05:00:00', timeText, 'End of the work window (HH:mm:ss); before starttime means overnight.', {
      disabledWhen: when('enable', 'false'),
    }),
    reboot: key('false', boolText, 'Reboot after a repair.', { disabledWhen: when('enable', 'false') }),
  },
  check: (v) => (v.enable === 'true' && v.starttime === v.endtime ? [ruleIssue('endtime', 'repairWindowEmpty')] : []),
});

/** Spec §5: spaces are blocked in password fields; the service stores a hash, never the text. */
const lockPasswordText = withMeta(
  z
    .string()
    .max(128, 'must be at most 128 characters')
    .refine((v) => !/\s/.test(v) && !CONTROL_CHARS.test(v), 'must not contain spaces or control characters'),
  { kind: 'text', maxLength: 128, format: 'password' },
);

export const settingLockscreen = defineSetting({
  description: 'Screen lock of the console ("not shown" in the spec).',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Lock the console screen with a password.'),
    password: key('', lockPasswordText, 'Unlock password (stored hashed by the service).', {
      secret: true,
      disabledWhen: when('enable', 'false'),
    }),
    idleminutes: key(
      String(LOCK_IDLE_MINUTES.default),
      intText(LOCK_IDLE_MINUTES.min, LOCK_IDLE_MINUTES.max),
      'Minutes without keyboard, mouse or touch input before the console locks; 0 locks only on demand.',
      { disabledWhen: when('enable', 'false') },
    ),
  },
  check: (v) => (v.enable === 'true' && !v.password ? [ruleIssue('password', 'lockPassword')] : []),
});
