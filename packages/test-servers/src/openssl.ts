import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A new P-256 key and a self-signed certificate made by openssl (30 days), written to `keyFile` and `certFile`: a test
 * server's own certificate, or a test CA. `extensions` are `-addext` values, e.g. `subjectAltName=IP:127.0.0.1`.
 */
export async function selfSignedP256(o: { subject: string; extensions: string[]; keyFile: string; certFile: string }): Promise<void> {
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '30',
    '-subj',
    `/CN=${o.subject}`,
    ...o.extensions.flatMap((e) => ['-addext', e]),
    '-keyout',
    o.keyFile,
    '-out',
    o.certFile,
  ]);
}
