import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeFilePath, FILE_PATH_HEADER, LIMITS, MESSAGES, SESSION_HEADER } from '@roomcast/contract';
import { loadConfig } from '../src/config.js';
import { ensureAdmin } from '../src/services/access/bootstrap.js';
import { frontlogService } from '../src/services/system/logs/frontlog-service.js';
import { ADMIN_PASSWORD, fakeClock, makeApp, type TestApp, buildTestApp } from './helpers.js';

/** 7-Zip from Debian (`7zip` gives 7zz, `p7zip-full` gives 7z): Info-ZIP's unzip cannot open AES zips. */
const SEVEN = ['/usr/bin/7zz', '/usr/bin/7z'].find((p) => existsSync(p));

const FIXED = ['log.txt', 'mp.log', 'weblog.txt', 'frontlog.log', 'mcprolog.log'];

async function getSysLog(t: TestApp, session: string, password: string, path?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/getSysLog',
    payload: JSON.stringify({ password }),
    headers: {
      'content-type': 'application/json',
      [SESSION_HEADER]: session,
      ...(path === undefined ? {} : { [FILE_PATH_HEADER]: encodeFilePath(path) }),
    },
  });
}

describe('system logs: getSysLog', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const logs = join(t.dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  for (const f of ['log.txt', 'mp.log', 'weblog.txt', 'frontlog.log']) writeFileSync(join(logs, f), `${f} line 1\n${f} line 2\n`);
  // Not fixed files: a rotated copy, another file, and a link planted where a fixed file would be.
  writeFileSync(join(logs, 'log.txt.1'), 'rotated\n');
  writeFileSync(join(logs, 'secret.txt'), 'do not ship\n');
  symlinkSync(join(t.dataDir, 'roomcast.db'), join(logs, 'mcprolog.log'));
  const work = mkdtempSync(join(tmpdir(), 'roomcast-syslog-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.skipIf(!SEVEN)('answers download_syslog.zip: AES-256, opens only with the password, holds only the fixed files', async () => {
    const res = await getSysLog(t, admin, 'Zip-Password-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="download_syslog.zip"');
    const zip = join(work, 'all.zip');
    writeFileSync(zip, res.rawPayload);

    const listing = execFileSync(SEVEN!, ['l', '-slt', '-pZip-Password-1', zip], { encoding: 'utf8' });
    const paths = [...listing.matchAll(/^Path = (.+)$/gm)].map((m) => m[1]).filter((p) => p !== zip);
    expect(paths.sort()).toEqual(['frontlog.log', 'log.txt', 'mp.log', 'weblog.txt']);
    expect(paths.every((p) => FIXED.includes(p!))).toBe(true);
    expect([...listing.matchAll(/^Method = (.+)$/gm)].map((m) => m[1])).toEqual(Array(4).fill('AES-256 Deflate'));

    const wrong = spawnSync(SEVEN!, ['x', '-y', '-pnot-the-password', `-o${join(work, 'wrong')}`, zip], { encoding: 'utf8' });
    expect(wrong.status).not.toBe(0);
    expect(`${wrong.stdout}${wrong.stderr}`).toMatch(/Wrong password/);
    const none = spawnSync(SEVEN!, ['x', '-y', '-p', `-o${join(work, 'none')}`, zip], { encoding: 'utf8' });
    expect(none.status).not.toBe(0);

    execFileSync(SEVEN!, ['x', '-y', '-pZip-Password-1', `-o${join(work, 'right')}`, zip]);
    for (const f of ['log.txt', 'mp.log', 'weblog.txt', 'frontlog.log'])
      expect(readFileSync(join(work, 'right', f), 'utf8')).toBe(`${f} line 1\n${f} line 2\n`);
  });

  it.skipIf(!SEVEN)('one fixed file by its name in the file-path header', async () => {
    const res = await getSysLog(t, admin, 'Zip-Password-1', 'mp.log');
    const zip = join(work, 'one.zip');
    writeFileSync(zip, res.rawPayload);
    const listing = execFileSync(SEVEN!, ['l', '-slt', '-pZip-Password-1', zip], { encoding: 'utf8' });
    expect([...listing.matchAll(/^Path = (.+)$/gm)].map((m) => m[1]).filter((p) => p !== zip)).toEqual(['mp.log']);
  });

  it('refuses any other path, a short password, and anyone but an admin', async () => {
    for (const path of ['../roomcast.db', '/etc/passwd', 'log.txt.1', 'secret.txt', 'logs/log.txt', 'LOG.TXT', 'mcprolog.log/..', '']) {
      const res = await getSysLog(t, admin, 'Zip-Password-1', path);
      if (path === '') continue; // an empty header is no header: all files
      expect(res.json(), path).toEqual({ result: false, message: MESSAGES.pathRejected });
    }
    const short = await getSysLog(t, admin, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^password: must be at least 8 characters/);
    const user = await t.userWith(['setting', 'syslog', 'systemsetting']);
    expect((await getSysLog(t, user, 'Zip-Password-1')).statusCode).toBe(403);
  });

  it('is written to the operation log: who took which logs', async () => {
    // userWith above logged the admin in again (one session per user).
    const session = await t.login();
    await getSysLog(t, session, 'Zip-Password-1', 'weblog.txt');
    const log = await t.post('getopelog', { pagesize: '1', pageindex: '0' }, session);
    expect(log.body.data.list[0]).toMatchObject({ usercode: 'admin', description: 'getSysLog weblog.txt: weblog.txt' });
  });
});

describe("frontlog: the console's own errors, rate-limited", () => {
  it('keeps at most the per-minute allowance of a session, counts the rest, and says so in the next line', () => {
    const clock = fakeClock();
    const lines: string[] = [];
    const svc = frontlogService({ clock, write: (l) => lines.push(l) });
    const who = { sessionId: 's1', usercode: 'admin' };
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ message: `TypeError ${i}`, where: '/console' }));
    const rate = LIMITS.frontlog.perSessionPerMinute;
    expect(svc.post(who, '10.0.0.5', entries(15))).toEqual({ accepted: 15, dropped: 0 });
    expect(svc.post(who, '10.0.0.5', entries(15))).toEqual({ accepted: rate - 15, dropped: 15 - (rate - 15) });
    expect(lines).toHaveLength(rate);
    // Another session has its own allowance.
    expect(svc.post({ sessionId: 's2', usercode: 'u2' }, '10.0.0.6', entries(1)).accepted).toBe(1);
    // A minute later the allowance is back, and the first line says how many were dropped.
    clock.advance(60_000);
    expect(svc.post(who, '10.0.0.5', entries(1))).toEqual({ accepted: 1, dropped: 0 });
    expect(lines.at(-1)).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z admin 10\.0\.0\.5 \[\/console\] TypeError 0 \(10 earlier entries dropped by the rate limit\)$/,
    );
    // The allowance refills at its rate: 20 a minute is one every 3 s.
    svc.post(who, '10.0.0.5', entries(rate));
    clock.advance(3_000);
    expect(svc.post(who, '10.0.0.5', entries(3))).toEqual({ accepted: 1, dropped: 2 });
  });

  it('the call appends to DATA_DIR/logs/frontlog.log, one line per entry whatever the text, and needs a session', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-frontlog-'));
    const config = { ...loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }), adminPassword: ADMIN_PASSWORD };
    const { app, internals } = await buildTestApp({ config, clock: fakeClock(), power: { reboot: () => {} } });
    await ensureAdmin(internals.repos, dataDir, ADMIN_PASSWORD, () => {});
    const post = async (body: unknown, session?: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/frontlog',
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(session ? { [SESSION_HEADER]: session } : {}) },
      });
      return { status: res.statusCode, body: res.json() };
    };
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { usercode: 'admin', password: ADMIN_PASSWORD } });
      const admin = login.json().sessionID as string;
      const res = await post({ entries: [{ message: 'line one\nforged line\u001b[2J', where: '/console/x' }] }, admin);
      expect(res.body).toEqual({ result: true, message: '', data: { accepted: 1, dropped: 0 } });
      const many = await post({ entries: Array(LIMITS.frontlog.entriesPerCall).fill({ message: 'e' }) }, admin);
      expect(many.body.data).toEqual({ accepted: LIMITS.frontlog.perSessionPerMinute - 1, dropped: 1 });
      const file = readFileSync(join(dataDir, 'logs', 'frontlog.log'), 'utf8')
        .split('\n')
        .filter(Boolean);
      expect(file).toHaveLength(LIMITS.frontlog.perSessionPerMinute);
      expect(file[0]).toMatch(/ admin 127\.0\.0\.1 \[\/console\/x\] line one forged line \[2J$/);
      expect((await post({ entries: [{ message: 'e' }] })).status).toBe(401);
      expect((await post({ entries: Array(LIMITS.frontlog.entriesPerCall + 1).fill({ message: 'e' }) }, admin)).status).toBe(400);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
