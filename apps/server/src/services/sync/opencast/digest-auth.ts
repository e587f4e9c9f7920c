import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP Digest authentication (RFC 7616, qop "auth", MD5 / SHA-256 and their -sess forms) for the Opencast
 * client, written here because the small npm helpers split "user:password" on ":" (a password may hold one)
 * and take the first qop offered even when it is auth-int. The nonce count rises with every request on a
 * nonce, so one challenge serves many requests (a streamed track never waits for a second challenge).
 */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm: string;
  stale: boolean;
}

/** The Digest challenge of a WWW-Authenticate header, or undefined when it offers none. */
export function parseDigestChallenge(header: string | undefined): DigestChallenge | undefined {
  if (!header) return undefined;
  const at = header.search(/(^|,\s*)Digest\s/i);
  if (at < 0) return undefined;
  const p = authParams(header.slice(at).replace(/^,?\s*Digest\s+/i, ''));
  if (!p.realm || !p.nonce) return undefined;
  const qops = (p.qop ?? '').split(',').map((q) => q.trim().toLowerCase());
  return {
    realm: p.realm,
    nonce: p.nonce,
    qop: qops.includes('auth') ? 'auth' : undefined,
    opaque: p.opaque,
    algorithm: (p.algorithm ?? 'MD5').toUpperCase(),
    stale: (p.stale ?? '').toLowerCase() === 'true',
  };
}

/** Whether a WWW-Authenticate header offers Basic. */
export const offersBasic = (header: string | undefined) => /(^|,\s*)Basic(\s|$)/i.test(header ?? '');

/** `key=value` and `key="quoted, \"value\""` pairs. */
export function authParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;
  for (let m = re.exec(text); m; m = re.exec(text))
    out[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  return out;
}

const HASHES: Record<string, string> = { MD5: 'md5', 'MD5-SESS': 'md5', 'SHA-256': 'sha256', 'SHA-256-SESS': 'sha256' };
const quote = (v: string) => `"${v.replace(/(["\\])/g, '\\$1')}"`;

/** Keeps the current challenge and its nonce count; `header` answers it for one request. */
export class DigestSession {
  private nc = 0;

  constructor(
    readonly challenge: DigestChallenge,
    private readonly cnonce: () => string = () => randomBytes(8).toString('hex'),
  ) {
    if (!HASHES[challenge.algorithm]) throw new Error(`unsupported digest algorithm ${challenge.algorithm}`);
  }

  /** The Authorization header for `method` on `uri` (the request target: path and query, as sent). */
  header(method: string, uri: string, username: string, password: string): string {
    const c = this.challenge;
    const hash = (text: string) => createHash(HASHES[c.algorithm]).update(text, 'utf8').digest('hex');
    const cnonce = this.cnonce();
    const nc = (++this.nc).toString(16).padStart(8, '0');
    let ha1 = hash(`${username}:${c.realm}:${password}`);
    if (c.algorithm.endsWith('-SESS')) ha1 = hash(`${ha1}:${c.nonce}:${cnonce}`);
    const ha2 = hash(`${method.toUpperCase()}:${uri}`);
    const response = c.qop ? hash(`${ha1}:${c.nonce}:${nc}:${cnonce}:${c.qop}:${ha2}`) : hash(`${ha1}:${c.nonce}:${ha2}`);
    const parts = [
      `username=${quote(username)}`,
      `realm=${quote(c.realm)}`,
      `nonce=${quote(c.nonce)}`,
      `uri=${quote(uri)}`,
      `algorithm=${c.algorithm}`,
      `response=${quote(response)}`,
    ];
    if (c.opaque !== undefined) parts.push(`opaque=${quote(c.opaque)}`);
    if (c.qop) parts.push(`qop=${c.qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
    return `Digest ${parts.join(', ')}`;
  }
}
