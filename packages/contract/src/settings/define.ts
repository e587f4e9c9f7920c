import { z } from 'zod';
import type { Requirement } from '../permissions.js';

/**
 * What a value is, for the console to pick the widget and its range (zod 4 `.meta({ setting })` on every value
 * schema; `settingKey` copies it onto the key). The schema stays the one judge of a value; this only describes it.
 */
export type TextFormat =
  | 'plain'
  | 'compact'
  | 'host'
  | 'url'
  | 'path'
  | 'token'
  | 'account'
  | 'password'
  | 'address'
  | 'hexColor'
  | 'fileName'
  /** PEM text (certificates): several lines, a text area. */
  | 'pem'
  | 'email'
  /** Host names separated by commas. */
  | 'hostList'
  /** One item per line: a text area. */
  | 'lines'
  /** A capture device of the box (`capture.ts`): the console offers the devices found. */
  | 'device';
export type ValueMeta =
  | { kind: 'bool' }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'enum'; options: readonly string[] }
  /** HH:mm:ss */
  | { kind: 'time' }
  /** YYYY-MM-DD HH:mm:ss(.SSS), "" allowed */
  | { kind: 'datetime' }
  /** UTC±HH:MM */
  | { kind: 'zone' }
  /** `schemes`: a URL's allowed schemes (format `url`), e.g. rtmp and rtmps. */
  | { kind: 'text'; maxLength: number; format: TextFormat; schemes?: readonly string[] }
  /** Any string (values the service computes). */
  | { kind: 'any' };

/**
 * What `typedSetting` (typed.ts) parses a value of this metadata to: bool a boolean, int a number, enum the union
 * of its options (string when the options are not literal types), anything else the string itself.
 */
export type TypedValue<M extends ValueMeta> = M extends { kind: 'bool' }
  ? boolean
  : M extends { kind: 'int' }
    ? number
    : M extends { kind: 'enum'; options: readonly (infer O extends string)[] }
      ? O
      : string;

/**
 * A value schema that also carries its metadata's type, so `settingKey` and `defineSetting` keep each key's kind
 * (and an enum's options) for `TypedSetting`. The property exists only in the type: the metadata itself travels in
 * zod's `.meta()`, which TypeScript cannot see.
 */
export type MetaSchema<M extends ValueMeta = ValueMeta> = z.ZodType<string, string> & { readonly '~setting'?: M };

/** Attaches the metadata to a value schema; call it last (a later `.refine`/`.transform` makes a new schema without it). */
export function withMeta<S extends z.ZodType<string, string>, const M extends ValueMeta>(schema: S, setting: M): S & MetaSchema<M> {
  return schema.meta({ setting }) as S & MetaSchema<M>;
}

/** The metadata of a value schema, if it has any. */
export function valueMetaOf(schema: z.ZodType<string, string>): ValueMeta | undefined {
  return (schema.meta() as { setting?: ValueMeta } | undefined)?.setting;
}

/** A key of the same code and the values for which a condition holds, e.g. `when('channelA', 'rtsp')`. */
export interface SettingCondition {
  key: string;
  is: readonly string[];
}
export const when = (key: string, ...is: string[]): SettingCondition => ({ key, is });
export const conditionHolds = (c: SettingCondition | undefined, values: Record<string, string>): boolean =>
  c?.is.includes(values[c.key] ?? '') ?? false;

/**
 * One key of a setting code. Values travel as strings; booleans as "true"/"false" (spec §3). `M`: its metadata's
 * type, kept by `settingKey` so the key's typed value (`TypedValue<M>`) is known without a cast.
 */
export interface SettingKeyDef<M extends ValueMeta = ValueMeta> {
  default: string;
  /** Validates (and may normalise, e.g. trim) the string value. */
  schema: z.ZodType<string, string>;
  description: string;
  /** What the value is (kind, range, options, length), from the schema's metadata. */
  meta: M;
  /** Position in the code's declaration; screens show keys in this order. */
  order: number;
  /** Never read back: reads return "", and writing "" keeps the stored value. */
  secret?: boolean;
  /** Computed by the service (e.g. real network values); writes to it are refused. */
  readOnly?: boolean;
  /** Shown only while this holds (e.g. `rtspURLA` while `channelA` is rtsp). */
  visibleWhen?: SettingCondition;
  /** Shown but not editable while this holds (e.g. the upload window while timed upload is off). */
  disabledWhen?: SettingCondition;
  /**
   * The options offered now, when they depend on the mode or on other keys (e.g. main bitrates in 4K mode, 20000
   * only at 2160): a subset of `meta.options`. The console offers only these; a write of another one is refused.
   */
  choices?: (values: Record<string, string>, ctx: SettingContext) => readonly string[];
}

/**
 * What a code's rules may depend on besides its values: the box's mode (web config `site.mode4k`). The service
 * reads it from its web config and the console from `/static/webconfig.json`, so both judge the same way.
 */
export interface SettingContext {
  mode4k: boolean;
}
export const NORMAL_MODE: SettingContext = { mode4k: false };

/** A broken cross-key rule; `message` is English, from `SETTING_RULES` (`rules.ts`) so a reader's language can be found. */
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
  check?: (values: Record<string, string>, ctx: SettingContext) => SettingIssue[];
  /** Values forced on load or save (e.g. `hddenable` always true, `sub_quality` forced 360). */
  normalize?: (values: Record<string, string>, ctx: SettingContext) => Record<string, string>;
  /** Defaults that differ by mode (e.g. main quality 2160 in 4K mode), over the keys' own defaults. */
  modeDefaults?: (ctx: SettingContext) => Record<string, string>;
  /**
   * What the other keys follow to while a person edits (spec §4, e.g. audio exclusivity): given the values right
   * after `changed` took its new value, the values to show. Pure; its results always pass `check`.
   */
  adjust?: (values: Record<string, string>, changed: string) => Record<string, string>;
}

/** Numbers the keys in declaration order (the order screens show them in). */
export function defineSetting<T extends SettingCodeDef>(def: T): T {
  Object.values(def.keys).forEach((k, i) => {
    k.order = i;
  });
  return def;
}

type KeyExtra = Pick<SettingKeyDef, 'secret' | 'readOnly' | 'visibleWhen' | 'disabledWhen' | 'choices'>;

/** Shorthand for a key definition; `extra` carries `secret` / `readOnly` and the conditions. */
export const settingKey = <M extends ValueMeta>(
  def: string,
  schema: MetaSchema<M>,
  description: string,
  extra: KeyExtra = {},
): SettingKeyDef<M> => {
  const meta = valueMetaOf(schema);
  if (!meta) throw new Error(`setting value schema without metadata (${description}): use a helper of define.ts/values.ts or withMeta`);
  // The runtime metadata is the one `withMeta` attached, whose type `MetaSchema<M>` carries.
  return { default: def, schema, description, meta: meta as M, order: 0, ...extra };
};

// Value schemas shared by the setting codes. Messages are the rule only; applyWrite prefixes the key.

/**
 * Control characters (C0/C1), line/paragraph separators and bidi overrides: never legitimate in a setting,
 * and they break log lines, ffmpeg filter text and config files the service writes.
 */
export const CONTROL_CHARS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

const enumSchema = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .refine((v) => (values as readonly string[]).includes(v), `must be one of ${values.join(', ')}`);
export const enumText = <const T extends readonly [string, ...string[]]>(values: T) =>
  withMeta(enumSchema(values), { kind: 'enum', options: values });
export const boolText = withMeta(enumSchema(['true', 'false']), { kind: 'bool' });
export const intText = (min: number, max: number) =>
  withMeta(
    z
      .string()
      .trim()
      .regex(/^-?\d{1,9}$/, 'must be a whole number')
      .refine((v) => Number(v) >= min && Number(v) <= max, `must be between ${min} and ${max}`)
      // Canonical form ("0050" -> "50") so stored values compare and print the same everywhere.
      .transform((v) => String(Number(v))),
    { kind: 'int', min, max },
  );
const textSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !CONTROL_CHARS.test(v), 'must not contain control characters');
/** Free text shown to people (names, OSD text): trimmed, bounded, no control characters. */
export const textMax = (max: number) => withMeta(textSchema(max), { kind: 'text', maxLength: max, format: 'plain' });
/** Like textMax, but every whitespace character is removed first (spec §5 "spaces stripped"). */
export const compactText = (max: number) =>
  withMeta(
    z
      .string()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(textSchema(max)),
    { kind: 'text', maxLength: max, format: 'compact' },
  );
export const timeText = withMeta(
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'must be a time HH:mm:ss'),
  { kind: 'time' },
);
/** Read-only values are written by the service only; any string is accepted as stored. */
export const anyText = withMeta(z.string(), { kind: 'any' });
