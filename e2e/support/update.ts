import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The update key the services trust (UPDATE_PUBLIC_KEY, base64 of its 32 bytes) and its private half (PEM), for specs that sign bundles. */
export function makeUpdateKey(): { env: { UPDATE_PUBLIC_KEY: string }; privatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');
  return { env: { UPDATE_PUBLIC_KEY: raw }, privatePem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })) };
}

/**
 * An update bundle of a tiny release, made by scripts/make-update-bundle.mjs as a person would, signed with the
 * private key in `keyFile`. Answers the bundle's path (`<dir>/roomcast-<version>.update.tar`).
 */
export function makeTinyBundle(dir: string, keyFile: string, version: string): string {
  const release = join(dir, `release-${version}`);
  mkdirSync(join(release, 'apps/server/dist'), { recursive: true });
  writeFileSync(join(release, 'package.json'), JSON.stringify({ name: 'roomcast', version }));
  writeFileSync(join(release, 'apps/server/dist/main.js'), 'console.log("a tiny release");\n');
  const out = join(dir, `roomcast-${version}.update.tar`);
  execFileSync(
    process.execPath,
    [join(ROOT, 'scripts/make-update-bundle.mjs'), '--key', keyFile, '--from', release, '--version', version, '--out', out],
    {
      stdio: 'ignore',
    },
  );
  return out;
}
