import { uniqueCode, type Api } from './api';
import { test } from './test';

/** Setting values in the call shape: `{a: '1'}` -> `[{key: 'a', value: '1'}]`. */
export function kv(values: Record<string, string>): { key: string; value: string }[] {
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}

/** The stored values of setting codes, read through `getsetting`: `{code: {key: value}}`. */
export async function storedSettings(api: Api, codes: readonly string[]): Promise<Record<string, Record<string, string>>> {
  const data = await api.call<{ section: string; data: { key: string; value: string }[] }[]>(
    'getsetting',
    codes.map((section) => ({ section, keys: [] })),
  );
  return Object.fromEntries(data.map((s) => [s.section, Object.fromEntries(s.data.map((d) => [d.key, d.value]))]));
}

/**
 * Logs the browser in as a new user with only `functions`, so the admin API session of the test (one live session
 * per user) stays logged in.
 */
export async function loginUserWith(
  adminApi: Api,
  loginAs: (usercode: string, password: string) => Promise<void>,
  prefix: string,
  functions: string[],
): Promise<void> {
  const usercode = uniqueCode(prefix);
  const password = `${prefix}-Pass-1`;
  await adminApi.newUser({ usercode, password, functions });
  await loginAs(usercode, password);
}

/** A `setsetting` body: sections with their values in the call shape. */
export type SettingSections = { section: string; data: { key: string; value: string }[] }[];

/**
 * Every test of the enclosing describe starts from these settings and leaves them behind, with no recording
 * running (a test may have started one), as admin: the screen specs of one worker share its service.
 */
export function startFromSettings(defaults: SettingSections): void {
  test.beforeEach(async ({ adminApi }) => {
    await adminApi.call('setsetting', defaults);
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    await adminApi.login('admin', adminPassword);
    await adminApi.raw('recordctl', { control: 'stop' });
    await adminApi.call('setsetting', defaults);
  });
}
