import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_HEADER } from '@roomcast/contract';
import { loadConfig } from '../../src/config.js';
import { ensureAdmin } from '../../src/services/access/bootstrap.js';
import { ADMIN_PASSWORD, buildTestApp, settingBody } from '../helpers.js';

/**
 * The probe's finding 4: whoever can read DATA_DIR or a copy of its database must not get a session or a
 * third-party secret. The files are the owner's alone, sessions are stored as hashes, secrets sealed with a key
 * kept apart.
 */

const SECRETS = {
  setting_advance_ftp: { password: 'Ftp-Pass-Word-7731' },
  setting_media_server: { password: 'Opencast-Pass-5518' },
  setting_cloud_dropbox: { refreshtoken: 'dropbox-refresh-token-0042abcdef', appsecret: 'dropbox-app-secret-9921' },
  setting_cloud_google: { clientsecret: 'GOCSPX-google-client-secret-77', refreshtoken: '1//0g-google-refresh-token-31' },
};
const PLAIN = Object.values(SECRETS).flatMap((v) => Object.values(v));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A service over DATA_DIR with file logs, as the process runs it; closed after the file. */
async function start(dataDir: string) {
  const config = { ...loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', NTP_POLL_MINUTES: '0' }), adminPassword: ADMIN_PASSWORD };
  const built = await buildTestApp({ config, fileLogs: true, power: { reboot: () => {} } });
  await ensureAdmin(built.internals.repos, dataDir, ADMIN_PASSWORD, () => {});
  await built.app.ready();
  const post = async (name: string, body: unknown, session?: string) =>
    (
      await built.app.inject({
        method: 'POST',
        url: `/api/${name}`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(session ? { [SESSION_HEADER]: session } : {}) },
      })
    ).json() as { result: boolean; message: string; data?: any };
  return { ...built, post };
}

const dirs: string[] = [];
const scratch = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `roomcast-${name}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('data at rest (probe finding 4)', () => {
  it('DATA_DIR is 0700 and the database, its WAL, the logs and the keys 0600, also when an older release made them open', async () => {
    const dataDir = scratch('modes');
    // What an older release left: everything readable by every local user.
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'logs'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'logs', 'log.txt'), 'an old line\n', { mode: 0o644 });
    chmodSync(join(dataDir, 'logs', 'log.txt'), 0o644);
    const s = await start(dataDir);
    try {
      const admin = (await s.post('login', { usercode: 'admin', password: ADMIN_PASSWORD })).data.sessionID as string;
      expect((await s.post('setsetting', settingBody('setting_room', { name: 'Room 101' }), admin)).result).toBe(true);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, 'logs'))).toBe(0o700);
      for (const f of ['roomcast.db', 'roomcast.db-wal', 'roomcast.db-shm', 'secrets.key', 'media-url.key'])
        expect({ f, mode: modeOf(join(dataDir, f)) }).toEqual({ f, mode: 0o600 });
      const logs = readdirSync(join(dataDir, 'logs'));
      expect(logs).toEqual(expect.arrayContaining(['log.txt', 'weblog.txt']));
      for (const f of logs) expect({ f, mode: modeOf(join(dataDir, 'logs', f)) }).toEqual({ f, mode: 0o600 });
    } finally {
      await s.app.close();
    }
  });

  it('the database holds no session token: only its hash, which opens nothing', async () => {
    const dataDir = scratch('sessions');
    const s = await start(dataDir);
    try {
      const token = (await s.post('login', { usercode: 'admin', password: ADMIN_PASSWORD })).data.sessionID as string;
      const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
      const ids = db.prepare('SELECT id FROM sessions').pluck().all() as string[];
      db.close();
      expect(ids).toEqual([createHash('sha256').update(token).digest('hex')]);
      for (const f of ['roomcast.db', 'roomcast.db-wal']) expect(readFileSync(join(dataDir, f)).includes(token)).toBe(false);
      // The token opens the session; what the database holds does not.
      expect((await s.post('whoami', {}, token)).result).toBe(true);
      const stolen = await s.post('whoami', {}, ids[0]);
      expect(stolen.result).toBe(false);
      // currentuser still tells a browser its own session.
      expect((await s.post('currentuser', { usercode: 'admin' }, token)).data.sessionid).toBe(token);
    } finally {
      await s.app.close();
    }
  });

  it('third-party secrets are sealed: not in the database files, used by the service, and a copied database alone opens none', async () => {
    const dataDir = scratch('secrets');
    const s = await start(dataDir);
    const admin = (await s.post('login', { usercode: 'admin', password: ADMIN_PASSWORD })).data.sessionID as string;
    try {
      expect((await s.post('setsetting', settingBody('setting_cloud_google', { clientid: 'google-client-id-1' }), admin)).result).toBe(
        true,
      );
      for (const [code, values] of Object.entries(SECRETS)) {
        const written = await s.post('setsetting', settingBody(code, values), admin);
        expect({ code, written }).toMatchObject({ code, written: { result: true } });
      }
      const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
      const rows = db.prepare("SELECT code, key, value FROM settings WHERE value LIKE 'sealed:%'").all() as { code: string; key: string }[];
      db.close();
      expect(rows.map((r) => `${r.code}.${r.key}`).sort()).toEqual(
        Object.entries(SECRETS)
          .flatMap(([code, v]) => Object.keys(v).map((k) => `${code}.${k}`))
          .sort(),
      );
      for (const file of ['roomcast.db', 'roomcast.db-wal'])
        for (const plain of PLAIN)
          expect({ file, plain, found: readFileSync(join(dataDir, file)).includes(plain) }).toMatchObject({ found: false });
      // The service sends them on as written (the FTP client, the Opencast agent, the cloud clients read these).
      expect(s.internals.settings.typed('setting_advance_ftp').password).toBe(SECRETS.setting_advance_ftp.password);
      expect(s.internals.settings.raw('setting_cloud_dropbox').refreshtoken).toBe(SECRETS.setting_cloud_dropbox.refreshtoken);
      // Read back, a secret is still blank; written again blank, it is kept.
      const read = await s.post('getsetting', [{ section: 'setting_media_server', keys: ['password'] }], admin);
      expect(read.data[0].data).toEqual([{ key: 'password', value: '' }]);
    } finally {
      await s.app.close();
    }

    // Closed, the service has folded its WAL into the database file. A copy of it (a backup of it, a stolen disk image without secrets.key) opens no secret.
    const elsewhere = scratch('copied');
    copyFileSync(join(dataDir, 'roomcast.db'), join(elsewhere, 'roomcast.db'));
    const copy = await start(elsewhere);
    try {
      expect(copy.internals.settings.raw('setting_advance_ftp').password).toBe('');
      expect(copy.internals.settings.typed('setting_cloud_google').clientsecret).toBe('');
      // What is not secret came along.
      expect(copy.internals.settings.raw('setting_cloud_google').clientid).toBe('google-client-id-1');
    } finally {
      await copy.app.close();
    }

    // With its key beside it (a copy of the whole DATA_DIR), the same database opens them all.
    copyFileSync(join(dataDir, 'secrets.key'), join(elsewhere, 'secrets.key'));
    const whole = await start(elsewhere);
    try {
      expect(whole.internals.settings.raw('setting_advance_ftp').password).toBe(SECRETS.setting_advance_ftp.password);
    } finally {
      await whole.app.close();
    }
  });

  it('a secret an older release stored in clear is sealed at the start, and still used', async () => {
    const dataDir = scratch('legacy');
    const first = await start(dataDir);
    await first.app.close();
    const db = new Database(join(dataDir, 'roomcast.db'));
    db.prepare("INSERT INTO settings (code, key, value) VALUES ('setting_media_server', 'password', 'Opencast-Clear-Old-1')").run();
    db.close();
    const s = await start(dataDir);
    try {
      const check = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
      const stored = check
        .prepare("SELECT value FROM settings WHERE code = 'setting_media_server' AND key = 'password'")
        .pluck()
        .get() as string;
      check.close();
      expect(stored).toMatch(/^sealed:v1:/);
      expect(s.internals.settings.raw('setting_media_server').password).toBe('Opencast-Clear-Old-1');
    } finally {
      await s.app.close();
    }
  });
});
