import type { Repositories } from '../../db/repositories/index.js';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { TransferRow } from '../../db/repositories/transfers-repository.js';
import { Fail, type Clock, type DeviceClock, type Job } from '../core/index.js';
import { TransferError, type TransferItem, type TransferTarget } from './transfer-target.js';

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
  /** The targets rows may name; more are added with `addTarget` (a row of an unknown target fails at its turn). */
  targets?: TransferTarget[];
  oplog: (description: string) => void;
  log: (line: string) => void;
  /** The scheduler's replan: a transfer ended, so the next one may be due now. */
  replan: () => void;
  /** The scheduler's wake: a transfer was queued, so the queue looks at it now. */
  wake?: () => void;
  /** How long a retry waits after `attempts` failed attempts (tests shorten it). */
  retryDelay?: (attempts: number) => number;
}

/**
 * The one upload queue: transfers wait in SQLite (they survive restarts and kill -9) and run one at a time,
 * oldest due first, each resumed where the remote says it stopped. A row is due when its `next_attempt` has
 * come and its target is ready (`TransferTarget.readyAt`, e.g. FTP's upload window). A transfer that may
 * succeed later is retried with a doubling wait; one that cannot (refused credentials, a file gone) fails at
 * once with the reason, in its row and in the operation log. The scheduler starts a transfer and is not held
 * by it: an upload runs for minutes, and recording schedules must not wait for it.
 */
export function transferQueue(d: TransferQueueDeps) {
  const targets = new Map<string, TransferTarget>();
  for (const t of d.targets ?? []) targets.set(t.name, t);
  const retryDelay = d.retryDelay ?? retryDelayMs;
  let running: { id: number; abort: AbortController; done: Promise<void> } | undefined;
  let stopping = false;
  const time = () => d.device.format(d.clock.now());
  // What a previous process was sending when it stopped goes back to the queue with its resume state.
  const requeued = d.repos.transfers.requeueRunning();
  if (requeued) d.log(`upload queue: ${requeued} interrupted transfer(s) queued again`);

  const labelOf = (name: string) => targets.get(name)?.label() ?? name;
  const describe = (row: TransferRow) => `${row.filepath} to ${labelOf(row.target)}`;

  /** Runs a target's hook; a hook that throws is logged and does not undo the row's outcome. */
  const hook = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      d.log(`upload queue: ${what}: ${(err as Error).message}`);
    }
  };

  function settleFailure(row: TransferRow, err: unknown, attempts: number): void {
    const message = err instanceof Fail || err instanceof Error ? err.message : String(err);
    const retryable = err instanceof TransferError ? err.retryable : !(err instanceof Fail);
    if (retryable && attempts < MAX_ATTEMPTS) {
      const delay = retryDelay(attempts);
      d.repos.transfers.retryLater(row.id, d.clock.now() + delay, message, time());
      d.log(`upload queue: ${describe(row)} attempt ${attempts} failed, retrying in ${Math.round(delay / 1000)} s: ${message}`);
      return;
    }
    d.repos.transfers.fail(row.id, message, time());
    d.oplog(`upload of ${describe(row)} failed: ${message}`);
    const target = targets.get(row.target);
    if (target?.failed) hook(`${target.name} failed`, () => target.failed?.({ ...row, state: 'failed', error: message }, message));
  }

  async function send(row: TransferRow, abort: AbortController): Promise<void> {
    const attempts = row.attempts + 1;
    d.repos.transfers.start(row.id, time());
    try {
      const target = targets.get(row.target);
      if (!target) throw Fail.of('uploadTargetOff', row.target);
      let written = 0;
      const result = await target.send(row, {
        resume: row.resume,
        saveResume: (state) => d.repos.transfers.saveResume(row.id, state),
        progress: (sent) => {
          const now = d.clock.now();
          if (now - written < PROGRESS_WRITE_MS && sent < row.size) return;
          written = now;
          d.repos.transfers.progress(row.id, sent, time());
        },
        signal: abort.signal,
      });
      d.repos.transfers.finish(row.id, result.remoteId, time());
      d.oplog(`uploaded ${describe(row)}`);
      const done = d.repos.transfers.find(row.id);
      if (target.finished && done) hook(`${target.name} finished`, () => target.finished?.(done));
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

  /** The row whose turn comes first and when: per target, its first queued row, not before the target is ready. */
  function nextDue(now: number): { row: TransferRow; at: number } | undefined {
    let best: { row: TransferRow; at: number } | undefined;
    for (const row of d.repos.transfers.firstQueuedPerTarget()) {
      const target = targets.get(row.target);
      const at = Math.max(row.next_attempt, target ? target.readyAt(now) : now);
      if (!best || at < best.at || (at === best.at && row.id < best.row.id)) best = { row, at };
    }
    return best;
  }

  /** Adds a row unless the same thing is already queued or sending to that target; answers its id or undefined. */
  function add(target: string, recordingId: number, item: TransferItem, usercode: string): number | undefined {
    if (d.repos.transfers.pending(item.filepath, target)) return undefined;
    return d.repos.transfers.add({
      recording_id: recordingId,
      filepath: item.filepath,
      target,
      size: item.size,
      dest: item.dest ?? '',
      usercode,
      time: time(),
    });
  }

  const job: Job = {
    name: 'upload queue',
    next: (now) => (running || stopping ? undefined : nextDue(now)?.at),
    async run(now) {
      if (running || stopping) return;
      const due = nextDue(now);
      if (due && due.at <= now) start(due.row);
    },
  };

  const api = {
    job,
    /** Registers a target (its name is the `transfers.target` of its rows). */
    addTarget(target: TransferTarget): void {
      targets.set(target.name, target);
    },
    target: (name: string) => targets.get(name),
    /** The names of the registered targets. */
    targetNames: () => [...targets.keys()],
    labelOf,
    /** Queues one item of a recording to a target (e.g. a shared file); undefined when it was already on its way. */
    queueItem(target: string, recordingId: number, item: TransferItem, usercode: string): number | undefined {
      const id = add(target, recordingId, item, usercode);
      if (id !== undefined) d.wake?.();
      return id;
    },
    /**
     * Queues a recording to a target as the target plans it (`plan`), leaving out what is already on its way;
     * answers how many rows were added.
     */
    queueRecording(target: string, recording: RecordingRow, usercode: string): number {
      const t = targets.get(target);
      if (!t?.plan) throw Fail.of('uploadTargetOff', target);
      let added = 0;
      for (const item of t.plan(recording)) if (add(target, recording.id, item, usercode) !== undefined) added++;
      if (added) d.wake?.();
      return added;
    },
    /** A recording has finished (stopped, or recovered after a crash): every target that wants it queues it. */
    recordingFinished(recording: RecordingRow): void {
      for (const t of targets.values())
        if (t.queuesFinished?.(recording))
          hook(`queue recording ${recording.id} to ${t.name}`, () => api.queueRecording(t.name, recording, recording.usercode));
    },
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
      for (const t of targets.values()) if (t.close) hook(`${t.name} close`, () => t.close?.());
    },
  };
  return api;
}
export type TransferQueue = ReturnType<typeof transferQueue>;
