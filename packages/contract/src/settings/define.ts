import { z } from 'zod';
import type { Requirement } from '../permissions.js';

/** One key of a setting code. Values travel as strings; booleans as "true"/"false" (spec §3). */
export interface SettingKeyDef {
  default: string;
  /** Validates (and may normalise, e.g. trim) the string value. */
  schema: z.ZodType<string, string>;
  description: string;
  /** Never read back: reads return "", and writing "" keeps the stored value. */
  secret?: boolean;
  /** Computed by the service (e.g. real network values); writes to it are refused. */
  readOnly?: boolean;
}

export interface SettingIssue {
  key: string;
  message: string;
}

export interface SettingCodeDef {
  description: string;
  keys: Record<string, SettingKeyDef>;
  read: Requirement;
  write: Requirement;
  /** Rules across keys (spec §4/§5) checked on the merged values after a write; any issue rejects the write. */
  check?: (values: Record<string, string>) => SettingIssue[];
  /** Values forced on load or save (e.g. `hddenable` always true, `sub_quality` forced 360). */
  normalize?: (values: Record<string, string>) => Record<string, string>;
}

export function defineSetting<T extends SettingCodeDef>(def: T): T {
  return def;
}

/** Shorthand for a key definition; `extra` carries `secret` / `readOnly`. */
export const settingKey = (
  def: string,
  schema: z.ZodType<string, string>,
  description: string,
  extra: Pick<SettingKeyDef, 'secret' | 'readOnly'> = {},
): SettingKeyDef => ({ default: def, schema, description, ...extra });

// Value schemas shared by the setting codes. Messages are the rule only; applyWrite prefixes the key.

/**
 * Control characters (C0/C1), line/paragraph separators and bidi overrides: never legitimate in a setting,
 * and they break log lines, ffmpeg filter text and config files the service writes.
 */
export const CONTROL_CHARS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export const enumText = <T extends readonly [string, ...string[]]>(values: T) =>
  z.string().trim().refine((v) => (values as readonly string[]).includes(v), `must be one of ${values.join(', ')}`);
export const boolText = enumText(['true', 'false']);
export const intText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,9}$/, 'must be a whole number')
    .refine((v) => Number(v) >= min && Number(v) <= max, `must be between ${min} and ${max}`)
    // Canonical form ("0050" -> "50") so stored values compare and print the same everywhere.
    .transform((v) => String(Number(v)));
/** Free text shown to people (names, OSD text): trimmed, bounded, no control characters. */
export const textMax = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), 'must not contain control characters');
/** Like textMax, but every whitespace character is removed first (spec §5 "spaces stripped"). */
export const compactText = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(textMax(max));
export const timeText = z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a time HH:mm:ss');
/** Read-only values are written by the service only; any string is accepted as stored. */
export const anyText = z.string();
