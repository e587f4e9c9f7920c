import { applyWrite, NORMAL_MODE, readableValues, SETTINGS, type SettingCode, type SettingContext } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import { Fail } from '../core/index.js';
import { hashPassword } from '../core/index.js';

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
/** Told after a write was stored, with the keys it changed per code. */
export type WriteListener = (code: SettingCode, changed: readonly string[]) => void;

/**
 * Settings over the contract's definitions: validated all-or-nothing writes, defaults where never written. `ctx`:
 * the box's mode (web config `site.mode4k`), which some codes' options, defaults and rules depend on.
 */
export function settingsService(repos: Repositories, live: LiveValues = {}, ctx: SettingContext = NORMAL_MODE) {
  const values = (code: SettingCode) => ({ ...readableValues(code, repos.settings.read(code), ctx), ...live[code]?.() });
  const guards: WriteGuard[] = [];
  const listeners: WriteListener[] = [];
  const listed = (code: SettingCode, keys?: string[]): KeyValue[] =>
    Object.entries(values(code))
      .filter(([k]) => !keys?.length || keys.includes(k))
      .map(([key, value]) => ({ key, value }));
  return {
    /** Values for the service's own use (secrets included). */
    raw: (code: SettingCode): Record<string, string> => ({
      ...readableValues(code, {}, ctx),
      ...repos.settings.read(code),
      ...live[code]?.(),
    }),
    read: (code: SettingCode, keys?: string[]) => listed(code, keys),
    /** Validates every section first; writes all of them in one transaction or none. Returns the changed keys per code. */
    async write(sections: { code: SettingCode; data: KeyValue[] }[]) {
      const validate = () => {
        const writes: { code: SettingCode; values: Record<string, string>; changed: string[] }[] = [];
        const problems: string[] = [];
        for (const s of sections) {
          const result = applyWrite(s.code, repos.settings.read(s.code), s.data, ctx);
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
        const stored = repos.settings.read(w.code);
        for (const key of HASHED_KEYS[w.code] ?? []) {
          const value = w.values[key];
          if (value && value !== stored[key]) hashes.set(value, await hashPassword(value));
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
      repos.settings.writeAll(writes);
      for (const w of writes) for (const listener of listeners) listener(w.code, w.changed);
      return writes.map((w) => w.code);
    },
    /** Where another domain refuses some writes (see `WriteGuard`). */
    addWriteGuard: (guard: WriteGuard) => void guards.push(guard),
    /** Where another domain learns of stored changes (see `WriteListener`). */
    onWritten: (listener: WriteListener) => void listeners.push(listener),
    has: (code: string): code is SettingCode => Object.hasOwn(SETTINGS, code),
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
