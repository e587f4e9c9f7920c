import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerSearchFunctions } from '../src/db/search-bigrams.js';
import type { TestApp } from './helpers.js';

export interface SeedRecording {
  usercode: string;
  title: string;
  name: string;
  starttime: string;
  album?: number;
  state?: 'recording' | 'done';
  /** File names written (with these bytes) in the recording's folder and listed as its files. */
  files?: { file: string; channel: number; bytes?: Buffer; missing?: boolean }[];
}

/**
 * Writes albums and recordings straight into the app's SQLite file (a second connection: WAL allows it) and the
 * recordings' files under DATA_DIR/media, as finished recordings look. Albums have no call of their own yet.
 */
export function seeder(t: TestApp) {
  const db = new Database(join(t.dataDir, 'roomcast.db'));
  db.pragma('busy_timeout = 5000');
  // The search index's triggers call the service's SQL functions.
  registerSearchFunctions(db);
  const addAlbum = db.prepare("INSERT INTO albums (name, share, createtime) VALUES (?, ?, '2026-11-01 08:00:00')");
  const addRec = db.prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, stoptime)
    VALUES (@title, @name, @usercode, @usercode, 'Room 1', coalesce(@album, (SELECT id FROM albums WHERE isdefault = 1)), @dir, @state, @starttime, @stoptime)`);
  const addFile = db.prepare(
    'INSERT INTO recording_files (recording_id, channel, filepath, title, filesize, starttime, missing) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  return {
    album: (name: string, share: boolean) => Number(addAlbum.run(name, share ? 1 : 0).lastInsertRowid),
    recording(r: SeedRecording): number {
      const dir = join(t.dataDir, 'media', 'recordings', r.name);
      const state = r.state ?? 'done';
      const id = Number(
        addRec.run({ ...r, album: r.album ?? null, dir, state, stoptime: state === 'done' ? r.starttime : '' }).lastInsertRowid,
      );
      for (const f of r.files ?? []) {
        const bytes = f.bytes ?? Buffer.from(`${r.name}/${f.file}`);
        if (!f.missing) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, f.file), bytes);
        }
        addFile.run(id, f.channel, join(dir, f.file), `${r.title} ${f.file}`, bytes.length, r.starttime, f.missing ? 1 : 0);
      }
      return id;
    },
    close: () => db.close(),
  };
}
