import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { TransferRow } from '../../db/repositories/transfers-repository.js';

/**
 * A place the one upload queue (`transfer-queue.ts`) sends recordings to: a cloud provider, an FTP/SFTP server,
 * the media server (Opencast). The queue owns the rows of `transfers` (order, attempts, backoff, restarts, the
 * removal guard, the operation log); a target only says when it may run, what a recording becomes in the queue,
 * how one row is sent, and what follows a row's end.
 *
 * - `level: 'file'`: one row per file; `row.filepath` is the storage-relative path of that file (cloud, FTP/SFTP).
 * - `level: 'recording'`: one row per recording; `row.filepath` is what the target chose in `plan` (e.g. the
 *   recording folder's storage-relative path) and `row.size` the bytes of everything it sends (Opencast ingest).
 *
 * Errors thrown by `send`: a `Fail` (services/core) or a `TransferError` with `retryable: false` ends the row
 * as failed at once with its message; a `TransferError` with `retryable: true` or any other error is retried
 * with the queue's backoff (30 s doubling to 30 min, 10 attempts). When `attempt.signal` aborts (the service
 * stops), `send` rejects and the row stays queued with the resume state it saved.
 */
export interface TransferTarget {
  /** The `transfers.target` value of this target's rows (a `TRANSFER_TARGETS` name of the contract). */
  readonly name: string;
  readonly level: 'file' | 'recording';
  /** For people (operation log), e.g. "Dropbox", "FTP server files.school.edu". */
  label(): string;
  /**
   * The earliest instant (epoch ms, >= now) at which this target's rows may start; `now` when they may start
   * now (e.g. FTP's upload window: outside it, the target's rows are not due). A row already sending goes on.
   */
  readyAt(now: number): number;
  /** Whether a recording that has just finished (stopped, or recovered after a crash) is queued here. */
  queuesFinished?(recording: RecordingRow): boolean;
  /** What a recording becomes in the queue (the rows to add), for `queueRecording` (at stop, and resync calls). */
  plan?(recording: RecordingRow): TransferItem[];
  /** Sends what the row stands for; resolves with the remote's id or path of what it made. */
  send(row: TransferRow, attempt: TransferAttempt): Promise<{ remoteId: string }>;
  /** After the row was marked done (e.g. FTP sets the recording's netsync once all its rows are done). */
  finished?(row: TransferRow): void;
  /** After the row was given up (failed), with the reason. */
  failed?(row: TransferRow, reason: string): void;
  /** Service stop, after the row being sent was stopped: close what is kept open (connections). */
  close?(): void;
}

/** One row to add for a recording (see `TransferTarget.level` for what `filepath` names). */
export interface TransferItem {
  filepath: string;
  /** The bytes the row sends: its progress is `sent / size`. */
  size: number;
  /** Where the target will put it (`row.dest`, fixed from now on), e.g. the remote path; '' by default. */
  dest?: string;
}

/** What the queue gives `send` for one attempt of a row. */
export interface TransferAttempt {
  /** The state an earlier attempt saved with `saveResume` (maybe in an earlier process); '' when none. */
  resume: string;
  /** Persists resume state before more bytes go out (it survives kill -9). */
  saveResume(state: string): void;
  /** Bytes the remote holds so far, of `row.size` (written to the row at most once a second). */
  progress(sent: number): void;
  /** Aborted when the service stops: reject soon, keep the resume state. */
  signal: AbortSignal;
}

/** A failed send. `retryable`: trying again later may succeed (network, 5xx, a dropped connection). */
export class TransferError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransferError';
  }
}
