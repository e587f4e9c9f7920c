import {
  choicesOf,
  conditionHolds,
  editIssues,
  editValue,
  SETTINGS,
  settingKeysOf,
  type CallData,
  type CallRequest,
  type SettingCode,
  type SettingContext,
  type SettingIssue,
  type SettingKeyDef,
} from '@roomcast/contract';

/*
 * The declaration a settings screen is made of, and the pure steps of the shared SettingsPanel over it:
 * values per code, edits with the contract's `adjust` rules, issues from the contract's schemas and checks,
 * and the one `setsetting` body. Nothing here knows a setting's rules: they all come from the contract.
 */

/** Values of a screen, by setting code then key (strings, as the API has them). */
export type ScreenValues = Partial<Record<SettingCode, Record<string, string>>>;

/** What a screen may add to a key the contract already describes. */
export interface FieldOptions {
  /** Int keys: a slider beside the number box. */
  widget?: 'slider';
  /**
   * Shown disabled, always or while the values shown say so (e.g. the HDMI audio output switch while no device plays
   * it); `help` or `hint` says why.
   */
  disabled?: boolean | ((values: ScreenValues) => boolean);
  /** Shown only while this holds for the values shown (beside the contract's `visibleWhen`). */
  visible?: (values: ScreenValues) => boolean;
  /**
   * A select over these options in place of the key's own widget, for options that depend on the values shown or on
   * the box (e.g. the capture devices it finds and the modes the chosen one offers).
   */
  offered?: (values: ScreenValues) => readonly FieldChoice[];
  /**
   * The key of the same code this one's `offered` options depend on: after that one is edited, a value this key is no
   * longer offered goes back to '' (and so on along the keys that follow this one).
   */
  follows?: string;
  /** Locale key (`settings` namespace) of a line under the field, e.g. why it is disabled. */
  help?: string;
  /** A line under the field that depends on the values shown (already in the reader's language), e.g. advice. */
  hint?: (values: ScreenValues) => FieldHint | undefined;
  /** How the stored value reads in view mode (e.g. the product model's label); edit mode shows it as stored. */
  display?: (value: string) => string;
}

/** An option of an `offered` select; `missing`: a bound device the box does not find now (marked so). */
export interface FieldChoice {
  value: string;
  label: string;
  missing?: boolean;
}

/** A line under a field: information, or advice shown as a warning (never blocks Save). */
export interface FieldHint {
  text: string;
  warning?: boolean;
}

/** One titled panel of a screen: some keys of one setting code. */
export interface PanelDecl<C extends SettingCode = SettingCode> {
  /** Locale key of the title (e.g. `screens.audio.input`); also the panel's test id. */
  title: string;
  code: C;
  /** The keys shown, in this order; default: every key of the code in the contract's order. */
  keys?: string[];
  fields?: Record<string, FieldOptions>;
}

/** A panel over one code, keeping the code's key names checked by TypeScript. */
export function panel<C extends SettingCode>(decl: PanelDecl<C> & { keys?: (keyof (typeof SETTINGS)[C]['keys'] & string)[] }): PanelDecl {
  return decl as PanelDecl;
}

export function keyDef(code: SettingCode, key: string): SettingKeyDef {
  const def = (SETTINGS[code].keys as Record<string, SettingKeyDef>)[key];
  if (!def) throw new Error(`${code} has no key ${key}`);
  return def;
}

export function panelKeys(p: PanelDecl): string[] {
  return p.keys ?? settingKeysOf(p.code).map(([k]) => k);
}

export function codesOf(panels: readonly PanelDecl[]): SettingCode[] {
  return [...new Set(panels.map((p) => p.code))];
}

/** The `getsetting` body that reads every code of the screen in one call. */
export function readBody(panels: readonly PanelDecl[]): CallRequest<'getsetting'> {
  return codesOf(panels).map((section) => ({ section, keys: [] }));
}

export function valuesFromAnswer(data: CallData<'getsetting'>): ScreenValues {
  const values: ScreenValues = {};
  for (const s of data) values[s.section as SettingCode] = Object.fromEntries(s.data.map((d) => [d.key, d.value]));
  return values;
}

/** The values after a person set one key; the contract's `adjust` rule of that code moves the keys it ties. */
export function withEdit(values: ScreenValues, code: SettingCode, key: string, value: string): ScreenValues {
  return { ...values, [code]: editValue(code, values[code] ?? {}, key, value) };
}

/**
 * The values after `key` of `code` was edited, with each key that follows it (`FieldOptions.follows`) back to '' when
 * its options no longer offer its value, then the keys following those (e.g. a video input's format, size and rate
 * after its device changed).
 */
export function withFollowers(panels: readonly PanelDecl[], values: ScreenValues, code: SettingCode, key: string): ScreenValues {
  let out = values;
  for (const p of panels) {
    if (p.code !== code) continue;
    for (const [name, options] of Object.entries(p.fields ?? {})) {
      if (options.follows !== key || !options.offered) continue;
      const value = out[code]?.[name] ?? '';
      if (value !== '' && !options.offered(out).some((c) => c.value === value)) out = withEdit(out, code, name, '');
      out = withFollowers(panels, out, code, name);
    }
  }
  return out;
}

export interface FieldState {
  visible: boolean;
  disabled: boolean;
}

/** Whether a key shows and whether it can be edited now, from the contract's conditions and the screen's options. */
export function fieldState(code: SettingCode, key: string, values: ScreenValues, editing: boolean, options?: FieldOptions): FieldState {
  const def = keyDef(code, key);
  const v = values[code] ?? {};
  const visible = (def.visibleWhen === undefined || conditionHolds(def.visibleWhen, v)) && (options?.visible?.(values) ?? true);
  const declared = typeof options?.disabled === 'function' ? options.disabled(values) : !!options?.disabled;
  const disabled = !editing || !!def.readOnly || declared || conditionHolds(def.disabledWhen, v);
  return { visible, disabled };
}

/** The options of an enum key offered now (the contract's `choices` for these values and the box's mode). */
export function fieldChoices(code: SettingCode, key: string, values: ScreenValues, ctx?: SettingContext): readonly string[] {
  return choicesOf(code, key, values[code] ?? {}, ctx);
}

/** The keys a screen writes: the writable keys of its panels, by code. */
function writableKeys(panels: readonly PanelDecl[]): Map<SettingCode, string[]> {
  const keys = new Map<SettingCode, string[]>();
  for (const p of panels) {
    const list = keys.get(p.code) ?? [];
    for (const k of panelKeys(p)) if (!keyDef(p.code, k).readOnly && !list.includes(k)) list.push(k);
    keys.set(p.code, list);
  }
  return keys;
}

/** Issues of the edited values, by code, as the service would find them (contract `editIssues`) in the box's mode. */
export function screenIssues(
  panels: readonly PanelDecl[],
  values: ScreenValues,
  ctx?: SettingContext,
): Partial<Record<SettingCode, SettingIssue[]>> {
  const out: Partial<Record<SettingCode, SettingIssue[]>> = {};
  for (const code of codesOf(panels)) {
    const issues = editIssues(code, values[code] ?? {}, ctx);
    if (issues.length) out[code] = issues;
  }
  return out;
}

/** The one `setsetting` body of a save: every writable key of the screen's panels, all codes at once. */
export function saveBody(panels: readonly PanelDecl[], values: ScreenValues): CallRequest<'setsetting'> {
  return [...writableKeys(panels)]
    .filter(([, keys]) => keys.length > 0)
    .map(([section, keys]) => ({ section, data: keys.map((key) => ({ key, value: values[section]?.[key] ?? '' })) }));
}
