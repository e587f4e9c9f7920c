/**
 * How the Opencast double authenticates, as Opencast's Spring Security does: a request that says
 * `X-Requested-Auth: Digest` and carries no valid credentials gets `401` with a Digest challenge (realm
 * "Opencast", qop "auth", a nonce that carries its own expiry and signature, `stale=true` when only the nonce
 * has expired); `Authorization: Basic` is accepted where basic authentication is on. A request without the
 * header and without credentials is sent to the login page, as a browser would be. In `basic` mode the double
 * stands for a proxy with basic authentication in front of Opencast: the challenge is `Basic`.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type OpencastAuthMode = 'digest' | 'basic';

export interface AuthConfig {
  mode: OpencastAuthMode;
  username: string;
  password: string;
  realm: string;
  /** How long a nonce is valid. */
  nonceTtlMs: number;
}

export type AuthVerdict =
  | { ok: true; scheme: 'digest' | 'basic' }
  | { ok: false; status: 401; challenge: string }
  | { ok: false; status: 302; location: string };

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class OpencastAuth {
  private readonly key = randomBytes(16);
  /** Nonces carry the generation they were issued in; older ones are stale (expireNonces). */
  private generation = 0;
  challenges = 0;
  rejected = 0;

  constructor(private readonly c: AuthConfig) {}

  /** Makes every nonce issued so far stale: the next digest request is answered 401 with stale=true. */
  expireNonces(): void {
    this.generation++;
  }

  check(req: IncomingMessage): AuthVerdict {
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      if (this.basicMatches(header.slice(6))) return { ok: true, scheme: 'basic' };
      return this.refuse(false);
    }
    if (this.c.mode === 'digest' && header.startsWith('Digest ')) {
      const verdict = this.digestVerdict(parseParams(header.slice(7)), req);
      if (verdict === 'ok') return { ok: true, scheme: 'digest' };
      return this.refuse(verdict === 'stale');
    }
    if (this.c.mode === 'digest' && !/^digest$/i.test(String(req.headers['x-requested-auth'] ?? '')) && !header) {
      return { ok: false, status: 302, location: '/admin-ng/login.html' };
    }
    return this.refuse(false);
  }

  private refuse(stale: boolean): AuthVerdict {
    this.challenges++;
    if (!stale) this.rejected++;
    const challenge =
      this.c.mode === 'basic'
        ? `Basic realm="${this.c.realm}"`
        : `Digest realm="${this.c.realm}", qop="auth", nonce="${this.nonce()}"${stale ? ', stale=true' : ''}`;
    return { ok: false, status: 401, challenge };
  }

  private basicMatches(encoded: string): boolean {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon > 0 && safeEqual(decoded.slice(0, colon), this.c.username) && safeEqual(decoded.slice(colon + 1), this.c.password);
  }

  /** Like Spring's nonce, base64(expiry ":" generation ":" signature): any nonce can be checked without remembering it. */
  private nonce(): string {
    const stamp = `${Date.now() + this.c.nonceTtlMs}:${this.generation}`;
    return Buffer.from(`${stamp}:${this.sign(stamp)}`).toString('base64');
  }

  private sign(expiry: string): string {
    return createHmac('sha256', this.key).update(expiry).digest('hex');
  }

  private digestVerdict(p: Record<string, string>, req: IncomingMessage): 'ok' | 'stale' | 'bad' {
    const { username, realm, nonce, uri, response, qop, nc, cnonce } = p;
    if (!username || !nonce || !uri || !response || realm !== this.c.realm) return 'bad';
    if (uri !== req.url) return 'bad';
    if (p.algorithm && p.algorithm.toUpperCase() !== 'MD5') return 'bad';
    const [expiry, generation, signature] = Buffer.from(nonce, 'base64').toString('utf8').split(':');
    if (!expiry || !generation || !signature || !safeEqual(signature, this.sign(`${expiry}:${generation}`))) return 'bad';
    const ha1 = md5(`${username}:${realm}:${this.c.password}`);
    const ha2 = md5(`${req.method}:${uri}`);
    const expected = qop === 'auth' && nc && cnonce ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
    if (username !== this.c.username || !safeEqual(response, expected)) return 'bad';
    return Number(expiry) < Date.now() || Number(generation) < this.generation ? 'stale' : 'ok';
  }
}

/** `key=value` and `key="quoted, value"` pairs of a Digest header. */
export function parseParams(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out[m[1].toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3];
  return out;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
