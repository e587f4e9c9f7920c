import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CertSource } from '@roomcast/contract';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../core/index.js';

/** What DATA_DIR/tls holds: the certificate in use (leaf then chain), its key, where it came from. */
export interface StoredCertificate {
  certs: string[];
  key: string;
  source: CertSource;
}

/**
 * DATA_DIR/tls (0700): `cert.pem` and `key.pem` (0600) of the certificate in use, `source` (selfsigned, uploaded,
 * acme), and `csr-key.pem` while a CSR made here waits for its certificate. Each file is written whole beside
 * itself and renamed over the old one; a pair left mismatched by a crash between two renames is found at the
 * next start (the key does not match) and replaced by the box's own certificate.
 */
export function certificateFiles(dir: string) {
  const path = (name: string) => join(dir, name);
  const write = (name: string, text: string) => {
    ensurePrivateDir(dir);
    writeFileSync(path(`${name}.new`), text, { mode: PRIVATE_FILE_MODE });
    renameSync(path(`${name}.new`), path(name));
  };
  const read = (name: string) => (existsSync(path(name)) ? readFileSync(path(name), 'utf8') : undefined);
  return {
    load(): StoredCertificate | undefined {
      const cert = read('cert.pem');
      const key = read('key.pem');
      if (!cert || !key) return undefined;
      const source = (read('source')?.trim() ?? 'selfsigned') as CertSource;
      return { certs: cert.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [], key, source };
    },
    save(c: StoredCertificate): void {
      write('key.pem', c.key);
      write('cert.pem', `${c.certs.map((p) => p.trim()).join('\n')}\n`);
      write('source', `${c.source}\n`);
    },
    csrKey: () => read('csr-key.pem'),
    saveCsrKey: (key: string) => write('csr-key.pem', key),
    dropCsrKey: () => rmSync(path('csr-key.pem'), { force: true }),
  };
}
export type CertificateFiles = ReturnType<typeof certificateFiles>;
