import type { ChapterKind } from '@roomcast/contract';
import type { Db } from '../open.js';

export interface ChapterRow {
  id: number;
  recording_id: number;
  kind: ChapterKind;
  position_ms: number;
  title: string;
  text: string;
  text_state: 'pending' | 'done' | 'none';
  thumb: string;
}

export type NewChapter = Pick<ChapterRow, 'recording_id' | 'kind' | 'position_ms' | 'title' | 'text_state' | 'thumb'>;

/** Chapters of recordings (migration 018): slides and marks, in the order of the recording. */
export function chaptersRepository(db: Db) {
  const insert = db.prepare(
    'INSERT INTO chapters (recording_id, kind, position_ms, title, text_state, thumb) VALUES (@recording_id, @kind, @position_ms, @title, @text_state, @thumb)',
  );
  const list = db.prepare<[number], ChapterRow>('SELECT * FROM chapters WHERE recording_id = ? ORDER BY position_ms, id');
  const find = db.prepare<[number], ChapterRow>('SELECT * FROM chapters WHERE id = ?');
  const pending = db.prepare<[], ChapterRow>("SELECT * FROM chapters WHERE text_state = 'pending' ORDER BY id");
  const setText = db.prepare('UPDATE chapters SET text = ?, title = ?, text_state = ? WHERE id = ?');
  const setTitle = db.prepare('UPDATE chapters SET title = ? WHERE id = ?');
  const setThumb = db.prepare('UPDATE chapters SET thumb = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM chapters WHERE id = ?');
  const numberOf = db.prepare<[number, number, number, number], number>(
    'SELECT count(*) + 1 FROM chapters WHERE recording_id = ? AND (position_ms < ? OR (position_ms = ? AND id < ?))',
  );
  const removeAfter = db.prepare<[number, number], { thumb: string }>(
    'DELETE FROM chapters WHERE recording_id = ? AND position_ms > ? RETURNING thumb',
  );
  return {
    add: (c: NewChapter) => Number(insert.run(c).lastInsertRowid),
    list: (recordingId: number) => list.all(recordingId),
    find: (id: number) => find.get(id),
    /** Slides whose text OCR has not read yet (after a restart too), oldest first. */
    pending: () => pending.all(),
    /** The text OCR read, and the title it gives (a title given by hand is not replaced: `title` is what to keep). */
    setText: (id: number, text: string, title: string, state: 'done' | 'none') => void setText.run(text, title, state, id),
    setTitle: (id: number, title: string) => void setTitle.run(title, id),
    setThumb: (id: number, thumb: string) => void setThumb.run(thumb, id),
    remove: (id: number) => remove.run(id).changes > 0,
    /** A chapter's number in its recording (1, 2, ... in the order of the recording). */
    numberOf: (c: Pick<ChapterRow, 'id' | 'recording_id' | 'position_ms'>) =>
      numberOf.pluck().get(c.recording_id, c.position_ms, c.position_ms, c.id) as number,
    /** Drops the chapters after `positionMs` (a recovered recording that ends earlier); answers their pictures. */
    removeAfter: (recordingId: number, positionMs: number) => removeAfter.all(recordingId, positionMs).map((r) => r.thumb),
  };
}
export type ChaptersRepository = ReturnType<typeof chaptersRepository>;
