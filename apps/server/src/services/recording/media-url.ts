import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { loadOrCreateKey, type Clock } from '../core/index.js';

/** URL prefix of media files (recording files, snapshots), signed because `<video src>` cannot send a session header. */
export const MEDIA_PREFIX = '/media/';
/** Long enough to watch a 4 h part with pauses from one listing; a leaked URL dies after it. */
export const DEFAULT_MEDIA_TTL_S = 6 * 3600;
const MAX_TTL_S = 7 * 24 * 3600;
/** Expiries of TTLs of an hour or more are rounded up to this step, so listings in one window give identical URLs (browser cache). */
const EXPIRY_STEP_S = 600;
const SECRET_FILE = 'media-url.key';
const MAX_PATH = 1024;

/** A session's tag in the URLs signed for it: a hash, so a URL never carries the session id (a bearer credential). */
export const sessionTag = (sessionId: string): string =>
  createHash('sha256').update(`roomcast session\u0000${sessionId}`).digest('hex').slice(0, 32);
export const SESSION_TAG = /^[0-9a-f]{32}$/;

/**
 * A storage-relative path as it may be signed and served: `/`-separated segments, none empty (so not absolute),
 * none `.` or `..`, no backslash, NUL or other control characters. Anything else is refused everywhere.
 */
export function isSafeRelPath(rel: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this check refuses
  if (rel.length === 0 || rel.length > MAX_PATH || /[\\\u0000-\u001f\u007f]/.test(rel)) return false;
  return rel.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** The storage-relative path of a `/media/...` request path (still percent-encoded), or undefined when malformed. */
export function relPathOfRequest(encodedPath: string): string | undefined {
  if (!encodedPath.startsWith(MEDIA_PREFIX)) return undefined;
  const segments: string[] = [];
  for (const raw of encodedPath.slice(MEDIA_PREFIX.length).split('/')) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // An encoded separator (%2f, %5c) would change how the path splits: refused, never reinterpreted.
    if (seg.includes('/')) return undefined;
    segments.push(seg);
  }
  const rel = segments.join('/');
  return isSafeRelPath(rel) ? rel : undefined;
}

/** What a media signature covers besides the expiry: the path, and the session tag of a bound URL. */
const signedText = (relPath: string, tag: string | undefined) => (tag === undefined ? relPath : `${relPath}\u0000s=${tag}`);

/** The HMAC key: 32 random bytes made on first use and kept in DATA_DIR (0600), so URLs survive a restart. */
export const loadMediaSecret = (dataDir: string): Buffer => loadOrCreateKey(join(dataDir, SECRET_FILE));

/**
 * Signs and verifies media URLs: `/media/<rel path, each segment percent-encoded>?exp=<unix s>&sig=<hex>` with
 * sig = HMAC-SHA256(secret, relPath + NUL + exp). The path is the file's path relative to the storage root.
 * A URL handed to a session is bound to it: `?exp=&s=<session tag>&sig=`, the tag signed with the path
 * (relPath + NUL + `s=` tag + NUL + exp), so it works only while that session lives (`session-binding.ts`).
 */
export class MediaUrls {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock,
  ) {}

  private mac(rel: string, exp: number): Buffer {
    return createHmac('sha256', this.secret).update(`${rel}\u0000${exp}`).digest();
  }

  /**
   * The URL of a file under the storage root (path relative to it), valid for `ttlSeconds`; with `tag` (a
   * session's `sessionTag`), only while that session lives.
   */
  signMediaUrl = (relPath: string, ttlSeconds = DEFAULT_MEDIA_TTL_S, tag?: string): string => {
    if (!isSafeRelPath(relPath)) throw new Error(`not a storage-relative media path: ${JSON.stringify(relPath)}`);
    if (tag !== undefined && !SESSION_TAG.test(tag)) throw new Error('not a session tag');
    const ttl = Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_TTL_S);
    const step = ttl >= 3600 ? EXPIRY_STEP_S : 1;
    const exp = Math.ceil((Math.floor(this.clock.now() / 1000) + ttl) / step) * step;
    const path = relPath.split('/').map(encodeURIComponent).join('/');
    const bound = tag === undefined ? '' : `&s=${tag}`;
    return `${MEDIA_PREFIX}${path}?exp=${exp}${bound}&sig=${this.mac(signedText(relPath, tag), exp).toString('hex')}`;
  };

  /**
   * Whether `sig` signs `relPath` (bound to the session tag `tag`, when the URL has one) until `exp`, and `exp` has
   * not passed (query values as received). Whether the tag's session is alive is the binding's question.
   */
  verify = (relPath: string, exp: string | undefined, sig: string | undefined, tag?: string): boolean => {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return false;
    if (tag !== undefined && !SESSION_TAG.test(tag)) return false;
    const expiry = Number(exp);
    if (expiry * 1000 <= this.clock.now()) return false;
    return timingSafeEqual(this.mac(signedText(relPath, tag), expiry), Buffer.from(sig, 'hex'));
  };

  /**
   * A signature for something other than a media file (e.g. the live room's URLs), with the same key: the signed
   * text is `purpose NUL subject`, which no storage-relative path can be (paths hold no control characters).
   */
  signOther = (purpose: string, subject: string, ttlSeconds: number): { exp: number; sig: string } => {
    const exp = Math.floor(this.clock.now() / 1000) + Math.min(Math.max(1, Math.floor(ttlSeconds)), MAX_TTL_S);
    return { exp, sig: this.mac(`${purpose}\u0000${subject}`, exp).toString('hex') };
  };

  /** Whether `sig` is `signOther(purpose, subject)` until `exp` and `exp` has not passed (query values as received). */
  verifyOther = (purpose: string, subject: string, exp: string | undefined, sig: string | undefined): boolean =>
    this.verify(`${purpose}\u0000${subject}`, exp, sig);
}
