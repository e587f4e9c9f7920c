import type { CaptionCue, CaptionOrigin } from '@roomcast/contract';
import type { Db } from '../open.js';

export interface CaptionTrackRow {
  id: number;
  recording_id: number;
  language: string;
  label: string;
  origin: CaptionOrigin;
  reviewed: number;
  updated: string;
  cues: number;
}

/** Caption tracks and their cues (migration 019); a track's cues are replaced whole, in one transaction. */
export function captionsRepository(db: Db) {
  const TRACK = 'SELECT t.*, (SELECT count(*) FROM caption_cues c WHERE c.track_id = t.id) AS cues FROM caption_tracks t';
  const list = db.prepare<[number], CaptionTrackRow>(`${TRACK} WHERE t.recording_id = ? ORDER BY t.language`);
  const find = db.prepare<[number], CaptionTrackRow>(`${TRACK} WHERE t.id = ?`);
  const cues = db.prepare<[number], { start: number; end: number; text: string }>(
    'SELECT start_ms AS start, end_ms AS end, text FROM caption_cues WHERE track_id = ? ORDER BY start_ms, id',
  );
  const upsert = db.prepare(
    `INSERT INTO caption_tracks (recording_id, language, label, origin, reviewed, updated) VALUES (@recording_id, @language, @label, @origin, @reviewed, @updated)
     ON CONFLICT (recording_id, language) DO UPDATE SET label = excluded.label, origin = excluded.origin, reviewed = excluded.reviewed, updated = excluded.updated
     RETURNING id`,
  );
  const update = db.prepare(
    'UPDATE caption_tracks SET label = @label, origin = @origin, reviewed = @reviewed, updated = @updated WHERE id = @id',
  );
  const clear = db.prepare('DELETE FROM caption_cues WHERE track_id = ?');
  const addCue = db.prepare('INSERT INTO caption_cues (track_id, start_ms, end_ms, text) VALUES (?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM caption_tracks WHERE id = ?');
  const writeCues = (trackId: number, all: readonly CaptionCue[]) => {
    clear.run(trackId);
    for (const c of all) addCue.run(trackId, c.start, c.end, c.text);
  };
  return {
    list: (recordingId: number) => list.all(recordingId),
    find: (id: number) => find.get(id),
    cues: (trackId: number): CaptionCue[] => cues.all(trackId),
    /** The recording's track of `language` with these cues, made or replaced (one transaction); answers its id. */
    put: (
      t: { recording_id: number; language: string; label: string; origin: CaptionOrigin; reviewed: boolean; updated: string },
      all: readonly CaptionCue[],
    ): number =>
      db.transaction(() => {
        const { id } = upsert.get({ ...t, reviewed: t.reviewed ? 1 : 0 }) as { id: number };
        writeCues(id, all);
        return id;
      })(),
    /** A track's cues and state replaced (one transaction). */
    save: (t: { id: number; label: string; origin: CaptionOrigin; reviewed: boolean; updated: string }, all: readonly CaptionCue[]): void =>
      db.transaction(() => {
        update.run({ ...t, reviewed: t.reviewed ? 1 : 0 });
        writeCues(t.id, all);
      })(),
    remove: (id: number) => remove.run(id).changes > 0,
  };
}
export type CaptionsRepository = ReturnType<typeof captionsRepository>;
