import type { Db } from '../open.js';

export interface SnapshotRow {
  id: number;
  recording_id: number;
  channel: number;
  filepath: string;
  snapposition: number;
}

/** Player thumbnails taken while a recording runs (position in recorded seconds, pauses excluded). */
export function snapshotsRepository(db: Db) {
  const add = db.prepare('INSERT INTO snapshots (recording_id, channel, filepath, snapposition) VALUES (?, ?, ?, ?)');
  const list = db.prepare<[number], SnapshotRow>('SELECT * FROM snapshots WHERE recording_id = ? ORDER BY snapposition, id');
  return {
    add: (recordingId: number, channel: number, filepath: string, position: number) =>
      Number(add.run(recordingId, channel, filepath, position).lastInsertRowid),
    list: (recordingId: number) => list.all(recordingId),
  };
}
