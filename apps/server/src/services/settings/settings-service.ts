import {
  applyWrite,
  NORMAL_MODE,
  readableValues,
  SETTINGS,
  typedSetting,
  type SettingCode,
  type SettingContext,
  type TypedSetting,
} from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import { Fail } from '../core/index.js';
import { hashPassword } from '../core/index.js';
import { isSealed, sealedKeysOf, type SealedSecrets } from './sealed-secrets.js';

type KeyValue = { key: string; value: string };

/** Secret keys stored as argon2id hashes, never as written (they are only ever verified). */
const HASHED_KEYS: Partial<Record<SettingCode, string[]>> = { setting_lockscreen: ['password'] };

/** Readers of values the service computes (real network, version, room status) per setting code. */
export type LiveValues = Partial<Record<SettingCode, () => Record<string, string>>>;

/**
 * Asked before a write is stored, with the keys it changes per code and the code's values as they will be
 * stored; throws a `Fail` to refuse the whole write (e.g. the live domain: no room name change while living, an
 * RTSP output on an address that is not this device's). Runs in the write's synchronous step, so what it checks
 * cannot change before the write lands.
 */
export type WriteGuard = (code: SettingCode, changed: readonly string[], values: Readonly<Record<string, string>>) => void;
/**
 * What a listener is told of one code after a write was stored: the code, the keys whose value changed and the
 * code's new values, typed (`TypedSetting`). One tuple per code, so testing `code` narrows `values`.
 */
export type Written = { [C in SettingCode]: [code: C, changed: readonly string[], values: TypedSetting<C>] }[SettingCode];
/**
 * Told after a write was stored, once per code written (changed or not), e.g.
 * `onWritten((code, changed, v) => { if (code === 'setting_ntp' && changed.length) apply(v.enable, v.server); })`.
 */
export type WriteListener = (...written: Written) => void;
/**
 * A listener that needs only the code and the changed keys: TypeScript does not take a function of fewer parameters
 * for a rest parameter of a union of tuples, so `onWritten` has an overload for it.
 */
export type WriteCodeListener = (code: SettingCode, changed: readonly string[]) => void;

/** The keys stored sealed (`sealed-secrets.ts`), per code that has any. */
const SEALED_KEYS = new Map(
  (Object.keys(SETTINGS) as SettingCode[])
    .map((code) => [code, sealedKeysOf(code, HASHED_KEYS[code] ?? [])] as const)
    .filter(([, keys]) => keys.length > 0),
);

/**
 * Settings over the contract's definitions: validated all-or-nothing writes, defaults where never written. `ctx`:
 * the box's mode (web config `site.mode4k`), which some codes' options, defaults and rules depend on. Third-party
 * secrets are stored sealed by `secrets`; a value stored in clear by an older release is sealed on creation.
 */
export function settingsService(
  repos: Repositories,
  secrets: SealedSecrets,
  live: LiveValues = {},
  ctx: SettingContext = NORMAL_MODE,
  warn: (msg: string) => void = () => {},
) {
  const unreadable = new Set<string>();
  /** A code's stored values with its secrets opened; one that does not open with this box's key reads as never set. */
  const stored = (code: SettingCode): Record<string, string> => {
    const values = repos.settings.read(code);
    for (const key of SEALED_KEYS.get(code) ?? []) {
      if (!values[key]) continue;
      const plain = secrets.open(code, key, values[key]);
      if (plain !== undefined) values[key] = plain;
      else {
        delete values[key];
        if (!unreadable.has(`${code}.${key}`))
          warn(`settings: ${code}.${key} does not open with this box's key (secrets.key); enter it again`);
        unreadable.add(`${code}.${key}`);
      }
    }
    return values;
  };
  /** The values as they are stored: secrets sealed. */
  const sealed = (code: SettingCode, values: Record<string, string>): Record<string, string> => {
    const out = { ...values };
    for (const key of SEALED_KEYS.get(code) ?? []) if (out[key] && !isSealed(out[key])) out[key] = secrets.seal(code, key, out[key]);
    return out;
  };
  for (const code of SEALED_KEYS.keys()) {
    const now = repos.settings.read(code);
    const kept = sealed(code, now);
    if (Object.keys(kept).some((k) => kept[k] !== now[k])) repos.settings.writeAll([{ code, values: kept }]);
  }
  const values = (code: SettingCode) => ({ ...readableValues(code, stored(code), ctx), ...live[code]?.() });
  const typed = <C extends SettingCode>(code: C): TypedSetting<C> => typedSetting(code, { ...stored(code), ...live[code]?.() }, ctx);
  const guards: WriteGuard[] = [];
  const listeners: WriteListener[] = [];
  /** Where another domain learns of stored changes (see `WriteListener`). */
  function onWritten(listener: WriteListener): void;
  function onWritten(listener: WriteCodeListener): void;
  function onWritten(listener: WriteListener | WriteCodeListener): void {
    // A code-only listener is one that ignores the values: called with them, it reads what it declares.
    listeners.push(listener as WriteListener);
  }
  const listed = (code: SettingCode, keys?: string[]): KeyValue[] =>
    Object.entries(values(code))
      .filter(([k]) => !keys?.length || keys.includes(k))
      .map(([key, value]) => ({ key, value }));
  return {
    /** Values for the service's own use (secrets included). */
    raw: (code: SettingCode): Record<string, string> => ({
      ...readableValues(code, {}, ctx),
      ...stored(code),
      ...live[code]?.(),
    }),
    /**
     * Values for the service's own use, typed by the contract (`typed('setting_ntp').enable` is a boolean): stored
     * and computed values over the mode's defaults, an invalid one replaced by its default, secrets as stored.
     */
    typed,
    read: (code: SettingCode, keys?: string[]) => listed(code, keys),
    /** Validates every section first; writes all of them in one transaction or none. Returns the changed keys per code. */
    async write(sections: { code: SettingCode; data: KeyValue[] }[]) {
      const validate = () => {
        const writes: { code: SettingCode; values: Record<string, string>; changed: string[] }[] = [];
        const problems: string[] = [];
        for (const s of sections) {
          const result = applyWrite(s.code, stored(s.code), s.data, ctx);
          if (result.ok) writes.push({ code: s.code, values: result.values, changed: result.changed });
          // A key's own issue ("key: rule") names its setting code when several are written, as two codes may
          // share a key name (the Effect screen's two `type` keys): "code.key: rule".
          else
            problems.push(
              ...result.issues.map((i) =>
                sections.length > 1 && i.message.startsWith(`${i.key}: `) ? `${s.code}.${i.message}` : i.message,
              ),
            );
        }
        if (problems.length) throw Fail.of('settingInvalid', problems.join('; '));
        return writes;
      };
      // Secrets are hashed first (argon2id is slow and async); validation, merge and write then run again in one
      // synchronous step over what is stored now, so concurrent writes of one code apply whole, one after another.
      const hashes = new Map<string, string>();
      for (const w of validate()) {
        const before = repos.settings.read(w.code);
        for (const key of HASHED_KEYS[w.code] ?? []) {
          const value = w.values[key];
          if (value && value !== before[key]) hashes.set(value, await hashPassword(value));
        }
      }
      const writes = validate();
      for (const w of writes) {
        for (const key of HASHED_KEYS[w.code] ?? []) {
          const hashed = hashes.get(w.values[key] ?? '');
          if (hashed) w.values[key] = hashed;
        }
      }
      for (const w of writes) for (const guard of guards) guard(w.code, w.changed, w.values);
      repos.settings.writeAll(writes.map((w) => ({ code: w.code, values: sealed(w.code, w.values) })));
      for (const w of writes) {
        // The tuple of one code: `typed(w.code)` is that code's values, which TypeScript cannot pair with a union code.
        const written = [w.code, w.changed, typed(w.code)] as Written;
        for (const listener of listeners) listener(...written);
      }
      return writes.map((w) => w.code);
    },
    /** Where another domain refuses some writes (see `WriteGuard`). */
    addWriteGuard: (guard: WriteGuard) => void guards.push(guard),
    onWritten,
    has: (code: string): code is SettingCode => Object.hasOwn(SETTINGS, code),
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
