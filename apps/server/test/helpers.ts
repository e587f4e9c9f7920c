import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { SESSION_HEADER, type CallName, type CallRequest } from '@roomcast/contract';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { ensureAdmin } from '../src/services/access/bootstrap.js';
import type { Clock } from '../src/services/core/clock.js';
import type { ServiceParts } from '../src/services/index.js';
import type { CaptureDeviceSource } from '../src/services/host-adapters.js';

export const ADMIN_PASSWORD = 'Admin-Test-Pass-1';

/** A setsetting body for one setting code: `settingBody('setting_room', { name: 'X' })`. */
export function settingBody(section: string, values: Record<string, string>) {
  return [{ section, data: Object.entries(values).map(([key, value]) => ({ key, value })) }];
}

/**
 * The test factory: the app as `buildApp` makes it, with `internals`, the composed parts (repositories, the room,
 * the media engine, the scheduler ...) that only tests reach.
 */
export async function buildTestApp(opts: AppOptions) {
  let internals: ServiceParts | undefined;
  const built = await buildApp({ ...opts, onComposed: (parts) => (internals = parts) });
  if (!internals) throw new Error('buildApp composed no services');
  return { ...built, internals };
}

/** A movable clock for sessions and throttling. */
export function fakeClock(start = Date.parse('2026-11-23T08:00:00Z')) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

/** A real app over a real SQLite file in a temporary DATA_DIR, with the admin created. */
/** `fileLogs`: write DATA_DIR/logs as the service does (off by default: tests read the database, not the logs). */
/** `captureDevices`: the box's capture devices as a test has them (outputs recorded from real devices). */
export async function makeApp(
  opts: { clock?: Clock; env?: Record<string, string>; webconfig?: object; fileLogs?: boolean; captureDevices?: CaptureDeviceSource } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-test-'));
  // An operator's DATA_DIR/webconfig.json (e.g. site.cloundShare), read when the app is built.
  if (opts.webconfig) writeFileSync(join(dataDir, 'webconfig.json'), JSON.stringify(opts.webconfig));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      CONSOLE_DIR: '',
      MEDIA_PRESET: 'ultrafast',
      MIN_FREE_MB: '50',
      NTP_POLL_MINUTES: '0',
      HEALTH_CLOCK_MINUTES: '0',
      ...opts.env,
    }),
    adminPassword: ADMIN_PASSWORD,
  };
  const reboots: number[] = [];
  const { app, areas, internals } = await buildTestApp({
    config,
    clock: opts.clock,
    fileLogs: opts.fileLogs ?? false,
    captureDevices: opts.captureDevices,
    power: { reboot: () => void reboots.push(Date.now()) },
  });
  await ensureAdmin(internals.repos, dataDir, ADMIN_PASSWORD, () => {});
  // As main.ts does at boot: the scheduler runs every periodic job (recording checks, schedules, idle sessions ...).
  await internals.scheduler.start();
  await app.ready();
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function post<N extends CallName>(name: N, body: CallRequest<N> | unknown, session?: string, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${name}`,
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body ?? {}),
      headers: {
        'content-type': typeof body === 'string' || Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/json',
        ...(session ? { [SESSION_HEADER]: session } : {}),
        ...headers,
      },
    });
    // A file answer (a `reply: 'binary'` call's success) is not JSON: its body counts as a success without data.
    const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
    const answer = (json ? res.json() : { result: res.statusCode === 200, message: '' }) as {
      result: boolean;
      message: string;
      data?: any;
    };
    return { status: res.statusCode, body: answer, headers: res.headers, raw: res };
  }
  async function login(usercode = 'admin', password = ADMIN_PASSWORD): Promise<string> {
    const res = await post('login', { usercode, password });
    if (!res.body.result) throw new Error(`login ${usercode} failed: ${res.body.message}`);
    return res.body.data.sessionID as string;
  }
  /** Creates a user with the given functions and returns a logged-in session for it. */
  async function userWith(functions: string[], usercode = `u${Math.random().toString(36).slice(2, 8)}`, admin?: string): Promise<string> {
    const adminSession = admin ?? (await login());
    const res = await post(
      'newuser',
      { usercode, username: usercode, password: 'Password-123', role: 'user', group: '', functions },
      adminSession,
    );
    if (!res.body.result) throw new Error(`newuser failed: ${res.body.message}`);
    return login(usercode, 'Password-123');
  }
  /** Writes setting values as `{code: {key: value}}` in one setsetting call; throws when it is refused. */
  async function writeSettings(session: string, values: Record<string, Record<string, string>>): Promise<void> {
    const body = Object.entries(values).flatMap(([code, keys]) => settingBody(code, keys));
    const res = await post('setsetting', body, session);
    if (!res.body.result) throw new Error(`setsetting refused: ${res.body.message}`);
  }
  /**
   * `areas`: the services handlers receive, by area. `internals`: what only the process and tests reach
   * (repositories, the engine state, the media engine, the scheduler ...).
   */
  return { app, areas, internals, dataDir, post, login, userWith, writeSettings, reboots };
}
export type TestApp = Awaited<ReturnType<typeof makeApp>>;
