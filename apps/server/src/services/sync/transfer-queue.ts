import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Repositories } from '../../db/repositories/index.js';
import type { TransferRow } from '../../db/repositories/transfers-repository.js';
import { Fail, type Clock, type DeviceClock, type Job } from '../core/index.js';
import { CloudError, type CloudClient } from './cloud/cloud-client.js';

/** Waits between attempts of a transfer that may succeed later: 30 s, doubling, at most 30 min. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 30 * 60_000;
/** Attempts before a transfer is given up (about 2.5 hours of retries). */
export const MAX_ATTEMPTS = 10;
/** Progress is written to the database at most this often (a 1 GB upload is ~125 chunks of 8 MiB). */
const PROGRESS_WRITE_MS = 1_000;

export const retryDelayMs = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);

export interface TransferQueueDeps {
  repos: Repositories;
  clock: Clock;
  device: DeviceClock;
  /** The client of a target as configured now; throws a Fail when the target is not enabled. */
  clientFor: (target: string) => CloudClient;
  /** A target's name for people (operation log). */
  labelOf: (target: string) => string;
  /** The file of a storage-relative path now (resolved and contained), or undefined when it is gone. */
  resolveFile: (rel: string) => { path: string; type: string } | undefined;
  oplog: (description: string) => void;
  log: (line: string) => void;
  /** The scheduler's replan: a transfer ended, so the next one may be due now. */
  replan: () => void;
}

/**
 * The one upload queue: transfers wait in SQLite (they survive restarts and kill -9) and run one at a time,
 * oldest due first, each resumed where the remote says it stopped. A transfer that may succeed later is retried
 * with a doubling wait; one that cannot (refused credentials, a file gone) fails at once with the reason, in
 * its row and in the operation log. The scheduler starts a transfer and is not held by it: an upload runs for
 * minutes, and recording schedules must not wait for it.
 */
export function transferQueue(d: TransferQueueDeps) {
  let running: { id: number; abort: AbortController; done: Promise<void> } | undefined;
  let stopping = false;
  const time = () => d.device.format(d.clock.now());
  // What a previous process was sending when it stopped goes back to the queue with its resume state.
  const requeued = d.repos.transfers.requeueRunning();
  if (requeued) d.log(`upload queue: ${requeued} interrupted transfer(s) queued again`);

  const describe = (row: TransferRow) => `${row.filepath} to ${d.labelOf(row.target)}`;

  function settleFailure(row: TransferRow, err: unknown, attempts: number): void {
    const message = err instanceof Fail || err instanceof Error ? err.message : String(err);
    const retryable = err instanceof CloudError ? err.retryable : !(err instanceof Fail);
    if (retryable && attempts < MAX_ATTEMPTS) {
      const delay = retryDelayMs(attempts);
      d.repos.transfers.retryLater(row.id, d.clock.now() + delay, message, time());
      d.log(`upload queue: ${describe(row)} attempt ${attempts} failed, retrying in ${Math.round(delay / 1000)} s: ${message}`);
      return;
    }
    d.repos.transfers.fail(row.id, message, time());
    d.oplog(`upload of ${describe(row)} failed: ${message}`);
  }

  async function send(row: TransferRow, abort: AbortController): Promise<void> {
    const attempts = row.attempts + 1;
    d.repos.transfers.start(row.id, time());
    try {
      const file = d.resolveFile(row.filepath);
      const size = file && statSync(file.path, { throwIfNoEntry: false })?.size;
      if (!file || size === undefined) throw Fail.of('recordingFileNotFound', row.filepath);
      const client = d.clientFor(row.target);
      let written = 0;
      const result = await client.upload(
        { path: file.path, size, name: basename(file.path), contentType: file.type },
        {
          resume: row.resume || undefined,
          saveResume: (state) => d.repos.transfers.saveResume(row.id, state),
          onProgress: (sent) => {
            const now = d.clock.now();
            if (now - written < PROGRESS_WRITE_MS && sent < size) return;
            written = now;
            d.repos.transfers.progress(row.id, sent, time());
          },
          signal: abort.signal,
        },
      );
      d.repos.transfers.finish(row.id, result.remoteId, time());
      d.oplog(`uploaded ${describe(row)}`);
    } catch (err) {
      // Stopping the service: the transfer goes back to the queue as it is (the next start resumes it).
      if (abort.signal.aborted) d.repos.transfers.retryLater(row.id, d.clock.now(), '', time());
      else settleFailure(row, err, attempts);
    }
  }

  function start(row: TransferRow): void {
    const abort = new AbortController();
    const done = send(row, abort).finally(() => {
      running = undefined;
      d.replan();
    });
    running = { id: row.id, abort, done };
  }

  const job: Job = {
    name: 'upload queue',
    next: () => (running || stopping ? undefined : d.repos.transfers.nextDue()?.next_attempt),
    async run(now) {
      if (running || stopping) return;
      const row = d.repos.transfers.nextDue();
      if (row && row.next_attempt <= now) start(row);
    },
  };

  return {
    job,
    /** The transfer being sent now, if any. */
    runningId: () => running?.id,
    /** Until the transfer being sent now (if any) ends; for tests. */
    idle: async () => {
      while (running) await running.done;
    },
    /** Service shutdown: the transfer being sent stops where it is and stays queued with its resume state. */
    async stop(): Promise<void> {
      stopping = true;
      running?.abort.abort();
      await running?.done;
    },
  };
}
export type TransferQueue = ReturnType<typeof transferQueue>;
