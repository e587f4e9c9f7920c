/**
 * Google Drive v3 client: OAuth refresh-token grant, folder path lookup/creation, and the resumable upload
 * protocol (session URI, 256 KiB-aligned chunks streamed from disk, status query, resume after a restart).
 * Node's global fetch only; memory stays flat whatever the file size.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { type CloudClient, CloudError, type UploadOptions, type UploadResult, type UploadSource } from './cloud-client.js';
import { type GrantedToken, OAuthTokenCache } from './oauth-token.js';

export interface GoogleDriveConfig {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Drive folder path, e.g. "Roomcast" or "Lectures/2026" ("/"-separated; empty = My Drive root). */
  folder: string;
  /** Defaults https://oauth2.googleapis.com and https://www.googleapis.com; tests point them at loopback. */
  oauthUrl?: string;
  apiUrl?: string;
  /** Chunk size, a multiple of 256 KiB (Drive's rule); default 8 MiB. */
  chunkBytes?: number;
}

const CHUNK_UNIT = 256 * 1024;
const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
const FOLDER_MIME = 'application/vnd.google-apps.folder';
/** Failed or fruitless steps one upload call tolerates in a row before leaving the retry to the queue. */
const MAX_FRUITLESS_STEPS = 5;
const BACKOFF_FIRST_MS = 250;
const BACKOFF_CAP_MS = 4_000;
/** A longer Retry-After is the queue's business, not a wait inside one call. */
const RETRY_AFTER_CAP_MS = 10_000;
/** Renew an access token this long before Google says it expires (at most half its lifetime). */
const TOKEN_MARGIN_MS = 60_000;
/** 403 reasons Drive documents as "slow down and retry", unlike other 403s (quota, permissions). */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** What Drive said about a session: bytes it holds, the finished file, or that the session is gone. */
type Progress = { kind: 'held'; bytes: number } | { kind: 'done'; id: string } | { kind: 'gone' } | { kind: 'unknown' };

/** A retryable refusal that named how long to wait (429/503 with Retry-After). */
class RetryLaterError extends CloudError {
  constructor(
    message: string,
    status: number,
    readonly retryAfterMs: number,
  ) {
    super(message, true, status);
  }
}

export function googleDriveClient(config: GoogleDriveConfig): CloudClient {
  const chunkBytes = config.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0 || chunkBytes % CHUNK_UNIT !== 0) {
    throw new Error(`chunkBytes must be a positive multiple of ${CHUNK_UNIT}, got ${chunkBytes}`);
  }
  const api = new DriveApi(config);
  return {
    upload: (file, options) => new ResumableUpload(api, file, options, chunkBytes).run(),
  };
}

/** One `upload` call: a loop of steps (start, send a chunk, ask the status) until Drive returns the file. */
class ResumableUpload {
  private uri: string | undefined;
  private confirmed = 0;
  private fruitless = 0;

  constructor(
    private readonly api: DriveApi,
    private readonly file: UploadSource,
    private readonly options: UploadOptions,
    private readonly chunkBytes: number,
  ) {
    this.uri = api.sessionFromResume(options.resume);
  }

  async run(): Promise<UploadResult> {
    const { signal } = this.options;
    throwIfAborted(signal);
    await checkLocalFile(this.file);
    let state: Progress = this.uri ? { kind: 'unknown' } : { kind: 'gone' };
    for (;;) {
      throwIfAborted(signal);
      try {
        state = await this.step(state);
      } catch (error) {
        await this.recover(error);
        state = { kind: 'unknown' };
        continue;
      }
      if (state.kind === 'done') {
        this.options.onProgress(this.file.size);
        return { remoteId: state.id };
      }
      this.account(state);
    }
  }

  private step(state: Progress): Promise<Progress> {
    const { signal } = this.options;
    const { size } = this.file;
    if (state.kind === 'gone' || !this.uri) return this.startSession();
    // All bytes held but no file yet (an empty file, or a lost final answer): the status query finishes it.
    if (state.kind === 'unknown' || (state.kind === 'held' && state.bytes >= size)) return this.api.queryStatus(this.uri, size, signal);
    if (state.kind === 'held') {
      const end = Math.min(state.bytes + this.chunkBytes, size);
      return this.api.sendChunk(this.uri, this.file, state.bytes, end, signal);
    }
    return Promise.resolve(state);
  }

  private async startSession(): Promise<Progress> {
    this.uri = undefined;
    const uri = await this.api.startSession(this.file, this.options.signal);
    // Saved before any byte goes out, so a restart asks this session instead of sending everything again.
    this.options.saveResume(JSON.stringify({ uri }));
    this.uri = uri;
    this.confirmed = 0;
    return { kind: 'held', bytes: 0 };
  }

  /** Reports progress; a step that adds no bytes counts towards giving up, so the loop cannot spin. */
  private account(state: Progress): void {
    if (state.kind === 'held' && state.bytes > this.confirmed) {
      this.confirmed = state.bytes;
      this.fruitless = 0;
      this.options.onProgress(state.bytes);
      return;
    }
    if (++this.fruitless > MAX_FRUITLESS_STEPS) {
      throw new CloudError(`Google Drive took no more bytes of ${this.file.name} after ${this.confirmed}`, true);
    }
  }

  /** Waits before the next try when the failure is worth retrying here; otherwise rethrows it. */
  private async recover(error: unknown): Promise<void> {
    const { signal } = this.options;
    if (signal?.aborted) throw abortError(signal);
    if (!(error instanceof CloudError) || !error.retryable) throw error;
    if (++this.fruitless > MAX_FRUITLESS_STEPS) throw error;
    const waitMs =
      error instanceof RetryLaterError ? error.retryAfterMs : Math.min(BACKOFF_FIRST_MS * 2 ** (this.fruitless - 1), BACKOFF_CAP_MS);
    if (waitMs > RETRY_AFTER_CAP_MS) throw error;
    try {
      await delay(waitMs, undefined, { signal });
    } catch {
      throw abortError(signal);
    }
  }
}

/** The HTTP calls, each returning what Drive said or throwing a CloudError (or an AbortError). */
class DriveApi {
  private readonly apiUrl: string;
  private readonly tokens: OAuthTokenCache;
  private folderId: Promise<string> | undefined;

  constructor(private readonly config: GoogleDriveConfig) {
    this.apiUrl = trimSlash(config.apiUrl ?? 'https://www.googleapis.com');
    const oauthUrl = trimSlash(config.oauthUrl ?? 'https://oauth2.googleapis.com');
    this.tokens = new OAuthTokenCache((signal) => grantToken(config, oauthUrl, signal), TOKEN_MARGIN_MS);
  }

  /** The session URI in a saved state, if it is one and points at our API host (it will carry our token). */
  sessionFromResume(resume: string | undefined): string | undefined {
    if (!resume) return undefined;
    try {
      const { uri } = JSON.parse(resume) as { uri?: unknown };
      if (typeof uri === 'string' && new URL(uri).origin === new URL(this.apiUrl).origin) return uri;
    } catch {
      // a state from another version or another client: start over
    }
    return undefined;
  }

  async startSession(file: UploadSource, signal: AbortSignal | undefined): Promise<string> {
    const parent = await this.folder(signal);
    const res = await this.authorized(
      (auth) =>
        send(`${this.apiUrl}/upload/drive/v3/files?uploadType=resumable`, {
          method: 'POST',
          headers: {
            ...auth,
            'Content-Type': 'application/json; charset=UTF-8',
            'X-Upload-Content-Type': file.contentType,
            'X-Upload-Content-Length': String(file.size),
          },
          body: JSON.stringify({ name: file.name, parents: [parent] }),
          signal,
        }),
      signal,
    );
    if (!res.ok) {
      // The folder may have been deleted since it was looked up: look again next time.
      if (res.status === 404) this.folderId = undefined;
      throw await apiFailure(res);
    }
    await discard(res);
    const location = res.headers.get('location');
    if (!location) throw new CloudError('Google Drive answered the upload start without a session URI', true, res.status);
    return location;
  }

  queryStatus(uri: string, total: number, signal: AbortSignal | undefined): Promise<Progress> {
    const headers = { 'Content-Length': '0', 'Content-Range': `bytes */${total}` };
    return this.sessionPut(uri, () => ({ headers }), signal);
  }

  /** Sends bytes [start, end) streamed from disk; a fresh stream per attempt, as a 401 retry resends it. */
  sendChunk(uri: string, file: UploadSource, start: number, end: number, signal: AbortSignal | undefined): Promise<Progress> {
    const headers = { 'Content-Length': String(end - start), 'Content-Range': `bytes ${start}-${end - 1}/${file.size}` };
    const body = () => Readable.toWeb(createReadStream(file.path, { start, end: end - 1 })) as ReadableStream<Uint8Array>;
    return this.sessionPut(uri, () => ({ headers, body: body(), duplex: 'half' }), signal);
  }

  private async sessionPut(uri: string, request: () => RequestInit & { headers: Record<string, string> }, signal: AbortSignal | undefined) {
    const res = await this.authorized((auth) => {
      const init = request();
      return send(uri, { ...init, method: 'PUT', headers: { ...auth, ...init.headers }, signal });
    }, signal);
    return readProgress(res);
  }

  private folder(signal: AbortSignal | undefined): Promise<string> {
    this.folderId ??= this.resolveFolder(signal).catch((error: unknown) => {
      this.folderId = undefined;
      throw error;
    });
    return this.folderId;
  }

  private async resolveFolder(signal: AbortSignal | undefined): Promise<string> {
    let parent = 'root';
    for (const name of this.config.folder.split('/').filter((s) => s.trim() !== '')) {
      parent = (await this.findFolder(name, parent, signal)) ?? (await this.createFolder(name, parent, signal));
    }
    return parent;
  }

  private async findFolder(name: string, parent: string, signal: AbortSignal | undefined): Promise<string | undefined> {
    const q = `name = '${escapeQuery(name)}' and mimeType = '${FOLDER_MIME}' and '${escapeQuery(parent)}' in parents and trashed = false`;
    const url = `${this.apiUrl}/drive/v3/files?${new URLSearchParams({ q, fields: 'files(id,name)' })}`;
    const res = await this.authorized((auth) => send(url, { headers: auth, signal }), signal);
    if (!res.ok) throw await apiFailure(res);
    const body = (await readJson(res)) as { files?: Array<{ id?: unknown }> } | undefined;
    const id = body?.files?.[0]?.id;
    return typeof id === 'string' ? id : undefined;
  }

  private async createFolder(name: string, parent: string, signal: AbortSignal | undefined): Promise<string> {
    const res = await this.authorized(
      (auth) =>
        send(`${this.apiUrl}/drive/v3/files`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json; charset=UTF-8' },
          body: JSON.stringify({ name, mimeType: FOLDER_MIME, parents: [parent] }),
          signal,
        }),
      signal,
    );
    if (!res.ok) throw await apiFailure(res);
    return idOf(await readJson(res), 'the new folder');
  }

  /** Sends with a bearer token; on a 401 renews the token once and sends again (Drive expires them hourly). */
  private async authorized(sendWith: (auth: { Authorization: string }) => Promise<Response>, signal: AbortSignal | undefined) {
    const token = await this.tokens.get(signal);
    const res = await sendWith({ Authorization: `Bearer ${token}` });
    if (res.status !== 401) return res;
    await discard(res);
    return sendWith({ Authorization: `Bearer ${await this.tokens.renew(token, signal)}` });
  }
}

/** `POST {oauth}/token` with grant_type=refresh_token. */
async function grantToken(config: GoogleDriveConfig, oauthUrl: string, signal: AbortSignal | undefined): Promise<GrantedToken> {
  const { clientId, clientSecret, refreshToken } = config;
  const form = new URLSearchParams({
    client_id: clientId,
    client_secret: clientSecret,
    refresh_token: refreshToken,
    grant_type: 'refresh_token',
  });
  const res = await send(`${oauthUrl}/token`, { method: 'POST', body: form, signal });
  const body = (await readJson(res)) as
    | { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown }
    | undefined;
  if (!res.ok) throw tokenFailure(res, body);
  if (typeof body?.access_token !== 'string')
    throw new CloudError('Google answered the token request without an access token', true, res.status);
  return { token: body.access_token, lifetimeMs: (Number(body.expires_in) || 3600) * 1000 };
}

/** invalid_grant / invalid_client (400/401) cannot succeed until someone fixes the credentials; 5xx may. */
function tokenFailure(res: Response, body: { error?: unknown; error_description?: unknown } | undefined): CloudError {
  const words = [body?.error_description, body?.error].find((w) => typeof w === 'string' && w !== '');
  const message = typeof words === 'string' ? words : `Google refused the token request (HTTP ${res.status})`;
  const retryable = res.status >= 500 || res.status === 408 || res.status === 429;
  return new CloudError(message, retryable, res.status);
}

/** 308 = incomplete (Range says what Drive holds; none = nothing), 200/201 = the file, 404/410 = session gone. */
async function readProgress(res: Response): Promise<Progress> {
  if (res.status === 308) {
    await discard(res);
    const last = /^bytes=0-(\d+)$/.exec(res.headers.get('range') ?? '')?.[1];
    return { kind: 'held', bytes: last === undefined ? 0 : Number(last) + 1 };
  }
  if (res.status === 200 || res.status === 201) return { kind: 'done', id: idOf(await readJson(res), 'the uploaded file') };
  if (res.status === 404 || res.status === 410) {
    await discard(res);
    return { kind: 'gone' };
  }
  throw await apiFailure(res);
}

/** A CloudError in Google's own words (`error.message`), retryable as the status says. */
async function apiFailure(res: Response): Promise<CloudError> {
  const body = (await readJson(res)) as { error?: { message?: unknown; errors?: Array<{ reason?: unknown }> } } | undefined;
  const message = typeof body?.error?.message === 'string' ? body.error.message : `Google Drive answered HTTP ${res.status}`;
  const rateLimited = res.status === 403 && (body?.error?.errors ?? []).some((e) => RATE_LIMIT_REASONS.has(String(e.reason)));
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
  if (retryAfterMs !== undefined && (res.status === 429 || res.status === 503))
    return new RetryLaterError(message, res.status, retryAfterMs);
  return new CloudError(message, rateLimited || isRetryableStatus(res.status), res.status);
}

function isRetryableStatus(status: number): boolean {
  return status >= 500 || [401, 404, 408, 429].includes(status);
}

/** Retry-After is seconds or an HTTP date. */
function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** fetch, with network failures turned into retryable CloudErrors and aborts into AbortErrors. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    // A 308 here is Drive's "resume incomplete", never a redirect to follow.
    return await fetch(url, { ...init, redirect: 'manual' });
  } catch (error) {
    if (init.signal?.aborted) throw abortError(init.signal);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CloudError(`Google Drive could not be reached: ${cause}`, true);
  }
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return JSON.parse(await res.text());
  } catch {
    return undefined;
  }
}

/** Reads a small answer to its end, so the connection can carry the next request. */
async function discard(res: Response): Promise<void> {
  await res.arrayBuffer().catch(() => undefined);
}

function idOf(body: unknown, what: string): string {
  const id = (body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') throw new CloudError(`Google Drive answered without the id of ${what}`, true);
  return id;
}

/** Drive's query language quotes with `'` and escapes `\` and `'` with a backslash. */
function escapeQuery(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}

/** A missing or changed local file cannot be uploaded by retrying. */
async function checkLocalFile(file: UploadSource): Promise<void> {
  const actual = await stat(file.path).catch(() => undefined);
  if (!actual) throw new CloudError(`The local file ${file.path} is gone`, false);
  if (actual.size !== file.size)
    throw new CloudError(`The local file ${file.path} is ${actual.size} bytes, not the ${file.size} queued`, false);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** The contract promises an AbortError whatever reason the signal carries. */
function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The upload was aborted', 'AbortError');
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
