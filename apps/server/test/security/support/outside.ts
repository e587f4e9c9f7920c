import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';

/**
 * A folder outside DATA_DIR holding a secret file: its content must never appear in an answer, nothing may
 * ever be written beside it, and the `pwned` marker there is what an executed injection would create.
 */
export interface Outside {
  dir: string;
  secret: string;
  secretFile: string;
  /** Absolute path an injected `touch`/redirect would create. */
  marker: string;
  /** Asserts no answer text leaked the secret or a system file. */
  expectNoLeak(text: string, what: string): void;
  /** Asserts the folder still holds exactly the secret file, unchanged, and no marker exists anywhere we look. */
  expectUntouched(what: string): void;
}

/** Text that only /etc/passwd holds: a second outside file that exists on every machine. */
const PASSWD_LINE = /^root:[^:\n]*:0:0:/m;

export function makeOutside(): Outside {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-outside-'));
  const secret = `OUTSIDE-SECRET-${randomBytes(12).toString('hex')}`;
  const secretFile = join(dir, 'secret.txt');
  writeFileSync(secretFile, `${secret}\n`);
  const marker = join(dir, 'pwned');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    secret,
    secretFile,
    marker,
    expectNoLeak(text, what) {
      expect(text.includes(secret), `${what}: answer holds the outside secret`).toBe(false);
      expect(PASSWD_LINE.test(text), `${what}: answer holds /etc/passwd`).toBe(false);
    },
    expectUntouched(what) {
      expect(readdirSync(dir), `${what}: something was written outside the storage`).toEqual(['secret.txt']);
      expect(readFileSync(secretFile, 'utf8'), `${what}: the outside file was changed`).toBe(`${secret}\n`);
      // A relative `touch pwned` would land in the service's working directory.
      expect(existsSync(join(process.cwd(), 'pwned')), `${what}: ./pwned exists`).toBe(false);
    },
  };
}
