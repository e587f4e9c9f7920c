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
  usercode: string;
  createtime: string;
  updatetime: string;
}

export interface NewTransfer {
  recording_id: number;
  filepath: string;
  target: string;
  size: number;
  usercode: string;
  time: string;
}

/** The upload queue's rows (migration 008). */
export function transfersRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO transfers (recording_id, filepath, target, state, size, usercode, createtime, updatetime)
     VALUES (@recording_id, @filepath, @target, 'queued', @size, @usercode, @time, @time)`,
  );
  const byId = db.prepare<[number], TransferRow>('SELECT * FROM transfers WHERE id = ?');
  const pending = db.prepare<[string, string], TransferRow>(
    "SELECT * FROM transfers WHERE filepath = ? AND target = ? AND state IN ('queued', 'running') LIMIT 1",
  );
  const nextDue = db.prepare<[], TransferRow>("SELECT * FROM transfers WHERE state = 'queued' ORDER BY next_attempt, id LIMIT 1");
  const recent = db.prepare<[number], TransferRow>('SELECT * FROM transfers ORDER BY id DESC LIMIT ?');
  const ofRecording = db.prepare<[number, number], TransferRow>('SELECT * FROM transfers WHERE recording_id = ? ORDER BY id DESC LIMIT ?');
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

  return {
    add: (t: NewTransfer): number => Number(insert.run(t).lastInsertRowid),
    find: (id: number) => byId.get(id),
    /** The queued or running transfer of this file to this target, if any (one at a time per file and target). */
    pending: (filepath: string, target: string) => pending.get(filepath, target),
    /** The queued transfer whose turn comes first (soonest next attempt, then oldest). */
    nextDue: () => nextDue.get(),
    recent: (limit: number) => recent.all(limit),
    ofRecording: (recordingId: number, limit: number) => ofRecording.all(recordingId, limit),
    /** Whether the recording has a transfer queued or running (its files are still needed). */
    busy: (recordingId: number) => busyCount.get(recordingId)! > 0,
    start: (id: number, time: string) => void start.run(time, id),
    progress: (id: number, sent: number, time: string) => void progress.run(sent, time, id),
    saveResume: (id: number, resume: string) => void saveResume.run(resume, id),
    finish: (id: number, remoteId: string, time: string) => void finish.run(remoteId, time, id),
    retryLater: (id: number, at: number, error: string, time: string) => void retryLater.run(at, error, time, id),
    fail: (id: number, error: string, time: string) => void fail.run(error, time, id),
    /** At start: what was running when the process stopped is queued again (its resume state is kept). */
    requeueRunning: () => requeueRunning.run().changes,
  };
}
export type TransfersRepository = ReturnType<typeof transfersRepository>;
