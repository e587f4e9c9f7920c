/**
 * A loopback double of the Dropbox API v2 upload-session endpoints and the OAuth token endpoint, answering as
 * Dropbox documents them: Bearer auth, the `Dropbox-API-Arg` header (ASCII only), session offsets with
 * `incorrect_offset`, `not_found` sessions, commits with `autorename` (`dropbox-upload-sessions.ts`,
 * `dropbox-commit.ts`). Bodies are streamed to files under `dir`, never held in memory.
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FakeDropboxFile } from './dropbox-commit.js';
import { type Arg, DropboxUploads } from './dropbox-upload-sessions.js';
import { AccessTokens, drain, listenOnLoopback, readSmallBody, sendJson, sendText, stopServer } from './loopback-http.js';

export type { FakeDropboxFile } from './dropbox-commit.js';

export interface FakeDropboxOptions {
  /** Where committed files (`<dir>/<dropbox path>`) and open sessions go. */
  dir: string;
  /** A fixed token that never expires. */
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
  /** The refresh token the token endpoint accepts (with appKey, and appSecret when set). */
  refreshToken?: string;
  /** Lifetime of issued access tokens; Dropbox's is 4 hours. */
  accessTokenTtlS?: number;
}

export interface FakeDropbox {
  /** Base URL, used as both apiUrl and contentUrl. */
  url: string;
  files(): FakeDropboxFile[];
  /**
   * The next append/start body is cut after `afterBytes`: the server keeps what arrived (the session offset
   * advances by that much, as a real partial append can), destroys the socket, and the session stays usable.
   */
  interruptNextChunk(afterBytes: number): void;
  /** Counters tests assert on: token grants, appends, incorrect-offset answers, rejected (bad auth) requests. */
  stats: { tokens: number; appends: number; incorrectOffsets: number; rejected: number };
  /** Makes every access token issued so far (not the fixed accessToken) expired. */
  expireTokens(): void;
  stop(): Promise<void>;
}

const DEFAULT_TTL_S = 4 * 3600;
const UPLOAD_CONTENT_TYPES = new Set(['application/octet-stream', 'text/plain; charset=dropbox-cors-hack']);
const CONTENT_ENDPOINTS = new Map<string, 'start' | 'append' | 'finish'>([
  ['/2/files/upload_session/start', 'start'],
  ['/2/files/upload_session/append_v2', 'append'],
  ['/2/files/upload_session/finish', 'finish'],
]);

export async function startFakeDropbox(o: FakeDropboxOptions): Promise<FakeDropbox> {
  const stats = { tokens: 0, appends: 0, incorrectOffsets: 0, rejected: 0 };
  const uploads = new DropboxUploads(o.dir, stats);
  const ttlS = o.accessTokenTtlS ?? DEFAULT_TTL_S;
  const tokens = new AccessTokens({
    clientId: o.appKey,
    clientSecret: o.appSecret,
    refreshToken: o.refreshToken,
    ttlS,
    prefix: 'sl.fake-',
    fixedToken: o.accessToken,
  });
  await mkdir(uploads.sessionsDir, { recursive: true });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? '/', 'http://loopback').pathname;
    if (req.method === 'POST' && pathname === '/oauth2/token') return tokenEndpoint(req, res);
    const endpoint = CONTENT_ENDPOINTS.get(pathname);
    if (req.method !== 'POST' || !endpoint) {
      await drain(req);
      return sendText(res, 400, `Unknown API function: "${pathname}"`);
    }
    const fn = pathname.slice('/2/'.length);
    if (!(await authorized(req, res))) return;
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    if (!UPLOAD_CONTENT_TYPES.has(contentType)) {
      await drain(req);
      return sendText(res, 400, `Error in call to API function "${fn}": Bad HTTP "Content-Type" header: "${contentType}".`);
    }
    const arg = parseApiArg(req.headers['dropbox-api-arg']);
    if (!arg) {
      await drain(req);
      return sendText(res, 400, `Error in call to API function "${fn}": HTTP header "Dropbox-API-Arg": could not decode input as JSON`);
    }
    return uploads[endpoint](req, res, arg);
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams((await readSmallBody(req, 64 * 1024, () => new Error('token request too large'))).toString());
    const [basicId, basicSecret] = basicCredentials(req.headers.authorization);
    const granted = tokens.grant(form, form.get('client_id') ?? basicId, form.get('client_secret') ?? basicSecret);
    if ('refusal' in granted) {
      const [error, description] = GRANT_REFUSALS[granted.refusal];
      return sendJson(res, 400, { error, error_description: description });
    }
    stats.tokens++;
    sendJson(res, 200, { access_token: granted.token, token_type: 'bearer', expires_in: ttlS });
  }

  /** Answers the refusal itself (after reading the body, as a server that reads whole requests does). */
  async function authorized(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const verdict = tokens.check(req.headers.authorization);
    if (verdict === 'valid') return true;
    stats.rejected++;
    await drain(req);
    if (verdict === 'missing') {
      sendText(res, 400, 'Error in call to API function: Must provide HTTP header "Authorization" or URL parameter "authorization".');
    } else {
      const tag = verdict === 'expired' ? 'expired_access_token' : 'invalid_access_token';
      sendJson(res, 401, { error_summary: `${tag}/...`, error: { '.tag': tag } });
    }
    return false;
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => answerCrash(res, error));
  });
  // A client that vanishes mid-request must not take the double down.
  server.on('clientError', (_error, socket) => socket.destroy());
  const url = await listenOnLoopback(server);
  return {
    url,
    files: () => uploads.files.list(),
    interruptNextChunk: (afterBytes) => uploads.interruptNextChunk(afterBytes),
    stats,
    expireTokens: () => tokens.expireAll(),
    stop: () => stopServer(server),
  };
}

/** Dropbox's token endpoint answers every refusal 400 with OAuth's `{error, error_description}`. */
const GRANT_REFUSALS = {
  unsupported_grant_type: ['unsupported_grant_type', 'grant_type must be refresh_token here'],
  unknown_client: ['invalid_client', 'Invalid client_id or client_secret'],
  wrong_secret: ['invalid_client', 'Invalid client_id or client_secret'],
  invalid_grant: ['invalid_grant', 'refresh token is invalid or revoked'],
} as const;

/** Dropbox reads the header as ASCII; any other byte makes the whole argument undecodable. */
function parseApiArg(header: string | string[] | undefined): Arg | undefined {
  if (header === undefined) return {};
  if (Array.isArray(header) || /[^\x20-\x7e]/.test(header)) return undefined;
  try {
    const value: unknown = JSON.parse(header);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Arg) : undefined;
  } catch {
    return undefined;
  }
}

function basicCredentials(header: string | undefined): [string | undefined, string | undefined] {
  if (!header?.startsWith('Basic ')) return [undefined, undefined];
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon < 0 ? [decoded, undefined] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

function answerCrash(res: ServerResponse, error: unknown): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  sendText(res, 500, `fake Dropbox failed: ${error instanceof Error ? error.message : String(error)}`);
}
