import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/**
 * DATA_DIR holds the database (password hashes, sessions, sealed secrets), the logs and the keys: no other local
 * user may read any of it (docs/security.md "The data directory").
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes the folder (and its parents) if missing, and takes away every right but the owner's. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Takes away the group's and others' rights on a file made before (by an older release); a missing file is fine. */
export function keepPrivate(file: string): void {
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** A 32-byte key kept in `file` (hex, 0600): made on first use, the same after a restart. */
export function loadOrCreateKey(file: string): Buffer {
  try {
    const hex = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(hex)) {
      keepPrivate(file);
      return Buffer.from(hex, 'hex');
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
  return key;
}
