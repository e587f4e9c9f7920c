import { TransferError } from '../transfer-target.js';

/**
 * What every cloud client (Google Drive, Dropbox) offers the transfer queue: upload one local file, in
 * chunks read from disk (memory stays flat whatever the size), resumable after an interruption or a restart.
 */

/** The local file to send. */
export interface UploadSource {
  /** Absolute path of the file on disk (already resolved and contained by the caller). */
  path: string;
  /** Its size in bytes, as the caller measured it when the transfer was queued. */
  size: number;
  /** The name it gets remotely (a recording file's base name; may hold any Unicode). */
  name: string;
  /** e.g. video/mp4, video/mp2t, image/jpeg. */
  contentType: string;
}

export interface UploadOptions {
  /**
   * Resume state saved by an earlier attempt (`saveResume`), possibly by an earlier process: the client asks
   * the remote how much it holds and goes on from there. When the remote no longer knows the session, the
   * client starts over from byte 0.
   */
  resume?: string;
  /** Persist this opaque state (a session URI, a session id with its offset) before sending more bytes. */
  saveResume(state: string): void;
  /** Bytes the remote has confirmed so far (after each chunk). */
  onProgress(confirmed: number): void;
  /** Aborts the upload (service stopping); the client rejects with an AbortError and keeps the resume state. */
  signal?: AbortSignal;
}

export interface UploadResult {
  /** The remote's id or path of the new file. */
  remoteId: string;
}

export interface CloudClient {
  upload(file: UploadSource, options: UploadOptions): Promise<UploadResult>;
}

/**
 * A failed upload. `retryable` is true when trying again later may succeed (network errors, 429, 5xx, an
 * interrupted chunk); false when it cannot until someone changes something (refused credentials, a refused
 * path, a file too large for the account). `message` is the remote's own words where it gave some. The queue
 * reads it as the `TransferError` it is.
 */
export class CloudError extends TransferError {
  constructor(message: string, retryable: boolean, status?: number) {
    super(message, retryable, status);
    this.name = 'CloudError';
  }
}
