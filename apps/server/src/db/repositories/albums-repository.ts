import type { Db } from '../open.js';

export interface AlbumRow {
  id: number;
  name: string;
  description: string;
  path: string;
  share: number;
  isdefault: number;
  createtime: string;
  count: number;
}

export interface AlbumFields {
  name: string;
  description: string;
  path: string;
  share: boolean;
}

/** Albums of recordings (one is the default: new recordings go there) and which album a recording is in. */
export function albumsRepository(db: Db) {
  const COLUMNS = 'a.*, (SELECT count(*) FROM recordings r WHERE r.album_id = a.id) AS count';
  const all = db.prepare<[], AlbumRow>(`SELECT ${COLUMNS} FROM albums a ORDER BY a.isdefault DESC, a.id`);
  const shared = db.prepare<[], AlbumRow>(`SELECT ${COLUMNS} FROM albums a WHERE a.share = 1 ORDER BY a.isdefault DESC, a.id`);
  const byId = db.prepare<[number], AlbumRow>(`SELECT ${COLUMNS} FROM albums a WHERE a.id = ?`);
  const defaultId = db.prepare<[], number>('SELECT id FROM albums WHERE isdefault = 1 ORDER BY id LIMIT 1').pluck();
  const insert = db.prepare(
    'INSERT INTO albums (name, description, path, share, isdefault, createtime) VALUES (@name, @description, @path, @share, 0, @createtime)',
  );
  const update = db.prepare('UPDATE albums SET name = @name, description = @description, path = @path, share = @share WHERE id = @id');
  const clearDefault = db.prepare('UPDATE albums SET isdefault = 0 WHERE isdefault = 1 AND id <> ?');
  const setDefault = db.prepare('UPDATE albums SET isdefault = 1 WHERE id = ?');
  const moveRecordings = db.prepare('UPDATE recordings SET album_id = ? WHERE album_id = ?');
  const remove = db.prepare('DELETE FROM albums WHERE id = ?');
  const setRecordingAlbum = db.prepare('UPDATE recordings SET album_id = ? WHERE id = ?');
  const coverUsers = db.prepare<[string], number>('SELECT count(*) FROM albums WHERE path = ?').pluck();
  const sharedCover = db.prepare<[string], number>('SELECT count(*) FROM albums WHERE path = ? AND share = 1').pluck();

  const makeDefault = (id: number) => {
    clearDefault.run(id);
    setDefault.run(id);
  };
  const create = db.transaction((a: AlbumFields & { isdefault: boolean; createtime: string }): number => {
    const id = Number(insert.run({ ...a, share: a.share ? 1 : 0 }).lastInsertRowid);
    if (a.isdefault) makeDefault(id);
    return id;
  });
  const change = db.transaction((id: number, a: AlbumFields & { isdefault: boolean }) => {
    update.run({ ...a, share: a.share ? 1 : 0, id });
    if (a.isdefault) makeDefault(id);
  });
  const removeMoving = db.transaction((id: number, to: number) => {
    moveRecordings.run(to, id);
    remove.run(id);
  });
  return {
    list: (sharedOnly: boolean) => (sharedOnly ? shared.all() : all.all()),
    find: (id: number) => byId.get(id),
    defaultId: () => defaultId.get(),
    /** A new album; with `isdefault` it becomes the one default album. */
    create: (a: AlbumFields & { isdefault: boolean; createtime: string }): number => create(a),
    update: (id: number, a: AlbumFields & { isdefault: boolean }): void => change(id, a),
    /** Deletes an album after moving its recordings to `to` (the default album), in one transaction. */
    remove: (id: number, to: number): void => removeMoving(id, to),
    setRecordingAlbum: (recordingId: number, albumId: number) => setRecordingAlbum.run(albumId, recordingId).changes > 0,
    /** How many albums use this cover path. */
    coverUsers: (path: string) => coverUsers.get(path) ?? 0,
    /** Whether a shared album uses this cover path. */
    isSharedCover: (path: string) => (sharedCover.get(path) ?? 0) > 0,
  };
}
export type AlbumsRepository = ReturnType<typeof albumsRepository>;
