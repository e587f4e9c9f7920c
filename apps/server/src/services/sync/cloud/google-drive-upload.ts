/**
 * One Google Drive upload: a resumable session (its URI saved before any byte goes out), 256 KiB-aligned
 * chunks streamed from disk, the status query after an interruption, a new session when Drive forgot the old one.
 */
import { stat } from 'node:fs/promises';
import { CloudError, type UploadOptions, type UploadResult, type UploadSource } from './cloud-client.js';
import type { DriveApi, Progress } from './google-drive-api.js';
import { RetryLaterError } from './google-drive-errors.js';
import { abortError, backoffMs, pause, throwIfAborted } from './upload-pacing.js';

/** Failed or fruitless steps one upload call tolerates in a row before leaving the retry to the queue. */
const MAX_FRUITLESS_STEPS = 5;
/** A longer Retry-After is the queue's business, not a wait inside one call. */
const RETRY_AFTER_CAP_MS = 10_000;

/** One `upload` call: a loop of steps (start, send a chunk, ask the status) until Drive returns the file. */
export class ResumableUpload {
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
    const waitMs = error instanceof RetryLaterError ? error.retryAfterMs : backoffMs(this.fruitless);
    if (waitMs > RETRY_AFTER_CAP_MS) throw error;
    await pause(waitMs, signal);
  }
}

/** A missing or changed local file cannot be uploaded by retrying. */
async function checkLocalFile(file: UploadSource): Promise<void> {
  const actual = await stat(file.path).catch(() => undefined);
  if (!actual) throw new CloudError(`The local file ${file.path} is gone`, false);
  if (actual.size !== file.size)
    throw new CloudError(`The local file ${file.path} is ${actual.size} bytes, not the ${file.size} queued`, false);
}
