/**
 * Dropbox API v2 upload-session client: start → append_v2 … → finish, each chunk streamed from disk. Dropbox
 * has no "how much do you hold" query, so resuming appends at the saved offset and follows the
 * `incorrect_offset` answer's `correct_offset`; a `not_found` session (they live 7 days) starts over from 0.
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CloudClient, CloudError, type UploadOptions, type UploadResult, type UploadSource } from './cloud-client.js';
import { type GrantedToken, OAuthTokenCache } from './oauth-token.js';

export interface DropboxConfig {
  /** Either a long-lived/short-lived access token, or appKey (+ appSecret) and a refresh token (offline access). */
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
  refreshToken?: string;
  /** Dropbox folder, e.g. "/Roomcast" (a leading "/" is added when missing). */
  folder: string;
  /** Defaults https://api.dropboxapi.com and https://content.dropboxapi.com; tests point them at loopback. */
  apiUrl?: string;
  contentUrl?: string;
  /** Chunk size, a multiple of 4 MiB recommended by Dropbox; default 8 MiB. Max 150 MiB. */
  chunkBytes?: number;
}

const MiB = 1024 * 1024;
const DEFAULT_CHUNK_BYTES = 8 * MiB;
/** Dropbox refuses request bodies over 150 MiB. */
const MAX_CHUNK_BYTES = 150 * MiB;
/** Tries per chunk within one call before the transfer queue takes over with its own, longer schedule. */
const ATTEMPTS_PER_CHUNK = 4;
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 4000;
/** A longer Retry-After is not waited out here: the queue retries later instead of holding the call open. */
const RETRY_AFTER_CAP_S = 30;
/** Renew a refreshed token this long before Dropbox says it expires (at most half its lifetime). */
const TOKEN_RENEW_MARGIN_MS = 5 * 60_000;
/** Offset corrections in a row without a confirmed chunk before the call gives up (a remote that keeps moving). */
const MAX_CORRECTIONS = 5;

export function dropboxClient(config: DropboxConfig): CloudClient {
  const chunkBytes = config.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes <= 0 || chunkBytes > MAX_CHUNK_BYTES) {
    throw new RangeError(`Dropbox chunkBytes must be between 1 and ${MAX_CHUNK_BYTES}`);
  }
  const transport = dropboxTransport(config);
  const folder = normalizeFolder(config.folder);
  // Missing credentials fail each upload (the queue shows why) rather than the construction of the client.
  const unconfigured = !config.accessToken && !(config.refreshToken && config.appKey);
  return {
    upload: async (file, options) => {
      if (unconfigured) throw new CloudError('Dropbox needs an access token, or an app key with a refresh token', false);
      return new Upload(transport, file, options, `${folder}/${file.name}`, chunkBytes).run();
    },
  };
}

/** "/Roomcast", "Roomcast/", "/" → "/Roomcast", "/Roomcast", "" (the root). */
function normalizeFolder(folder: string): string {
  const trimmed = folder.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

// ---- one upload ----

interface SessionState {
  sessionId?: string;
  offset: number;
}

/** What one request did to the session. */
type Step =
  | { kind: 'confirmed'; sessionId: string; offset: number }
  | { kind: 'done'; result: UploadResult }
  | { kind: 'moved'; offset: number }
  | { kind: 'lost' }
  | { kind: 'failed'; failure: Failure };

interface Failure {
  error: CloudError;
  retryAfterS?: number;
}

class Upload {
  private state: SessionState;
  private failures = 0;
  private corrections = 0;
  private restarted = false;

  constructor(
    private readonly transport: DropboxTransport,
    private readonly file: UploadSource,
    private readonly options: UploadOptions,
    private readonly remotePath: string,
    private readonly chunkBytes: number,
  ) {
    this.state = parseResume(options.resume, file.size);
  }

  async run(): Promise<UploadResult> {
    await this.checkLocalFile();
    for (;;) {
      throwIfAborted(this.options.signal);
      const step = await this.sendNext().catch((error: unknown) => this.asFailedStep(error));
      if (step.kind === 'done') {
        this.options.onProgress(this.file.size);
        return step.result;
      }
      await this.apply(step);
    }
  }

  /** A missing or shrunken file cannot succeed later; Dropbox would otherwise get a short body. */
  private async checkLocalFile(): Promise<void> {
    const size = await stat(this.file.path).then(
      (s) => s.size,
      () => undefined,
    );
    if (size === undefined) throw new CloudError(`The file to upload is missing: ${this.file.path}`, false);
    if (size < this.file.size) throw new CloudError(`The file to upload is shorter than queued: ${this.file.path}`, false);
  }

  /** start with the first chunk, append whole chunks, finish with what is left (possibly nothing). */
  private sendNext(): Promise<Step> {
    const { sessionId, offset } = this.state;
    const { size } = this.file;
    if (!sessionId) return this.start(Math.min(size, this.chunkBytes));
    if (size - offset > this.chunkBytes) return this.append(sessionId, offset, offset + this.chunkBytes);
    return this.finish(sessionId, offset);
  }

  private async start(end: number): Promise<Step> {
    const answer = await this.send('upload_session/start', { close: false }, 0, end);
    if (answer.status !== 200) return { kind: 'failed', failure: failureOf(answer) };
    const sessionId = (answer.json as { session_id?: unknown } | undefined)?.session_id;
    if (typeof sessionId !== 'string') return { kind: 'failed', failure: malformed('upload_session/start') };
    return { kind: 'confirmed', sessionId, offset: end };
  }

  private async append(sessionId: string, start: number, end: number): Promise<Step> {
    const arg = { cursor: { session_id: sessionId, offset: start }, close: false };
    const answer = await this.send('upload_session/append_v2', arg, start, end);
    if (answer.status === 200) return { kind: 'confirmed', sessionId, offset: end };
    return sessionStep(answer);
  }

  private async finish(sessionId: string, start: number): Promise<Step> {
    const arg = {
      cursor: { session_id: sessionId, offset: start },
      commit: { path: this.remotePath, mode: 'add', autorename: true, mute: false },
    };
    const answer = await this.send('upload_session/finish', arg, start, this.file.size);
    if (answer.status !== 200) return sessionStep(answer);
    const meta = answer.json as { path_display?: unknown; id?: unknown } | undefined;
    const remoteId = typeof meta?.path_display === 'string' ? meta.path_display : meta?.id;
    if (typeof remoteId !== 'string') return { kind: 'failed', failure: malformed('upload_session/finish') };
    return { kind: 'done', result: { remoteId } };
  }

  private send(endpoint: string, arg: object, start: number, end: number): Promise<Answer> {
    return this.transport.content(endpoint, arg, { path: this.file.path, start, end }, this.options.signal);
  }

  private asFailedStep(error: unknown): Step {
    if (this.options.signal?.aborted) throw abortError(this.options.signal);
    return { kind: 'failed', failure: { error: asCloudError(error) } };
  }

  private async apply(step: Exclude<Step, { kind: 'done' }>): Promise<void> {
    switch (step.kind) {
      case 'confirmed':
        this.failures = 0;
        this.corrections = 0;
        return this.confirm({ sessionId: step.sessionId, offset: step.offset });
      case 'moved':
        return this.correct(step.offset);
      case 'lost':
        return this.restart();
      case 'failed':
        return this.backOff(step.failure);
    }
  }

  private confirm(state: SessionState): void {
    this.state = state;
    this.options.saveResume(JSON.stringify({ sessionId: state.sessionId, offset: state.offset }));
    this.options.onProgress(state.offset);
  }

  /** Dropbox holds a different amount than we thought (a partial append, or a stale saved offset). */
  private correct(offset: number): void {
    if (offset > this.file.size || offset < 0) {
      this.restart();
      return;
    }
    if (++this.corrections > MAX_CORRECTIONS) {
      throw new CloudError('Dropbox kept answering incorrect_offset; the upload will be tried again later', true, 409);
    }
    // Bytes of an interrupted request did land: that attempt was not wasted.
    if (offset > this.state.offset) this.failures = 0;
    this.confirm({ sessionId: this.state.sessionId, offset });
  }

  /** The session expired or never was: a new one from byte 0, once per call. */
  private restart(): void {
    if (this.restarted) throw new CloudError('Dropbox lost the upload session twice; the upload will be tried again later', true, 409);
    this.restarted = true;
    this.state = { offset: 0 };
  }

  private async backOff({ error, retryAfterS }: Failure): Promise<void> {
    if (!error.retryable) throw error;
    if (++this.failures >= ATTEMPTS_PER_CHUNK || (retryAfterS ?? 0) > RETRY_AFTER_CAP_S) {
      throw new CloudError(`${error.message} (gave up after ${this.failures} attempts)`, true, error.status);
    }
    const delayMs = retryAfterS !== undefined ? retryAfterS * 1000 : Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (this.failures - 1));
    await sleep(delayMs, undefined, { signal: this.options.signal }).catch(() => throwIfAborted(this.options.signal));
  }
}

/** A saved `{sessionId, offset}` within the file; anything else (another client's state, garbage) starts fresh. */
function parseResume(resume: string | undefined, size: number): SessionState {
  if (!resume) return { offset: 0 };
  try {
    const saved = JSON.parse(resume) as { sessionId?: unknown; offset?: unknown };
    const offset = saved.offset as number;
    if (typeof saved.sessionId === 'string' && Number.isSafeInteger(offset) && offset >= 0 && offset <= size) {
      return { sessionId: saved.sessionId, offset };
    }
  } catch {
    // not ours
  }
  return { offset: 0 };
}

/** 409 answers about the session itself; other failures as usual. */
function sessionStep(answer: Answer): Step {
  const lookup = answer.status === 409 ? lookupError(answer.json) : undefined;
  if (lookup?.['.tag'] === 'incorrect_offset' && Number.isSafeInteger(lookup.correct_offset)) {
    return { kind: 'moved', offset: lookup.correct_offset as number };
  }
  if (lookup?.['.tag'] === 'not_found') return { kind: 'lost' };
  return { kind: 'failed', failure: failureOf(answer) };
}

/** append_v2 answers the lookup error itself; finish wraps it in `lookup_failed`. */
function lookupError(json: unknown): { '.tag'?: unknown; correct_offset?: unknown } | undefined {
  const error = (json as { error?: Record<string, unknown> } | undefined)?.error;
  if (!error) return undefined;
  return (error['.tag'] === 'lookup_failed' ? error.lookup_failed : error) as { '.tag'?: unknown } | undefined;
}

// ---- transport: auth and requests ----

interface Answer {
  status: number;
  json?: unknown;
  text: string;
  retryAfterS?: number;
}

interface ByteRange {
  path: string;
  start: number;
  /** Exclusive. */
  end: number;
}

interface DropboxTransport {
  content(endpoint: string, arg: object, body: ByteRange, signal: AbortSignal | undefined): Promise<Answer>;
}

function dropboxTransport(config: DropboxConfig): DropboxTransport {
  const apiUrl = trimSlash(config.apiUrl ?? 'https://api.dropboxapi.com');
  const { accessToken, appKey, appSecret, refreshToken } = config;
  const canRefresh = Boolean(refreshToken && appKey);
  const tokens = new OAuthTokenCache(
    (signal) => requestToken(apiUrl, { appKey: appKey!, appSecret, refreshToken: refreshToken! }, signal),
    TOKEN_RENEW_MARGIN_MS,
    accessToken,
  );
  const contentUrl = trimSlash(config.contentUrl ?? 'https://content.dropboxapi.com');
  const post = (endpoint: string, arg: object, body: ByteRange, token: string, signal: AbortSignal | undefined) =>
    postChunk(`${contentUrl}/2/files/${endpoint}`, headerSafeJson(arg), body, token, signal);
  return {
    async content(endpoint, arg, body, signal) {
      const token = await tokens.get(signal);
      const answer = await post(endpoint, arg, body, token, signal);
      if (answer.status !== 401 || !canRefresh || !isTokenRefusal(answer)) return answer;
      return post(endpoint, arg, body, await tokens.renew(token, signal), signal);
    },
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function isTokenRefusal(answer: Answer): boolean {
  const tag = (answer.json as { error?: { '.tag'?: unknown } } | undefined)?.error?.['.tag'];
  return tag === 'expired_access_token' || tag === 'invalid_access_token';
}

/**
 * HTTP headers carry bytes, and Dropbox reads `Dropbox-API-Arg` as ASCII: every other character goes as a
 * JSON `\uXXXX` escape (astral characters as their two surrogate escapes), so "講座 第1週.mp4" arrives intact.
 */
function headerSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One content request whose body is read from disk as it is sent (memory stays at a stream buffer). */
async function postChunk(url: string, arg: string, range: ByteRange, token: string, signal: AbortSignal | undefined): Promise<Answer> {
  const length = range.end - range.start;
  const stream: ReadStream | undefined = length > 0 ? createReadStream(range.path, { start: range.start, end: range.end - 1 }) : undefined;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(length),
        'Dropbox-API-Arg': arg,
      },
      body: stream ? (Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>) : undefined,
      duplex: 'half',
      signal,
    });
    return await readAnswer(response);
  } finally {
    stream?.destroy();
  }
}

async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined; // Dropbox answers 400s as plain text
  }
  return { status: response.status, json, text, retryAfterS: retryAfterOf(response, json) };
}

function retryAfterOf(response: Response, json: unknown): number | undefined {
  const header = response.headers.get('retry-after');
  if (header !== null && /^\d+$/.test(header.trim())) return Number(header);
  const inBody = (json as { error?: { retry_after?: unknown } } | undefined)?.error?.retry_after;
  return typeof inBody === 'number' && inBody >= 0 ? inBody : undefined;
}

/** `POST /oauth2/token` with grant_type=refresh_token (Dropbox's offline access). */
async function requestToken(
  apiUrl: string,
  app: { appKey: string; appSecret?: string; refreshToken: string },
  signal: AbortSignal | undefined,
): Promise<GrantedToken> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: app.refreshToken, client_id: app.appKey });
  if (app.appSecret) form.set('client_secret', app.appSecret);
  const response = await fetch(`${apiUrl}/oauth2/token`, { method: 'POST', body: form, signal });
  const answer = await readAnswer(response);
  const granted = answer.json as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (answer.status !== 200) throw tokenFailure(answer);
  if (typeof granted?.access_token !== 'string') throw malformed('oauth2/token').error;
  return { token: granted.access_token, lifetimeMs: (typeof granted.expires_in === 'number' ? granted.expires_in : 14_400) * 1000 };
}

function tokenFailure(answer: Answer): CloudError {
  const refused = answer.json as { error?: unknown; error_description?: unknown } | undefined;
  if (answer.status === 400 || answer.status === 401) {
    const words = [refused?.error, refused?.error_description].filter((w) => typeof w === 'string').join(': ') || answer.text;
    return new CloudError(`Dropbox refused the refresh token: ${words}`, false, answer.status);
  }
  return failureOf(answer).error;
}

// ---- errors ----

/** How a non-2xx answer fails: Dropbox's own `error_summary` (or text), and whether later may succeed. */
function failureOf(answer: Answer): Failure {
  const { status } = answer;
  const summary = errorSummary(answer);
  const fail = (message: string, retryable: boolean) => ({
    error: new CloudError(message, retryable, status),
    retryAfterS: answer.retryAfterS,
  });
  if (status === 401) return fail(`Dropbox refused the access token: ${summary}`, false);
  if (status === 429) return fail(`Dropbox is rate-limiting requests: ${summary}`, true);
  if (status >= 500) return fail(`Dropbox answered ${status}: ${summary}`, true);
  // Dropbox asks clients to retry this one: too many writes at once in the same namespace.
  if (status === 409 && /(^|\/)too_many_write_operations\//.test(summary)) return fail(`Dropbox is busy: ${summary}`, true);
  if (status === 409) return fail(`Dropbox refused the upload: ${summary}`, false);
  if (status === 403) return fail(`Dropbox denied access: ${summary}`, false);
  return fail(`Dropbox rejected the request (${status}): ${summary}`, false);
}

function errorSummary(answer: Answer): string {
  const summary = (answer.json as { error_summary?: unknown } | undefined)?.error_summary;
  if (typeof summary === 'string') return summary;
  return answer.text.trim().slice(0, 500) || `HTTP ${answer.status}`;
}

function malformed(endpoint: string): Failure {
  return { error: new CloudError(`Dropbox answered ${endpoint} without the expected fields`, true) };
}

/** Network failures (fetch's TypeError with a cause) may pass; our own CloudErrors keep their verdict. */
function asCloudError(error: unknown): CloudError {
  if (error instanceof CloudError) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return new CloudError(`Could not reach Dropbox: ${cause ?? message}`, true);
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** The interface promises an AbortError, whatever reason the caller aborted with. */
function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The upload was aborted', 'AbortError');
}
