import { NORMAL_MODE, type SettingCodeDef, type SettingContext, type TypedValue, type ValueMeta } from './define.js';
import { SETTINGS, type SettingCode } from './registry.js';
import { defaultValues } from './validate.js';

/*
 * Setting values typed once, for the service's own use: the strings a code stores (spec §3: booleans as
 * "true"/"false", numbers as digits) parsed by each key's metadata, with the contract's defaults where a value is
 * missing or invalid. Code reads `typed.enable`, never compares strings or restates a default.
 */

type KeysOf<C extends SettingCode> = (typeof SETTINGS)[C]['keys'];

/** A code's values by its keys' metadata, e.g. `TypedSetting<'setting_ntp'>` = `{ enable: boolean; server: string }`. */
export type TypedSetting<C extends SettingCode> = {
  [K in keyof KeysOf<C> & string]: KeysOf<C>[K] extends { meta: infer M extends ValueMeta } ? TypedValue<M> : never;
};

/** One key and its value as `writeconfig` and the settings service take them. */
export interface SettingEntry {
  key: string;
  value: string;
}

const defOf = (code: SettingCode): SettingCodeDef => SETTINGS[code];

/** A string value (already valid for its key) as its typed value. */
function typedValue(meta: ValueMeta, text: string): boolean | number | string {
  if (meta.kind === 'bool') return text === 'true';
  if (meta.kind === 'int') return Number(text);
  return text;
}

/**
 * A code's values typed by their metadata (bool → boolean, int → number, enum → its option, else the string).
 * Each known key of `values` is judged by its own schema (and normalised by it, e.g. trimmed); a missing or invalid
 * one takes the default of the mode `ctx` (mode defaults included); then the code's `normalize` applies, as on
 * load. Secrets are taken as stored: the service may keep them transformed (the lock password is a hash). Unknown
 * keys (stale ones of an older version) are dropped.
 */
export function typedSetting<C extends SettingCode>(
  code: C,
  values: Readonly<Record<string, string>>,
  ctx: SettingContext = NORMAL_MODE,
): TypedSetting<C> {
  const def = defOf(code);
  const text = defaultValues(code, ctx);
  for (const [k, key] of Object.entries(def.keys)) {
    const value = Object.hasOwn(values, k) ? values[k] : undefined;
    if (typeof value !== 'string') continue;
    if (key.secret) {
      text[k] = value;
      continue;
    }
    const parsed = key.schema.safeParse(value);
    if (parsed.success) text[k] = parsed.data;
  }
  const normalized = def.normalize?.(text, ctx) ?? text;
  const typed = Object.fromEntries(Object.entries(def.keys).map(([k, key]) => [k, typedValue(key.meta, normalized[k] ?? text[k]!)]));
  return typed as TypedSetting<C>;
}

/** A typed value as the string the contract stores: booleans "true"/"false", numbers in decimal. */
export const settingText = (value: boolean | number | string): string =>
  typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);

/**
 * Typed values of some keys of a code as the entries a settings write takes, in the order given, e.g.
 * `settingEntries('setting_lockscreen', { enable: true, idleminutes: 5 })`; keys left undefined are not written.
 * A key the code does not have is a programming error (an object from elsewhere may carry extra properties).
 */
export function settingEntries<C extends SettingCode>(code: C, values: Partial<TypedSetting<C>>): SettingEntry[] {
  const keys = defOf(code).keys;
  return Object.entries(values as Record<string, boolean | number | string | undefined>)
    .filter((e): e is [string, boolean | number | string] => e[1] !== undefined)
    .map(([key, value]) => {
      if (!Object.hasOwn(keys, key)) throw new Error(`${key} is not a key of ${code}`);
      return { key, value: settingText(value) };
    });
}
