/**
 * A loopback double of the Google Drive v3 endpoints a resumable uploader needs: the OAuth token endpoint
 * (refresh-token grant), files.list with the `q` subset a folder lookup uses, folder (metadata-only) create,
 * and the resumable upload protocol (session start, chunk PUT, status query, 308 with Range, final 200).
 * It refuses what Drive refuses (bad credentials, expired tokens, a chunk at the wrong offset or of a size that
 * is not a multiple of 256 KiB) with Drive's JSON error shape, and streams every byte straight to disk.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';

/** Drive's chunk granularity: every chunk but the last is a multiple of this, and what it keeps of a cut one. */
const CHUNK_UNIT = 256 * 1024;
const FOLDER_MIME = 'application/vnd.google-apps.folder';
/** Metadata and form bodies are tiny; anything larger is a client bug, not something to buffer. */
const MAX_SMALL_BODY = 64 * 1024;

export interface FakeGoogleDriveOptions {
  /** Where uploaded bytes are written (created if missing). */
  dir: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Lifetime of issued access tokens (default 3600 s, as Google's). */
  accessTokenTtlS?: number;
}

export interface FakeDriveFile {
  id: string;
  name: string;
  parents: string[];
  mimeType: string;
  size: number;
  /** Where the content is on disk, for content checks ('' for folders). */
  path: string;
}

export interface FakeGoogleDriveStats {
  /** Access tokens granted. */
  tokens: number;
  /** Chunk PUTs received (a byte range in Content-Range), accepted or not. */
  chunks: number;
  /** Status queries (`Content-Range: bytes *\/total`). */
  statusQueries: number;
  /** Requests refused with a 4xx (bad credentials or token, bad offset, bad chunk size, unknown session...). */
  rejected: number;
  /** Body bytes received by chunk PUTs, kept or not: what the client sent, to catch bytes sent twice. */
  bytes: number;
}

export interface FakeGoogleDrive {
  /** Base URL, used as both oauthUrl and apiUrl. */
  url: string;
  files(): FakeDriveFile[];
  /**
   * The next chunk PUT is cut after `afterBytes` of its body: the server keeps what arrived rounded down to
   * 256 KiB (as Drive may), destroys the socket, and the session stays resumable.
   */
  interruptNextChunk(afterBytes: number): void;
  stats: FakeGoogleDriveStats;
  /** Makes every access token issued so far invalid (the client must refresh). */
  expireTokens(): void;
  stop(): Promise<void>;
}

interface UploadSession {
  id: string;
  name: string;
  parents: string[];
  mimeType: string;
  /** From X-Upload-Content-Length, or the first Content-Range that names a total. */
  total: number | undefined;
  /** Bytes on disk: always a multiple of 256 KiB until the last chunk. */
  held: number;
  path: string;
  /** Set once complete; later PUTs answer with it. */
  file?: FakeDriveFile;
  /** Requests on one session run one after another, so a status query sees a cut chunk's bytes committed. */
  queue: Promise<void>;
}

type ContentRange =
  | { kind: 'status'; total: number | undefined }
  | { kind: 'chunk'; start: number; end: number; total: number | undefined };

/** A refusal, answered as Drive answers: `{error:{code,message,errors:[...]}}`, or OAuth's `{error,error_description}`. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

function driveError(code: number, reason: string, message: string, where?: { location: string; locationType: string }): HttpError {
  const status = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 500: 'INTERNAL' }[code];
  return new HttpError(code, { error: { code, message, errors: [{ message, domain: 'global', reason, ...where }], status } });
}

function invalidValue(message: string, location: string, locationType = 'parameter'): HttpError {
  return driveError(400, 'invalid', message, { location, locationType });
}

function oauthError(status: number, error: string, description: string): HttpError {
  return new HttpError(status, { error, error_description: description });
}

const newId = (bytes = 16) => randomBytes(bytes).toString('base64url');

export async function startFakeGoogleDrive(o: FakeGoogleDriveOptions): Promise<FakeGoogleDrive> {
  await mkdir(o.dir, { recursive: true });
  const ttlS = o.accessTokenTtlS ?? 3600;
  const stats: FakeGoogleDriveStats = { tokens: 0, chunks: 0, statusQueries: 0, rejected: 0, bytes: 0 };
  /** access token → expiry (ms since epoch). */
  const tokens = new Map<string, number>();
  const files = new Map<string, FakeDriveFile>();
  const sessions = new Map<string, UploadSession>();
  let pendingCut: number | undefined;
  let baseUrl = '';

  async function grantToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams((await readSmallBody(req)).toString('utf8'));
    if (form.get('grant_type') !== 'refresh_token') {
      throw oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
    }
    if (form.get('client_id') !== o.clientId) throw oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (form.get('client_secret') !== o.clientSecret) throw oauthError(401, 'invalid_client', 'Unauthorized');
    if (form.get('refresh_token') !== o.refreshToken) throw oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    const token = `ya29.fake-${newId(24)}`;
    tokens.set(token, Date.now() + ttlS * 1000);
    stats.tokens++;
    sendJson(res, 200, {
      access_token: token,
      expires_in: ttlS,
      scope: 'https://www.googleapis.com/auth/drive.file',
      token_type: 'Bearer',
    });
  }

  /** Drive answers a missing, unknown or expired bearer token with 401 and a WWW-Authenticate challenge. */
  function requireAuth(req: IncomingMessage): void {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiry = token === undefined ? undefined : tokens.get(token);
    if (expiry !== undefined && expiry > Date.now()) return;
    const message =
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
    const error = driveError(401, 'authError', message, { location: 'Authorization', locationType: 'header' });
    throw new HttpError(401, error.body, { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' });
  }

  function requireParent(id: string): void {
    if (id === 'root') return;
    if (files.get(id)?.mimeType !== FOLDER_MIME)
      throw driveError(404, 'notFound', `File not found: ${id}.`, { location: 'fileId', locationType: 'parameter' });
  }

  async function listFiles(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    requireAuth(req);
    const matches = parseQuery(url.searchParams.get('q') ?? '');
    const found = [...files.values()].filter(matches);
    const keys = parseFields(url.searchParams.get('fields'));
    sendJson(res, 200, { kind: 'drive#fileList', files: found.map((f) => pick(fileJson(f), keys)) });
  }

  /** files.create without content: how folders are made (and empty files, through the metadata-only path). */
  async function createMetadataOnly(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requireAuth(req);
    const meta = parseMetadata(await readSmallBody(req));
    const parents = meta.parents ?? ['root'];
    for (const parent of parents) requireParent(parent);
    const id = newId();
    const mimeType = meta.mimeType ?? 'application/octet-stream';
    const path = mimeType === FOLDER_MIME ? '' : join(o.dir, `file-${id}`);
    if (path) await writeFile(path, '');
    const file: FakeDriveFile = { id, name: meta.name ?? 'Untitled', parents, mimeType, size: 0, path };
    files.set(id, file);
    sendJson(res, 200, fileJson(file));
  }

  async function startSession(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.searchParams.get('uploadType') !== 'resumable')
      throw invalidValue('This double implements uploadType=resumable only.', 'uploadType');
    requireAuth(req);
    const meta = parseMetadata(await readSmallBody(req));
    const parents = meta.parents ?? ['root'];
    for (const parent of parents) requireParent(parent);
    const total = parseUploadLength(req.headers['x-upload-content-length']);
    const id = newId(24);
    const path = join(o.dir, `upload-${id}`);
    await writeFile(path, '');
    const mimeType = meta.mimeType ?? String(req.headers['x-upload-content-type'] ?? 'application/octet-stream');
    sessions.set(id, { id, name: meta.name ?? 'Untitled', parents, mimeType, total, held: 0, path, queue: Promise.resolve() });
    res.writeHead(200, { Location: `${baseUrl}/upload/drive/v3/files?uploadType=resumable&upload_id=${id}`, 'Content-Length': 0 });
    res.end();
  }

  async function putToSession(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const range = parseContentRange(req.headers['content-range']);
    if (range.kind === 'chunk') stats.chunks++;
    else stats.statusQueries++;
    const session = sessions.get(url.searchParams.get('upload_id') ?? '');
    if (!session) throw driveError(404, 'notFound', 'The upload session was not found or has expired.');
    // The session URI authenticates by itself; a bearer token sent along must still be valid, as Drive checks it.
    if (req.headers.authorization !== undefined) requireAuth(req);
    await serialized(session, () => answerSessionPut(req, res, session, range));
  }

  async function answerSessionPut(req: IncomingMessage, res: ServerResponse, session: UploadSession, range: ContentRange): Promise<void> {
    if (session.file) {
      await drain(req);
      return sendJson(res, 200, fileJson(session.file));
    }
    acceptTotal(session, range.total);
    if (range.kind === 'status') {
      await drain(req);
      if (session.held === session.total) return sendJson(res, 200, fileJson(complete(session)));
      return sendIncomplete(res, session);
    }
    checkChunk(req, session, range);
    await receiveChunk(req, res, session, range);
  }

  /** Every chunk but the last must be a multiple of 256 KiB and start exactly where the held bytes end. */
  function checkChunk(req: IncomingMessage, session: UploadSession, range: ContentRange & { kind: 'chunk' }): void {
    const length = range.end - range.start + 1;
    if (range.start !== session.held) {
      throw invalidValue(
        `Invalid request. According to the Content-Range header, the upload offset is ${range.start} byte(s), but ${session.held} byte(s) were uploaded so far.`,
        'Content-Range',
        'header',
      );
    }
    if (Number(req.headers['content-length']) !== length) {
      throw invalidValue(`Content-Length must be ${length}, the size of the range in Content-Range.`, 'Content-Length', 'header');
    }
    const total = session.total ?? Number.POSITIVE_INFINITY;
    if (range.end + 1 > total) throw invalidValue(`The range ends past the declared size ${total}.`, 'Content-Range', 'header');
    if (range.end + 1 < total && length % CHUNK_UNIT !== 0) {
      throw invalidValue(`Invalid request. The chunk size ${length} is not a multiple of 262144 bytes.`, 'Content-Range', 'header');
    }
  }

  /** Streams the body to disk at its offset; keeps all of a whole chunk, and of a cut one what 256 KiB allows. */
  async function receiveChunk(req: IncomingMessage, res: ServerResponse, session: UploadSession, range: ContentRange & { kind: 'chunk' }) {
    const length = range.end - range.start + 1;
    const cutAfter = pendingCut;
    pendingCut = undefined;
    const written = await writeBody(req, session.path, range.start, cutAfter);
    stats.bytes += written;
    const whole = written === length;
    session.held = range.start + (whole ? written : written - (written % CHUNK_UNIT));
    await truncate(session.path, session.held);
    const file = session.held === session.total ? complete(session) : undefined;
    // A cut past the chunk's end keeps it all but still loses the answer: the client must ask.
    if (cutAfter !== undefined || !whole) {
      res.destroy();
      return;
    }
    if (file) return sendJson(res, 200, fileJson(file));
    sendIncomplete(res, session);
  }

  function complete(session: UploadSession): FakeDriveFile {
    const { name, parents, mimeType, path } = session;
    const file: FakeDriveFile = { id: newId(), name, parents, mimeType, size: session.held, path };
    files.set(file.id, file);
    session.file = file;
    return file;
  }

  const server = createServer((req, res) => {
    route(req, res)
      .catch((error: unknown) => answerError(req, res, error))
      .catch(() => res.destroy());
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    switch (`${req.method} ${url.pathname}`) {
      case 'POST /token':
        return grantToken(req, res);
      case 'GET /drive/v3/files':
        return listFiles(req, res, url);
      case 'POST /drive/v3/files':
        return createMetadataOnly(req, res);
      case 'POST /upload/drive/v3/files':
        return startSession(req, res, url);
      case 'PUT /upload/drive/v3/files':
        return putToSession(req, res, url);
      default:
        throw driveError(404, 'notFound', `Not Found: ${req.method} ${url.pathname}`);
    }
  }

  async function answerError(req: IncomingMessage, res: ServerResponse, error: unknown): Promise<void> {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const refusal = error instanceof HttpError ? error : driveError(500, 'backendError', `Backend Error: ${String(error)}`);
    if (refusal.status < 500) stats.rejected++;
    // Read the rest of a refused body first, so the client sees the answer rather than a reset.
    await drain(req);
    sendJson(res, refusal.status, refusal.body, refusal.headers);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    files: () => [...files.values()].map((f) => ({ ...f, parents: [...f.parents] })),
    interruptNextChunk(afterBytes) {
      pendingCut = afterBytes;
    },
    stats,
    expireTokens() {
      tokens.clear();
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs `work` after every earlier request on the session has finished, whatever became of them. */
function serialized(session: UploadSession, work: () => Promise<void>): Promise<void> {
  const run = session.queue.then(work, work);
  session.queue = run.catch(() => {});
  return run;
}

/**
 * Writes the body at `offset` (backpressured, never buffered) and returns how many bytes arrived. Stopping
 * at `cutAt` destroys the request and its socket (the cut); a client that goes away mid-body ends it early too.
 */
async function writeBody(req: IncomingMessage, path: string, offset: number, cutAt = Number.POSITIVE_INFINITY): Promise<number> {
  const out = createWriteStream(path, { flags: 'r+', start: offset });
  let written = 0;
  try {
    for await (const data of req as AsyncIterable<Buffer>) {
      const piece = written + data.length > cutAt ? data.subarray(0, cutAt - written) : data;
      written += piece.length;
      if (!out.write(piece)) await once(out, 'drain');
      if (written >= cutAt) break;
    }
  } catch {
    // the client disconnected mid-body: keep what arrived
  }
  out.end();
  await once(out, 'close');
  return written;
}

function sendIncomplete(res: ServerResponse, session: UploadSession): void {
  const headers: Record<string, string | number> = { 'Content-Length': 0 };
  if (session.held > 0) headers.Range = `bytes=0-${session.held - 1}`;
  res.writeHead(308, headers);
  res.end();
}

function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function fileJson(f: FakeDriveFile): Record<string, unknown> {
  return { kind: 'drive#file', id: f.id, name: f.name, mimeType: f.mimeType, parents: f.parents, size: String(f.size) };
}

async function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  req.resume();
  await finished(req).catch(() => {});
}

async function readSmallBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const data of req as AsyncIterable<Buffer>) {
    size += data.length;
    if (size > MAX_SMALL_BODY) throw driveError(400, 'badRequest', 'Request body too large for metadata.');
    parts.push(data);
  }
  return Buffer.concat(parts);
}

interface Metadata {
  name?: string;
  mimeType?: string;
  parents?: string[];
}

function parseMetadata(body: Buffer): Metadata {
  if (body.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw driveError(400, 'parseError', 'Parse Error');
  }
  const meta = value as Metadata;
  if (typeof value !== 'object' || value === null) throw driveError(400, 'parseError', 'Parse Error');
  if (meta.name !== undefined && typeof meta.name !== 'string') throw invalidValue("Invalid value for 'name'.", 'name', 'other');
  if (meta.parents !== undefined && !(Array.isArray(meta.parents) && meta.parents.every((p) => typeof p === 'string'))) {
    throw invalidValue("Invalid value for 'parents'.", 'parents', 'other');
  }
  if ((meta.parents?.length ?? 0) > 1) {
    throw driveError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
  }
  return meta;
}

function parseUploadLength(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^\d+$/.test(header))
    throw invalidValue('Invalid X-Upload-Content-Length.', 'X-Upload-Content-Length', 'header');
  return Number(header);
}

/** `bytes a-b/total`, `bytes a-b/*` (total unknown yet) or the status query `bytes *\/total`. */
function parseContentRange(header: string | undefined): ContentRange {
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header ?? '');
  const total = (text: string | undefined) => (text === undefined || text === '*' ? undefined : Number(text));
  if (chunk) {
    const [start, end] = [Number(chunk[1]), Number(chunk[2])];
    if (end < start) throw invalidValue('Invalid Content-Range: the range ends before it starts.', 'Content-Range', 'header');
    return { kind: 'chunk', start, end, total: total(chunk[3]) };
  }
  const status = /^bytes \*\/(\d+|\*)$/.exec(header ?? '');
  if (status) return { kind: 'status', total: total(status[1]) };
  throw invalidValue(`Invalid Content-Range header: ${header ?? '(missing)'}.`, 'Content-Range', 'header');
}

/** The total is fixed once known; a later request naming another is refused. */
function acceptTotal(session: UploadSession, total: number | undefined): void {
  if (total === undefined) return;
  if (session.total === undefined) session.total = total;
  if (session.total !== total) {
    throw invalidValue(`The total size ${total} differs from the ${session.total} bytes this upload declared.`, 'Content-Range', 'header');
  }
}

/**
 * The subset of Drive's query language a folder lookup uses, `and`-joined:
 * `name = '…'`, `mimeType = '…'`, `'<id>' in parents`, `trashed = true|false`; strings escape `\` and `'` with `\`.
 */
function parseQuery(q: string): (f: FakeDriveFile) => boolean {
  const tests = splitAnd(q).map(parseClause);
  return (f) => tests.every((test) => test(f));
}

const LITERAL = String.raw`'((?:[^'\\]|\\.)*)'`;
const unescapeLiteral = (text: string) => text.replace(/\\(.)/g, '$1');

function parseClause(clause: string): (f: FakeDriveFile) => boolean {
  const field = new RegExp(`^(name|mimeType)\\s*=\\s*${LITERAL}$`).exec(clause);
  if (field) {
    const [key, value] = [field[1] as 'name' | 'mimeType', unescapeLiteral(field[2]!)];
    return (f) => f[key] === value;
  }
  const parent = new RegExp(`^${LITERAL}\\s+in\\s+parents$`).exec(clause);
  if (parent) {
    const id = unescapeLiteral(parent[1]!);
    return (f) => f.parents.includes(id);
  }
  // The double never trashes anything, so `trashed = true` matches nothing.
  const trashed = /^trashed\s*=\s*(true|false)$/.exec(clause);
  if (trashed) return () => trashed[1] === 'false';
  throw invalidValue('Invalid Value', 'q');
}

/** Splits on ` and ` outside quoted strings. */
function splitAnd(q: string): string[] {
  const clauses: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < q.length; i++) {
    const ch = q[i]!;
    if (quoted && ch === '\\') {
      current += ch + (q[++i] ?? '');
      continue;
    }
    if (ch === "'") quoted = !quoted;
    const and = quoted ? null : /^\s+and\s+/i.exec(q.slice(i));
    if (and) {
      clauses.push(current.trim());
      current = '';
      i += and[0].length - 1;
      continue;
    }
    current += ch;
  }
  if (quoted) throw invalidValue('Invalid Value', 'q');
  if (current.trim()) clauses.push(current.trim());
  return clauses;
}

/** `files(id,name)` → ['id', 'name']; anything else → Drive's default file fields. */
function parseFields(fields: string | null): string[] {
  const inner = /^(?:nextPageToken,\s*)?files\(([^)]*)\)$/.exec(fields?.trim() ?? '')?.[1];
  return inner ? inner.split(',').map((k) => k.trim()) : ['kind', 'id', 'name', 'mimeType'];
}

function pick(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in value).map((k) => [k, value[k]]));
}
