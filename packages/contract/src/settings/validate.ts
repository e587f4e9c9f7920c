import { NORMAL_MODE, type SettingCodeDef, type SettingContext, type SettingIssue, type SettingKeyDef } from './define.js';
import { SETTINGS, type SettingCode } from './registry.js';

/*
 * Pure helpers over the setting definitions, shared by the service (readconfig/writeconfig) and the
 * console (defaults, client-side pre-checks). Values are always strings.
 */

export type WriteResult = { ok: true; values: Record<string, string>; changed: string[] } | { ok: false; issues: SettingIssue[] };

const has = (o: object, k: string) => Object.hasOwn(o, k);
/** The definition widened to the common shape (the registry keeps each code's literal key names). */
const defOf = (code: SettingCode): SettingCodeDef => SETTINGS[code];

/** The defaults of a code in a mode (`ctx`; the normal mode when not given). */
export function defaultValues(code: SettingCode, ctx: SettingContext = NORMAL_MODE): Record<string, string> {
  const def = defOf(code);
  return { ...Object.fromEntries(Object.entries(def.keys).map(([k, key]) => [k, key.default])), ...def.modeDefaults?.(ctx) };
}

/** Defaults overlaid with the stored values of known keys (stale keys of older versions are dropped), normalized. */
function effectiveValues(code: SettingCode, stored: Record<string, string>, ctx: SettingContext): Record<string, string> {
  const values = defaultValues(code, ctx);
  for (const k of Object.keys(values)) if (has(stored, k) && typeof stored[k] === 'string') values[k] = stored[k];
  return defOf(code).normalize?.(values, ctx) ?? values;
}

/** What a reader sees: defaults merged with stored, normalize applied, secrets blanked. */
export function readableValues(
  code: SettingCode,
  stored: Record<string, string>,
  ctx: SettingContext = NORMAL_MODE,
): Record<string, string> {
  const values = effectiveValues(code, stored, ctx);
  for (const [k, def] of Object.entries(defOf(code).keys)) if (def.secret) values[k] = '';
  return values;
}

/** Validates one written value against its key; returns the transformed value or the rule it broke. */
function parseOne(code: SettingCode, k: string, value: unknown, seen: Set<string>): { value: string } | { message: string } | null {
  const keys = defOf(code).keys;
  const def = has(keys, k) ? keys[k] : undefined;
  if (!def) return { message: `unknown key of ${code}` };
  if (seen.has(k)) return { message: 'is given more than once' };
  seen.add(k);
  if (def.readOnly) return { message: 'is read-only' };
  if (typeof value !== 'string') return { message: 'must be a string' };
  // A secret written as "" means "unchanged": the console never has the stored value to send back.
  if (def.secret && value === '') return null;
  const parsed = def.schema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { message: parsed.error.issues[0]?.message ?? 'is not valid' };
}

/**
 * Validates a write of some keys of one code and merges it with what is stored. All or nothing: any bad key,
 * or any cross-key rule broken by the merged result, rejects the whole write with every issue found.
 * `values` holds every writable key (read-only keys are the service's to compute, never stored from here);
 * `changed` lists the keys whose value differs from before.
 */
export function applyWrite(
  code: SettingCode,
  stored: Record<string, string>,
  data: readonly { key: string; value: string }[],
  ctx: SettingContext = NORMAL_MODE,
): WriteResult {
  const def = defOf(code);
  const issues: SettingIssue[] = [];
  const written: Record<string, string> = {};
  const seen = new Set<string>();
  for (const item of data as readonly { key: unknown; value: unknown }[]) {
    const k = typeof item?.key === 'string' ? item.key : String(item?.key);
    const result = parseOne(code, k, item?.value, seen);
    if (result === null) continue;
    if ('message' in result) issues.push({ key: k, message: `${k}: ${result.message}` });
    else written[k] = result.value;
  }
  if (issues.length) return { ok: false, issues };

  const before = effectiveValues(code, stored, ctx);
  const merged = { ...before, ...written };
  const values = def.normalize?.(merged, ctx) ?? merged;
  // A written value must be one offered now (judged before normalize, which would quietly replace it).
  const broken = withChoiceIssues(code, def.check?.(values, ctx) ?? [], merged, Object.keys(written), ctx, true);
  if (broken.length) return { ok: false, issues: broken };

  for (const [k, keyDef] of Object.entries(def.keys)) if (keyDef.readOnly) delete values[k];
  const changed = Object.keys(values).filter((k) => values[k] !== before[k]);
  return { ok: true, values, changed };
}

/** The keys of a code in declaration order, with their definitions. */
export function settingKeysOf(code: SettingCode): [key: string, def: SettingKeyDef][] {
  return Object.entries(defOf(code).keys).sort((a, b) => a[1].order - b[1].order);
}

/** The locale key of a setting key's label in the `settings` namespace: `<settingcode>.<key>`. */
export const settingLabelKey = (code: SettingCode, key: string): string => `${code}.${key}`;

/** The values after a person set `key` to `value`, with the code's `adjust` rule applied (spec §4). */
export function editValue(code: SettingCode, values: Record<string, string>, key: string, value: string): Record<string, string> {
  const next = { ...values, [key]: value };
  return defOf(code).adjust?.(next, key) ?? next;
}

/**
 * What the service would refuse in these edited values, per key, before anything is sent: each key's own rule
 * (`message` is the rule alone, e.g. "must be between 0 and 100"), then the cross-key `check` on the values as
 * they would be stored. Read-only keys and secrets left "" (kept) are not checked.
 */
export function editIssues(code: SettingCode, values: Record<string, string>, ctx: SettingContext = NORMAL_MODE): SettingIssue[] {
  const def = defOf(code);
  const issues: SettingIssue[] = [];
  const parsed: Record<string, string> = { ...values };
  for (const [k, keyDef] of Object.entries(def.keys)) {
    const value = values[k];
    if (keyDef.readOnly || value === undefined) continue;
    // A secret reads as "" and "" keeps what is stored, which the console cannot see: assume it is there.
    if (keyDef.secret && value === '') {
      parsed[k] = 'kept';
      continue;
    }
    const result = keyDef.schema.safeParse(value);
    if (result.success) parsed[k] = result.data;
    else issues.push({ key: k, message: result.error.issues[0]?.message ?? 'is not valid' });
  }
  const merged = def.normalize?.(parsed, ctx) ?? parsed;
  const bad = new Set(issues.map((i) => i.key));
  const present = Object.keys(def.keys).filter((k) => values[k] !== undefined && !bad.has(k));
  for (const issue of withChoiceIssues(code, def.check?.(merged, ctx) ?? [], parsed, present, ctx, false))
    if (!bad.has(issue.key)) issues.push(issue);
  return issues;
}

/** The options of an enum key offered now (`choices` for these values and mode, else every option); [] for other kinds. */
export function choicesOf(
  code: SettingCode,
  key: string,
  values: Record<string, string>,
  ctx: SettingContext = NORMAL_MODE,
): readonly string[] {
  const def = has(defOf(code).keys, key) ? defOf(code).keys[key] : undefined;
  if (def?.meta.kind !== 'enum') return [];
  return def.choices?.(values, ctx) ?? def.meta.options;
}

/**
 * The check's issues, then one for each of `keys` whose value is not offered now (unless the check named it);
 * `prefixed`: the message names its key, as applyWrite's key issues do.
 */
function withChoiceIssues(
  code: SettingCode,
  issues: SettingIssue[],
  values: Record<string, string>,
  keys: readonly string[],
  ctx: SettingContext,
  prefixed: boolean,
): SettingIssue[] {
  const named = new Set(issues.map((i) => i.key));
  const out = [...issues];
  for (const k of keys) {
    const def = defOf(code).keys[k];
    if (!def?.choices || named.has(k)) continue;
    const offered = def.choices(values, ctx);
    if (!offered.includes(values[k] ?? ''))
      out.push({ key: k, message: `${prefixed ? `${k}: ` : ''}must be one of ${offered.join(', ') || '(none)'}` });
  }
  return out;
}
