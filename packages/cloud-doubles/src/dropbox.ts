/**
 * A loopback double of the Dropbox API v2 upload-session endpoints and the OAuth token endpoint, answering as
 * Dropbox documents them: Bearer auth, the `Dropbox-API-Arg` header (ASCII only), session offsets with
 * `incorrect_offset`, `not_found` sessions, commits with `autorename`. Bodies are streamed to files under `dir`,
 * never held in memory, and a client that disconnects mid-body leaves the bytes that arrived in the session.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

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

export interface FakeDropboxFile {
  /** Dropbox path as committed, e.g. /Roomcast/a.mp4. */
  path: string;
  size: number;
  diskPath: string;
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

interface Session {
  id: string;
  file: string;
  offset: number;
  closed: boolean;
  /** Requests on one session run one after another, so an offset is read only after earlier bytes landed. */
  queue: Promise<void>;
}

interface Cursor {
  session_id: string;
  offset: number;
}

type Arg = Record<string, unknown>;
type TaggedError = { '.tag': string; [field: string]: unknown };

const SESSIONS_FOLDER = '.upload-sessions';
const DEFAULT_TTL_S = 4 * 3600;
const DISALLOWED_NAMES = new Set(['desktop.ini', 'thumbs.db', '.ds_store', '.dropbox', '.dropbox.attr']);
const UPLOAD_CONTENT_TYPES = new Set(['application/octet-stream', 'text/plain; charset=dropbox-cors-hack']);

export async function startFakeDropbox(o: FakeDropboxOptions): Promise<FakeDropbox> {
  const state = new FakeState(o);
  await mkdir(state.sessionsDir, { recursive: true });
  const server = createServer((req, res) => {
    route(state, req, res).catch((error: unknown) => answerCrash(res, error));
  });
  // A client that vanishes mid-request must not take the double down.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files: () => [...state.committed.values()],
    interruptNextChunk: (afterBytes) => {
      state.interruptAfter = Math.max(0, afterBytes);
    },
    stats: state.stats,
    expireTokens: () => {
      for (const token of state.issued.keys()) state.issued.set(token, 0);
    },
    stop: () => stopServer(server),
  };
}

class FakeState {
  readonly sessionsDir: string;
  readonly stats = { tokens: 0, appends: 0, incorrectOffsets: 0, rejected: 0 };
  /** Issued access token → expiry (ms since epoch). */
  readonly issued = new Map<string, number>();
  readonly sessions = new Map<string, Session>();
  /** Lower-cased Dropbox path → file: Dropbox paths are case-insensitive. */
  readonly committed = new Map<string, FakeDropboxFile>();
  interruptAfter: number | undefined;

  constructor(readonly options: FakeDropboxOptions) {
    this.sessionsDir = join(options.dir, SESSIONS_FOLDER);
  }

  takeInterrupt(): number | undefined {
    const after = this.interruptAfter;
    this.interruptAfter = undefined;
    return after;
  }
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

// ---- routing ----

type ContentHandler = (state: FakeState, req: IncomingMessage, res: ServerResponse, arg: Arg) => Promise<void>;

const CONTENT_ENDPOINTS = new Map<string, ContentHandler>([
  ['/2/files/upload_session/start', uploadStart],
  ['/2/files/upload_session/append_v2', uploadAppend],
  ['/2/files/upload_session/finish', uploadFinish],
]);

async function route(state: FakeState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://loopback').pathname;
  if (req.method === 'POST' && pathname === '/oauth2/token') return tokenEndpoint(state, req, res);
  const handler = CONTENT_ENDPOINTS.get(pathname);
  if (req.method !== 'POST' || !handler) {
    await drain(req);
    return sendText(res, 400, `Unknown API function: "${pathname}"`);
  }
  const fn = pathname.slice('/2/'.length);
  if (!(await authorized(state, req, res))) return;
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
  return handler(state, req, res, arg);
}

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

// ---- auth ----

async function tokenEndpoint(state: FakeState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = new URLSearchParams(await readSmallBody(req));
  const [basicId, basicSecret] = basicCredentials(req.headers.authorization);
  const clientId = form.get('client_id') ?? basicId;
  const clientSecret = form.get('client_secret') ?? basicSecret;
  const { appKey, appSecret, refreshToken } = state.options;
  if (form.get('grant_type') !== 'refresh_token') {
    return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be refresh_token here' });
  }
  if (!appKey || clientId !== appKey || (appSecret !== undefined && clientSecret !== appSecret)) {
    return sendJson(res, 400, { error: 'invalid_client', error_description: 'Invalid client_id or client_secret' });
  }
  if (!refreshToken || form.get('refresh_token') !== refreshToken) {
    return sendJson(res, 400, { error: 'invalid_grant', error_description: 'refresh token is invalid or revoked' });
  }
  const ttl = state.options.accessTokenTtlS ?? DEFAULT_TTL_S;
  const token = `sl.fake-${randomBytes(12).toString('hex')}`;
  state.issued.set(token, Date.now() + ttl * 1000);
  state.stats.tokens++;
  sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: ttl });
}

function basicCredentials(header: string | undefined): [string | undefined, string | undefined] {
  if (!header?.startsWith('Basic ')) return [undefined, undefined];
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon < 0 ? [decoded, undefined] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

/** Answers the refusal itself (after reading the body, as a server that reads whole requests does). */
async function authorized(state: FakeState, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
  const problem = tokenProblem(state, token);
  if (!problem) return true;
  state.stats.rejected++;
  await drain(req);
  if (problem === 'missing') {
    sendText(res, 400, 'Error in call to API function: Must provide HTTP header "Authorization" or URL parameter "authorization".');
  } else {
    sendJson(res, 401, { error_summary: `${problem}/...`, error: { '.tag': problem } });
  }
  return false;
}

function tokenProblem(
  state: FakeState,
  token: string | undefined,
): 'missing' | 'invalid_access_token' | 'expired_access_token' | undefined {
  if (!token) return 'missing';
  if (token === state.options.accessToken) return undefined;
  const expiresAt = state.issued.get(token);
  if (expiresAt === undefined) return 'invalid_access_token';
  return Date.now() < expiresAt ? undefined : 'expired_access_token';
}

// ---- upload sessions ----

async function uploadStart(state: FakeState, req: IncomingMessage, res: ServerResponse, arg: Arg): Promise<void> {
  const id = `pid_upload_session:${randomBytes(16).toString('base64url')}`;
  const session: Session = { id, file: join(state.sessionsDir, id.replace(':', '_')), offset: 0, closed: false, queue: Promise.resolve() };
  state.sessions.set(id, session);
  await withSession(session, async () => {
    const received = await receiveChunk(state, req, session);
    if (received) {
      session.closed = arg.close === true;
      sendJson(res, 200, { session_id: id });
    }
  });
}

async function uploadAppend(state: FakeState, req: IncomingMessage, res: ServerResponse, arg: Arg): Promise<void> {
  state.stats.appends++;
  const cursor = asCursor(arg.cursor);
  if (!cursor) return refuseArg(req, res, 'upload_session/append_v2');
  const session = state.sessions.get(cursor.session_id);
  if (!session) return refuseLookup(req, res, { '.tag': 'not_found' });
  await withSession(session, async () => {
    if (!state.sessions.has(session.id)) return refuseLookup(req, res, { '.tag': 'not_found' });
    if (session.closed) return refuseLookup(req, res, { '.tag': 'closed' });
    if (cursor.offset !== session.offset) return refuseOffset(state, req, res, session);
    const received = await receiveChunk(state, req, session);
    if (received) {
      session.closed = arg.close === true;
      sendJson(res, 200, null);
    }
  });
}

async function uploadFinish(state: FakeState, req: IncomingMessage, res: ServerResponse, arg: Arg): Promise<void> {
  const cursor = asCursor(arg.cursor);
  const commit = arg.commit as { path?: unknown; mode?: unknown; autorename?: unknown } | undefined;
  if (!cursor || typeof commit?.path !== 'string') return refuseArg(req, res, 'upload_session/finish');
  const session = state.sessions.get(cursor.session_id);
  const lookupFailed = (error: TaggedError) => refuseLookup(req, res, error, 'lookup_failed');
  if (!session) return lookupFailed({ '.tag': 'not_found' });
  await withSession(session, async () => {
    if (!state.sessions.has(session.id)) return lookupFailed({ '.tag': 'not_found' });
    if (cursor.offset !== session.offset) return refuseOffset(state, req, res, session, 'lookup_failed');
    const complete = await receiveBody(req, session.file, undefined);
    session.offset = (await stat(session.file)).size;
    if (!complete) return; // the client went away: keep the bytes, commit nothing
    const problem = pathProblem(commit.path as string);
    if (problem) return sendJson(res, 409, { error_summary: `path/${problem}/..`, error: { '.tag': 'path', path: { '.tag': problem } } });
    const target = await chooseTarget(state, commit.path as string, commit.mode, commit.autorename === true);
    if (!target)
      return sendJson(res, 409, { error_summary: 'path/conflict/file/..', error: { '.tag': 'path', path: { '.tag': 'conflict' } } });
    state.sessions.delete(session.id);
    sendJson(res, 200, await commitFile(state, session, target));
  });
}

function withSession(session: Session, work: () => Promise<void>): Promise<void> {
  const run = session.queue.then(work);
  session.queue = run.catch(() => undefined);
  return run;
}

/** A start/append body, cut short when a test asked for it; true when the whole body arrived. */
async function receiveChunk(state: FakeState, req: IncomingMessage, session: Session): Promise<boolean> {
  const complete = await receiveBody(req, session.file, state.takeInterrupt());
  session.offset = (await stat(session.file)).size;
  return complete;
}

/**
 * Appends the body to `file` as it arrives. With `cutAfter`, stops after that many bytes and destroys the
 * socket. Returns whether the whole body arrived; what did arrive stays in the file either way.
 */
async function receiveBody(req: IncomingMessage, file: string, cutAfter: number | undefined): Promise<boolean> {
  const handle = await open(file, 'a');
  let written = 0;
  try {
    if (cutAfter === 0) return cut(req);
    for await (const chunk of req as AsyncIterable<Buffer>) {
      const room = cutAfter === undefined ? chunk.length : cutAfter - written;
      const part = room < chunk.length ? chunk.subarray(0, room) : chunk;
      await writeAll(handle, part);
      written += part.length;
      if (cutAfter !== undefined && written >= cutAfter) return cut(req);
    }
    return req.complete;
  } catch {
    return false; // the client disconnected mid-body
  } finally {
    await handle.close();
  }
}

function cut(req: IncomingMessage): false {
  req.socket.destroy();
  return false;
}

async function writeAll(handle: Awaited<ReturnType<typeof open>>, data: Buffer): Promise<void> {
  for (let done = 0; done < data.length; ) {
    done += (await handle.write(data, done)).bytesWritten;
  }
}

function asCursor(value: unknown): Cursor | undefined {
  const cursor = value as Partial<Cursor> | undefined;
  if (typeof cursor?.session_id !== 'string' || !Number.isSafeInteger(cursor.offset)) return undefined;
  return cursor as Cursor;
}

async function refuseArg(req: IncomingMessage, res: ServerResponse, fn: string): Promise<void> {
  await drain(req);
  sendText(res, 400, `Error in call to API function "files/${fn}": request body: missing or malformed field`);
}

/** A 409 with an UploadSessionLookupError, wrapped in `lookup_failed` for finish as Dropbox does. */
async function refuseLookup(req: IncomingMessage, res: ServerResponse, error: TaggedError, wrap?: string): Promise<void> {
  await drain(req);
  const summary = `${wrap ? `${wrap}/` : ''}${error['.tag']}/..`;
  sendJson(res, 409, { error_summary: summary, error: wrap ? { '.tag': wrap, [wrap]: error } : error });
}

function refuseOffset(state: FakeState, req: IncomingMessage, res: ServerResponse, session: Session, wrap?: string): Promise<void> {
  state.stats.incorrectOffsets++;
  return refuseLookup(req, res, { '.tag': 'incorrect_offset', correct_offset: session.offset }, wrap);
}

// ---- commit ----

/** The WriteError tag Dropbox would answer for a path, or undefined when it is acceptable. */
function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/') || path.endsWith('/')) return 'malformed_path';
  const parts = path.slice(1).split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || hasControlOrBackslash(part))) return 'malformed_path';
  if (parts[0]?.toLowerCase() === SESSIONS_FOLDER) return 'disallowed_name';
  if (DISALLOWED_NAMES.has(parts[parts.length - 1]!.toLowerCase())) return 'disallowed_name';
  return undefined;
}

function hasControlOrBackslash(part: string): boolean {
  return [...part].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);
}

/** The path the file lands at: as asked, or "name (n).ext" with autorename; undefined on a refused conflict. */
async function chooseTarget(state: FakeState, path: string, mode: unknown, autorename: boolean): Promise<string | undefined> {
  if (mode === 'overwrite' || !(await taken(state, path))) return path;
  if (!autorename) return undefined;
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const candidate = `${path.slice(0, slash + 1)}${stem} (${n})${ext}`;
    if (!(await taken(state, candidate))) return candidate;
  }
}

async function taken(state: FakeState, path: string): Promise<boolean> {
  if (state.committed.has(path.toLowerCase())) return true;
  return stat(diskPathOf(state, path)).then(
    () => true,
    () => false,
  );
}

function diskPathOf(state: FakeState, path: string): string {
  return join(state.options.dir, ...path.slice(1).split('/'));
}

async function commitFile(state: FakeState, session: Session, path: string): Promise<object> {
  const diskPath = diskPathOf(state, path);
  await mkdir(join(diskPath, '..'), { recursive: true });
  await rm(diskPath, { force: true });
  await rename(session.file, diskPath);
  const size = session.offset;
  state.committed.set(path.toLowerCase(), { path, size, diskPath });
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    '.tag': 'file',
    name: path.slice(path.lastIndexOf('/') + 1),
    id: `id:${randomBytes(16).toString('base64url')}`,
    path_lower: path.toLowerCase(),
    path_display: path,
    size,
    client_modified: now,
    server_modified: now,
    rev: randomBytes(9).toString('hex'),
    is_downloadable: true,
  };
}

// ---- plumbing ----

async function drain(req: IncomingMessage): Promise<void> {
  try {
    for await (const _ of req) {
      // discard
    }
  } catch {
    // the client went away; nothing to answer
  }
}

async function readSmallBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('token request too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString();
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

function answerCrash(res: ServerResponse, error: unknown): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  sendText(res, 500, `fake Dropbox failed: ${error instanceof Error ? error.message : String(error)}`);
}
