import type { Db } from '../open.js';

export type RecordingState = 'recording' | 'finalizing' | 'done' | 'failed';
export interface RecordingRow {
  id: number;
  title: string;
  name: string;
  usercode: string;
  useraccount: string;
  source: string;
  album_id: number | null;
  dir: string;
  state: RecordingState;
  starttime: string;
  stoptime: string;
  duration_ms: number;
  schedule_id: number | null;
  netsync: number;
  netsynctime: string;
  mediasvrsync: number;
  mediasvrsynctime: string;
  note: string;
}
export interface RecordingFileRow {
  id: number;
  recording_id: number;
  channel: number;
  filepath: string;
  title: string;
  filesize: number;
  starttime: string;
  duration_ms: number;
  missing?: number;
  /** The file's SHA-256 (hex) and the size and mtimeMs it was computed for (migration 013; `recording-file-hash.ts`). */
  sha256?: string | null;
  sha256_size?: number | null;
  sha256_mtime?: number | null;
}

export function recordingsRepository(db: Db) {
  const insert =
    db.prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, schedule_id)
    VALUES (@title, @name, @usercode, @useraccount, @source, (SELECT id FROM albums WHERE isdefault = 1), @dir, 'recording', @starttime, @schedule_id)`);
  const byId = db.prepare<[number], RecordingRow>('SELECT * FROM recordings WHERE id = ?');
  const byState = db.prepare<[string], RecordingRow>('SELECT * FROM recordings WHERE state = ? ORDER BY id');
  const finish = db.prepare(
    'UPDATE recordings SET state = @state, stoptime = @stoptime, duration_ms = @duration_ms, note = @note WHERE id = @id',
  );
  const setState = db.prepare('UPDATE recordings SET state = ? WHERE id = ?');
  const setNetsync = db.prepare('UPDATE recordings SET netsync = ?, netsynctime = ? WHERE id = ?');
  const setMediasvrsync = db.prepare('UPDATE recordings SET mediasvrsync = ?, mediasvrsynctime = ? WHERE id = ?');
  const addFile = db.prepare(
    'INSERT INTO recording_files (recording_id, channel, filepath, title, filesize, starttime, duration_ms) VALUES (@recording_id, @channel, @filepath, @title, @filesize, @starttime, @duration_ms)',
  );
  const files = db.prepare<[number], RecordingFileRow>(
    'SELECT * FROM recording_files WHERE recording_id = ? ORDER BY channel DESC, filepath',
  );
  const allFiles = db.prepare<[], RecordingFileRow>('SELECT * FROM recording_files');
  const fileByPath = db.prepare<[string], RecordingFileRow>('SELECT * FROM recording_files WHERE filepath = ?');
  const fileById = db.prepare<[number], RecordingFileRow>('SELECT * FROM recording_files WHERE id = ?');
  const setFileHash = db.prepare('UPDATE recording_files SET sha256 = ?, sha256_size = ?, sha256_mtime = ? WHERE id = ?');
  const setMissing = db.prepare('UPDATE recording_files SET missing = ? WHERE id = ?');
  const byDir = db.prepare<[string], RecordingRow>('SELECT * FROM recordings WHERE dir = ?');
  const insertDone =
    db.prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, stoptime, note)
    VALUES (@title, @name, @usercode, @useraccount, @source, (SELECT id FROM albums WHERE isdefault = 1), @dir, 'done', @starttime, @stoptime, @note)`);
  const rename = db.prepare('UPDATE recordings SET title = ? WHERE id = ?');
  const renameFile = db.prepare('UPDATE recording_files SET title = ? WHERE id = ?');
  const removeRecording = db.prepare('DELETE FROM recordings WHERE id = ?');
  const removeFile = db.prepare('DELETE FROM recording_files WHERE id = ?');
  const oldestUnshared = db.prepare<[string], { id: number; starttime: string }>(
    `SELECT id, starttime FROM recordings
     WHERE starttime < ? AND (album_id IS NULL OR album_id NOT IN (SELECT id FROM albums WHERE share = 1))
     ORDER BY starttime, id`,
  );
  return {
    rename: (id: number, title: string) => rename.run(title, id).changes > 0,
    renameFile: (fileId: number, title: string) => renameFile.run(title, fileId).changes > 0,
    /** Deletes the recording's row; its files and snapshots go with it (ON DELETE CASCADE). */
    remove: (id: number) => removeRecording.run(id).changes > 0,
    removeFile: (fileId: number) => removeFile.run(fileId).changes > 0,
    insert: (r: {
      title: string;
      name: string;
      usercode: string;
      useraccount: string;
      source: string;
      dir: string;
      starttime: string;
      schedule_id: number | null;
    }) => Number(insert.run(r).lastInsertRowid),
    find: (id: number) => byId.get(id),
    inState: (state: RecordingState) => byState.all(state),
    setState: (id: number, state: RecordingState) => setState.run(state, id),
    /** The FTP/SFTP sync flag and its time (device-local), set by the upload queue, cleared by resyncrecord. */
    setNetsync: (id: number, synced: boolean, time: string) => setNetsync.run(synced ? 1 : 0, time, id),
    /** The media server (Opencast) ingest flag and its time (device-local), set by the ingest, cleared by resyncmediaclientrecord. */
    setMediasvrsync: (id: number, synced: boolean, time: string) => setMediasvrsync.run(synced ? 1 : 0, time, id),
    finish: (r: { id: number; state: RecordingState; stoptime: string; duration_ms: number; note: string }) => finish.run(r),
    addFile: (f: Omit<RecordingFileRow, 'id'>) => addFile.run(f),
    files: (id: number) => files.all(id),
    allFiles: () => allFiles.all(),
    fileByPath: (path: string) => fileByPath.get(path),
    fileById: (fileId: number) => fileById.get(fileId),
    /** A file's SHA-256 with the size and mtimeMs of the file it was computed for (one statement: all or nothing). */
    setFileHash: (fileId: number, sha256: string, size: number, mtimeMs: number) => setFileHash.run(sha256, size, mtimeMs, fileId),
    setMissing: (id: number, missing: boolean) => setMissing.run(missing ? 1 : 0, id),
    findByDir: (dir: string) => byDir.get(dir),
    /**
     * Housekeeping's candidates (auto clear, retention): ids of recordings started before `before` (device-local
     * `YYYY-MM-DD HH:mm:ss`; "~" for all), oldest first, leaving out those in a shared album.
     */
    oldestUnshared: (before = '~') => oldestUnshared.all(before),
    /** A recording found on disk (disk scan): adopted as done. */
    insertAdopted: (r: {
      title: string;
      name: string;
      usercode: string;
      useraccount: string;
      source: string;
      dir: string;
      starttime: string;
      stoptime: string;
      note: string;
    }) => Number(insertDone.run(r).lastInsertRowid),
  };
}
export type RecordingsRepository = ReturnType<typeof recordingsRepository>;
