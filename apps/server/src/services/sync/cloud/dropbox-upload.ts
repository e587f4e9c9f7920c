/**
 * One Dropbox upload: an upload session (start → append_v2 … → finish), each chunk streamed from disk. Dropbox
 * has no "how much do you hold" query, so resuming appends at the saved offset and follows the
 * `incorrect_offset` answer's `correct_offset`; a `not_found` session (they live 7 days) starts over from 0.
 */
import { stat } from 'node:fs/promises';
import { CloudError, type UploadOptions, type UploadResult, type UploadSource } from './cloud-client.js';
import type { Answer, DropboxTransport } from './dropbox-api.js';
import { asCloudError, type Failure, failureOf, malformed } from './dropbox-errors.js';
import { abortError, backoffMs, pause, throwIfAborted } from './upload-pacing.js';

/** Tries per chunk within one call before the transfer queue takes over with its own, longer schedule. */
const ATTEMPTS_PER_CHUNK = 4;
/** A longer Retry-After is not waited out here: the queue retries later instead of holding the call open. */
const RETRY_AFTER_CAP_MS = 30_000;
/** Offset corrections in a row without a confirmed chunk before the call gives up (a remote that keeps moving). */
const MAX_CORRECTIONS = 5;

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

export class DropboxUpload {
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

  private async backOff({ error, retryAfterMs }: Failure): Promise<void> {
    if (!error.retryable) throw error;
    if (++this.failures >= ATTEMPTS_PER_CHUNK || (retryAfterMs ?? 0) > RETRY_AFTER_CAP_MS) {
      throw new CloudError(`${error.message} (gave up after ${this.failures} attempts)`, true, error.status);
    }
    await pause(retryAfterMs ?? backoffMs(this.failures), this.options.signal);
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
