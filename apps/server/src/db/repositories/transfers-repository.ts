import type { Db } from '../open.js';

export type TransferState = 'queued' | 'running' | 'done' | 'failed';

export interface TransferRow {
  id: number;
  recording_id: number;
  filepath: string;
  target: string;
  state: TransferState;
  size: number;
  sent: number;
  attempts: number;
  next_attempt: number;
  resume: string;
  error: string;
  remote_id: string;
  /** Where the target puts it, chosen when queued (migration 009); '' when the target decides at send time. */
  dest: string;
  usercode: string;
  createtime: string;
  updatetime: string;
}

export interface NewTransfer {
  recording_id: number;
  filepath: string;
  target: string;
  size: number;
  dest?: string;
  usercode: string;
  time: string;
}

/** One target's queue in figures (the metrics). */
export interface QueueFigures {
  target: string;
  queued: number;
  retrying: number;
  failed: number;
  /** The device-local createtime of the oldest file queued or running; null when none. */
  oldest: string | null;
}

/** The upload queue's rows (migrations 008, 009). */
export function transfersRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO transfers (recording_id, filepath, target, state, size, dest, usercode, createtime, updatetime)
     VALUES (@recording_id, @filepath, @target, 'queued', @size, @dest, @usercode, @time, @time)`,
  );
  const byId = db.prepare<[number], TransferRow>('SELECT * FROM transfers WHERE id = ?');
  const pending = db.prepare<[string, string], TransferRow>(
    "SELECT * FROM transfers WHERE filepath = ? AND target = ? AND state IN ('queued', 'running') LIMIT 1",
  );
  const nextDue = db.prepare<[], TransferRow>("SELECT * FROM transfers WHERE state = 'queued' ORDER BY next_attempt, id LIMIT 1");
  const firstQueuedPerTarget = db.prepare<[], TransferRow>(
    `SELECT * FROM transfers WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY target ORDER BY next_attempt, id) AS turn
     FROM transfers WHERE state = 'queued') WHERE turn = 1)`,
  );
  const latestPerFile = db.prepare<[number], TransferRow>(
    `SELECT * FROM transfers WHERE id IN (SELECT max(id) FROM transfers WHERE recording_id = ? GROUP BY target, filepath) ORDER BY id`,
  );
  const latestOf = db.prepare<[number, string], TransferRow>(
    `SELECT * FROM transfers WHERE id IN (SELECT max(id) FROM transfers WHERE recording_id = ? AND target = ? GROUP BY filepath)`,
  );
  // A NULL target means every target.
  const recent = db.prepare<[string | null, string | null, number], TransferRow>(
    'SELECT * FROM transfers WHERE (? IS NULL OR target = ?) ORDER BY id DESC LIMIT ?',
  );
  const ofRecording = db.prepare<[number, string | null, string | null, number], TransferRow>(
    'SELECT * FROM transfers WHERE recording_id = ? AND (? IS NULL OR target = ?) ORDER BY id DESC LIMIT ?',
  );
  const busyCount = db
    .prepare<[number], number>("SELECT count(*) FROM transfers WHERE recording_id = ? AND state IN ('queued', 'running')")
    .pluck();
  const start = db.prepare("UPDATE transfers SET state = 'running', attempts = attempts + 1, error = '', updatetime = ? WHERE id = ?");
  const progress = db.prepare('UPDATE transfers SET sent = ?, updatetime = ? WHERE id = ?');
  const saveResume = db.prepare('UPDATE transfers SET resume = ? WHERE id = ?');
  const finish = db.prepare(
    "UPDATE transfers SET state = 'done', sent = size, remote_id = ?, resume = '', error = '', updatetime = ? WHERE id = ?",
  );
  const retryLater = db.prepare("UPDATE transfers SET state = 'queued', next_attempt = ?, error = ?, updatetime = ? WHERE id = ?");
  const fail = db.prepare("UPDATE transfers SET state = 'failed', error = ?, updatetime = ? WHERE id = ?");
  const requeueRunning = db.prepare("UPDATE transfers SET state = 'queued' WHERE state = 'running'");
  const queueFigures = db.prepare<[], QueueFigures>(
    `SELECT target,
       sum(state IN ('queued', 'running')) AS queued,
       sum(state = 'queued' AND attempts > 0) AS retrying,
       sum(state = 'failed') AS failed,
       min(CASE WHEN state IN ('queued', 'running') THEN createtime END) AS oldest
     FROM transfers GROUP BY target`,
  );

  return {
    add: (t: NewTransfer): number => Number(insert.run({ dest: '', ...t }).lastInsertRowid),
    find: (id: number) => byId.get(id),
    /** The queued or running transfer of this file to this target, if any (one at a time per file and target). */
    pending: (filepath: string, target: string) => pending.get(filepath, target),
    /** The queued transfer whose turn comes first (soonest next attempt, then oldest). */
    nextDue: () => nextDue.get(),
    /** Per target, its queued transfer whose turn comes first (the queue weighs them with each target's readiness). */
    firstQueuedPerTarget: () => firstQueuedPerTarget.all(),
    /** The newest transfer of each file of a recording to a target (what the recording's sync state is made of). */
    latestOf: (recordingId: number, target: string) => latestOf.all(recordingId, target),
    /** The newest transfer of each file of a recording to each target. */
    latestPerFile: (recordingId: number) => latestPerFile.all(recordingId),
    recent: (limit: number, target?: string) => recent.all(target ?? null, target ?? null, limit),
    ofRecording: (recordingId: number, limit: number, target?: string) =>
      ofRecording.all(recordingId, target ?? null, target ?? null, limit),
    /** Whether the recording has a transfer queued or running (its files are still needed). */
    busy: (recordingId: number) => busyCount.get(recordingId)! > 0,
    start: (id: number, time: string) => void start.run(time, id),
    progress: (id: number, sent: number, time: string) => void progress.run(sent, time, id),
    saveResume: (id: number, resume: string) => void saveResume.run(resume, id),
    finish: (id: number, remoteId: string, time: string) => void finish.run(remoteId, time, id),
    retryLater: (id: number, at: number, error: string, time: string) => void retryLater.run(at, error, time, id),
    fail: (id: number, error: string, time: string) => void fail.run(error, time, id),
    /** Per target: files queued or running, of them those retried, those given up, and the oldest createtime still queued. */
    queueFigures: () => queueFigures.all(),
    /** At start: what was running when the process stopped is queued again (its resume state is kept). */
    requeueRunning: () => requeueRunning.run().changes,
  };
}
export type TransfersRepository = ReturnType<typeof transfersRepository>;
