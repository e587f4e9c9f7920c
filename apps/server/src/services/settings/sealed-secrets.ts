import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SETTINGS, type SettingCode } from '@roomcast/contract';

/** How a sealed value starts: the format's version, so a later one can be told apart. */
const SEALED_PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The settings' secrets that the service must send on (the FTP, Opencast, Google and Dropbox credentials): the
 * contract's `secret` keys except those stored as hashes (`hashed`), which are only ever verified.
 */
export function sealedKeysOf(code: SettingCode, hashed: readonly string[]): string[] {
  return Object.entries(SETTINGS[code].keys)
    .filter(([k, def]) => def.secret && !hashed.includes(k))
    .map(([k]) => k);
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/**
 * Seals and opens stored secrets with AES-256-GCM under a key kept apart from the database (DATA_DIR/secrets.key,
 * 0600): a copy of the database or of its backup alone reveals none of them. The code and key name are the
 * authenticated data, so a sealed value moved to another setting does not open.
 */
export function sealedSecrets(key: Buffer) {
  const aad = (code: string, name: string) => Buffer.from(`${code}\u0000${name}`, 'utf8');
  return {
    seal(code: string, name: string, plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(code, name));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** The plain value; undefined when it does not open with this key (another box's database, a damaged row). */
    open(code: string, name: string, stored: string): string | undefined {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(aad(code, name));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type SealedSecrets = ReturnType<typeof sealedSecrets>;
