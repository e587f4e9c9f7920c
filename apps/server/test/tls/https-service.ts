import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_HEADER } from '@roomcast/contract';
import { loadConfig } from '../../src/config.js';
import { ensureAdmin } from '../../src/services/access/bootstrap.js';
import type { Clock } from '../../src/services/core/clock.js';
import { ADMIN_PASSWORD, buildTestApp } from '../helpers.js';

/** A call's answer: the envelope, or the text of a file answer (downloadcertificate). */
export type CallAnswer = { result: boolean; message: string; data?: any } & { text?: string };

/**
 * The service with its HTTPS listener, as main.ts runs it: a scratch DATA_DIR, its certificate made, plain HTTP and
 * HTTPS listening on free ports of `host`, the admin logged in. `call` answers as the admin; `relogin` after the
 * session went idle (a moved clock).
 */
export async function startHttpsService(opts: { host?: string; clock?: Clock; env?: Record<string, string> } = {}) {
  const host = opts.host ?? '127.0.0.1';
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-https-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', HTTPS_PORT: '0', NTP_POLL_MINUTES: '0', ...opts.env }),
    adminPassword: ADMIN_PASSWORD,
  };
  const s = await buildTestApp({ config, clock: opts.clock, fileLogs: false, power: { reboot: () => {} } });
  await ensureAdmin(s.internals.repos, dataDir, ADMIN_PASSWORD, () => {});
  await s.areas.system.certificate.ensure();
  await s.app.listen({ port: 0, host });
  const httpPort = (s.app.server.address() as { port: number }).port;
  const httpsPort = await s.https.listen(0, host);
  const login = async () =>
    (await s.app.inject({ method: 'POST', url: '/api/login', payload: { usercode: 'admin', password: ADMIN_PASSWORD } })).json().data
      .sessionID as string;
  let admin = await login();
  const call = async (name: string, body: unknown = {}): Promise<CallAnswer> => {
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/${name}`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', [SESSION_HEADER]: admin },
    });
    return res.headers['content-type']?.startsWith('application/json')
      ? res.json()
      : { result: res.statusCode === 200, message: '', text: res.body };
  };
  return {
    ...s,
    dataDir,
    httpPort,
    httpsPort,
    call,
    relogin: async () => {
      admin = await login();
    },
    close: async () => {
      await s.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type HttpsService = Awaited<ReturnType<typeof startHttpsService>>;
