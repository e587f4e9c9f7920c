import { buildTestApp } from '../helpers.js';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '@roomcast/contract';
import { loadConfig } from '../../src/config.js';
import { ensureAdmin } from '../../src/services/access/bootstrap.js';
import { verifyPassword } from '../../src/services/core/passwords.js';
import { sourceFiles } from './support/source-files.js';

/** Passwords devices of this kind ship with or users try first. */
const DEFAULTS = [
  '',
  'admin',
  'Admin',
  'ADMIN',
  'admin123',
  'administrator',
  'password',
  'Password',
  '123456',
  '12345678',
  '888888',
  '000000',
  'root',
  'roomcast',
  'Roomcast',
  'changeme',
  'default',
];

/**
 * Literal strings assigned to something named like a credential. Allowed: file names and messages, which
 * are not credentials (listed with their file).
 */
const CREDENTIAL_LITERAL = /\b\w*(?:password|passwd|pwd|secret|token|apikey|api_key|credential)\w*\s*[:=]\s*(['"`])([^'"`\s]+)\1/gi;
const ALLOWED: Record<string, string[]> = {
  'apps/server/src/services/recording/media-url.ts': ['media-url.key'], // the key file's name
  'packages/contract/src/calls/access.ts': ['oldpassword'], // a field name in a call's summary
  'apps/console/src/components/access/password-text.ts': ['msgPasswordEmpty'], // an i18n message key
  'packages/contract/src/settings/cloud.ts': ['googleClientSecret', 'googleRefreshToken', 'dropboxToken'], // rule keys of the fields
};

describe('failure class: default or hard-coded credentials', () => {
  it('a first start without ADMIN_PASSWORD makes a random admin password, prints it once and keeps it in a 0600 file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-firststart-'));
    const config = loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' });
    expect(config.adminPassword).toBeUndefined();
    const { app, internals } = await buildTestApp({ config, fileLogs: false, power: { reboot: () => {} } });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const printed: string[] = [];
    await ensureAdmin(internals.repos, dataDir, config.adminPassword, (line) => printed.push(line));
    const file = join(dataDir, 'initial-admin-password');
    const password = readFileSync(file, 'utf8').trim();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain(password);
    // The admin is the only account; its hash is argon2id; no usual default opens it.
    const users = internals.repos.users.list();
    expect(users.map((u) => u.usercode)).toEqual(['admin']);
    const hash = users[0]!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    for (const guess of DEFAULTS) expect(await verifyPassword(hash, guess), guess).toBe(false);
    expect(await verifyPassword(hash, password)).toBe(true);
    // A second start keeps that account as it is (no reset to a default).
    await ensureAdmin(internals.repos, dataDir, undefined, (line) => printed.push(line));
    expect(internals.repos.users.find('admin')!.password_hash).toBe(hash);
    expect(printed).toHaveLength(1);
  });

  it('two first starts get different passwords', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-firststart-'));
      const { app, internals } = await buildTestApp({
        config: loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '' }),
        fileLogs: false,
        power: { reboot: () => {} },
      });
      await ensureAdmin(internals.repos, dataDir, undefined, () => {});
      passwords.push(readFileSync(join(dataDir, 'initial-admin-password'), 'utf8'));
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('no source file holds a hard-coded password, secret or token', () => {
    const found: string[] = [];
    for (const dir of ['apps/server/src', 'packages/contract/src', 'apps/console/src']) {
      for (const { path, text } of sourceFiles(dir)) {
        for (const m of text.matchAll(CREDENTIAL_LITERAL)) {
          if (!(ALLOWED[path] ?? []).includes(m[2]!)) found.push(`${path}: ${m[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('every secret setting key defaults to empty (nothing to guess before an operator sets it)', () => {
    const secrets = Object.entries(SETTINGS).flatMap(([code, def]) =>
      Object.entries(def.keys as Record<string, { secret?: boolean; default: string }>)
        .filter(([, k]) => k.secret)
        .map(([key, k]) => ({ name: `${code}.${key}`, value: k.default })),
    );
    expect(secrets.length).toBeGreaterThan(0);
    for (const s of secrets) expect(s.value, s.name).toBe('');
  });
});
