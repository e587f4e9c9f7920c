import { z } from 'zod';
import { CONTROL_CHARS, withMeta } from './define.js';

/*
 * Strict value checks for settings that reach commands, config files or URLs (NTP server, FTP host, network
 * addresses, stream URLs, paths). The service runs commands with argument arrays, never a shell; these
 * checks are the second fence: only the characters the value can legitimately need are accepted.
 */

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Dotted quad without leading zeros (some tools read "010" as octal). */
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const isIpv4 = (v: string): boolean => IPV4.test(v);

/** A DNS name (letters, digits, hyphens, dots; labels never start with "-") or an IPv4 address. */
export function isHostname(v: string): boolean {
  if (v.length === 0 || v.length > 253) return false;
  const labels = v.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  // All-numeric names are meant as addresses: "999.1.1.1" or "10.1" must not pass as names.
  return labels.every((l) => /^\d+$/.test(l)) ? isIpv4(v) : true;
}

const ipv4ToInt = (v: string): number => v.split('.').reduce((n, o) => n * 256 + Number(o), 0);

/** A contiguous netmask (ones then zeros), /1 to /32. */
export function isNetmask(v: string): boolean {
  if (!isIpv4(v)) return false;
  const inverted = ~ipv4ToInt(v) >>> 0;
  return v !== '0.0.0.0' && ((inverted + 1) & inverted) === 0;
}

/** A unicast MAC "aa:bb:cc:dd:ee:ff": first octet's low (multicast) bit clear, not all zeros (spec §5). */
export function isMac(v: string): boolean {
  if (!/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/.test(v)) return false;
  return (parseInt(v.slice(0, 2), 16) & 1) === 0 && v !== '00:00:00:00:00:00';
}

/** "" (not configured) or a host name / IPv4 address. */
export const hostText = withMeta(
  z
    .string()
    .trim()
    .refine((v) => v === '' || isHostname(v), 'must be a host name or IPv4 address (letters, digits, dots and hyphens only)'),
  { kind: 'text', maxLength: 253, format: 'host' },
);

/** Network address keys: only address characters, so nothing hostile is ever stored; full check in `check`. */
export const addressChars = withMeta(
  z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f.:]{0,17}$/, 'may contain only digits, letters a-f, dots and colons'),
  { kind: 'text', maxLength: 17, format: 'address' },
);

// RFC 3986 characters minus $ ( ) ; ' (percent-encode those): a URL never carries shell syntax.
const URL_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!&*+,=%]+$/;

/** "" (output or channel not used) or a URL of one of the schemes with a host and no whitespace. */
export const urlText = (schemes: readonly string[]) =>
  withMeta(
    z
      .string()
      .trim()
      .max(1024, 'must be at most 1024 characters')
      .refine(
        (v) => v === '' || isUrlOf(v, schemes),
        `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL without spaces, quotes or $ ( ) ;`,
      ),
    { kind: 'text', maxLength: 1024, format: 'url', schemes },
  );

export function isUrlOf(v: string, schemes: readonly string[]): boolean {
  if (!URL_CHARS.test(v) || CONTROL_CHARS.test(v)) return false;
  const scheme = v.slice(0, v.indexOf('://'));
  if (!schemes.includes(scheme.toLowerCase())) return false;
  try {
    return new URL(v).hostname !== '';
  } catch {
    return false;
  }
}

/** "" or a POSIX path, relative or absolute: no ".." segment, no leading "-" (never an option), safe characters. */
export const pathText = withMeta(
  z
    .string()
    .trim()
    .max(1024, 'must be at most 1024 characters')
    .refine(
      (v) => v === '' || (/^[\p{L}\p{N}_.\-/@+,=]+$/u.test(v) && !v.startsWith('-') && !v.split('/').includes('..')),
      'must be a path of letters, digits and _ . - / @ + , = without ".." segments',
    ),
  { kind: 'text', maxLength: 1024, format: 'path' },
);

/** Identifiers and tokens (client ids, API tokens, terminal types): letters, digits, "." "_" "-". */
export const tokenText = (max: number) =>
  withMeta(
    z
      .string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      .regex(/^[A-Za-z0-9._-]*$/, 'may contain only letters, digits, ".", "_" and "-"'),
    { kind: 'text', maxLength: max, format: 'token' },
  );

/** OAuth tokens (refresh and access tokens): also "/", "~", "+" and "=" (Google's refresh tokens start "1//"). */
export const oauthTokenText = (max: number) =>
  withMeta(
    z
      .string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      .regex(/^[A-Za-z0-9._~+/=-]*$/, 'may contain only letters, digits and . _ ~ + / = -'),
    { kind: 'text', maxLength: max, format: 'token' },
  );

/** Account names for remote services (FTP): also "@" and "+", never starting with "-". */
export const accountText = withMeta(
  z
    .string()
    .trim()
    .max(64, 'must be at most 64 characters')
    .regex(/^([A-Za-z0-9._@+][A-Za-z0-9._@+-]*)?$/, 'may contain only letters, digits and . _ @ + - (not first)'),
  { kind: 'text', maxLength: 64, format: 'account' },
);

/** Passwords for remote services: any printable text; control characters would corrupt config files. */
export const passwordText = withMeta(
  z
    .string()
    .max(128, 'must be at most 128 characters')
    .refine((v) => !CONTROL_CHARS.test(v), 'must not contain control characters'),
  { kind: 'text', maxLength: 128, format: 'password' },
);

/** "" (leave the clock alone) or `YYYY-MM-DD HH:mm:ss` with optional `.SSS`, a real calendar date. */
export const dateTimeText = withMeta(
  z
    .string()
    .trim()
    .refine((v) => v === '' || isDateTime(v), 'must be a date and time YYYY-MM-DD HH:mm:ss.SSS between 1970 and 2099'),
  { kind: 'datetime' },
);

export function isDateTime(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{3})?$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 2099 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `UTC±HH:MM` from UTC-12:00 to UTC+13:00, minutes 00, 30 or 45 (spec §9); UTC+00:00 is the one zero form. */
export function isZone(v: string): boolean {
  const m = /^UTC([+-])(\d{2}):(00|30|45)$/.exec(v);
  if (!m) return false;
  const minutes = (Number(m[2]) * 60 + Number(m[3])) * (m[1] === '-' ? -1 : 1);
  if (minutes === 0) return m[1] === '+';
  return minutes >= -720 && minutes <= 780;
}
/** Every zone `isZone` accepts, west to east (the console's choices): UTC-12:00 ... UTC+13:00 by :00, :30 and :45. */
export const ZONES: readonly string[] = Array.from({ length: 26 * 4 + 1 }, (_, i) => -720 + i * 15)
  .map((minutes) => {
    const abs = Math.abs(minutes);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  })
  .filter(isZone);
export const zoneText = withMeta(z.string().trim().refine(isZone, 'must be a time zone UTC±HH:MM from UTC-12:00 to UTC+13:00'), {
  kind: 'zone',
});
