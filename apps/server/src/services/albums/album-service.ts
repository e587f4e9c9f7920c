import { COVER_FOLDER, UPLOAD_PREFIX, type CallBody, type CallData } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { AlbumRow } from '../../db/repositories/albums-repository.js';
import type { SessionUser } from '../access/index.js';
import type { DeviceClock } from '../core/index.js';
import { Fail } from '../core/index.js';
import type { RecordingAccess } from '../recording/index.js';
import type { Uploads } from './uploads.js';

type Album = CallData<'listalbum'>[number];

const toAlbum = (a: AlbumRow): Album => ({
  id: a.id,
  name: a.name,
  description: a.description,
  path: a.path,
  share: a.share === 1,
  isdefault: a.isdefault === 1,
  createtime: a.createtime,
  count: a.count,
});

/** Admins and users who organise or manage recordings see every album; everyone else only shared ones. */
const seesAllAlbums = (caller: SessionUser | undefined) =>
  caller !== undefined &&
  (caller.role === 'admin' || (['album', 'allrecord', 'myrecord'] as const).some((f) => caller.functions.includes(f)));

/** A cover path as editalbum takes it: "" or `album/<file>` from uploadfile (a leading `/` or `/upload/` is dropped). */
function coverPath(path: string): string {
  const p = path.startsWith(UPLOAD_PREFIX) ? path.slice(UPLOAD_PREFIX.length) : path.replace(/^\/+/, '');
  if (p === '') return '';
  const name = p.startsWith(COVER_FOLDER) ? p.slice(COVER_FOLDER.length) : '';
  if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/.test(name)) throw Fail.of('pathRejected');
  return p;
}

export interface AlbumServiceDeps {
  repos: Repositories;
  device: DeviceClock;
  recordings: RecordingAccess;
  uploads: Uploads;
}

/** listalbum, editalbum, deletealbum, setalbum. */
export function albumService(d: AlbumServiceDeps) {
  const find = (id: number) => {
    const a = d.repos.albums.find(id);
    if (!a) throw Fail.of('albumNotFound', id);
    return a;
  };
  /** A cover no album uses any more is deleted from the upload folder. */
  const dropCoverIfUnused = (path: string) => {
    if (path && d.repos.albums.coverUsers(path) === 0) d.uploads.removeCover(path);
  };
  return {
    list: (caller: SessionUser | undefined): Album[] => d.repos.albums.list(!seesAllAlbums(caller)).map(toAlbum),

    /** Creates (id -1) or updates an album; answers its id and describes it for the operation log. */
    edit(b: CallBody<'editalbum'>): { id: number; detail: string } {
      const fields = { name: b.name, description: b.description, path: coverPath(b.path), share: b.share, isdefault: b.isdefault };
      if (b.id === -1) {
        const id = d.repos.albums.create({ ...fields, createtime: d.device.format(d.device.now()) });
        return { id, detail: `new album ${id} "${b.name}"` };
      }
      const before = find(b.id);
      d.repos.albums.update(b.id, fields);
      if (before.path !== fields.path) dropCoverIfUnused(before.path);
      return { id: b.id, detail: `album ${b.id} "${b.name}"` };
    },

    /** Deletes an album (not the default one); its recordings move to the default album. */
    remove(id: number): string {
      const album = find(id);
      if (album.isdefault === 1) throw Fail.of('albumDefaultNotRemovable');
      const to = d.repos.albums.defaultId();
      if (to === undefined) throw Fail.of('albumDefaultNotRemovable');
      d.repos.albums.remove(id, to);
      dropCoverIfUnused(album.path);
      return `album ${id} "${album.name}" (${album.count} recordings moved to the default album)`;
    },

    /** Puts a recording the caller may change into an album. */
    setAlbum(caller: SessionUser | undefined, b: CallBody<'setalbum'>): string {
      const rec = d.recordings.find(caller, b.recordid, 'change');
      const album = find(b.albumid);
      d.repos.albums.setRecordingAlbum(rec.id, album.id);
      return `recording ${rec.id} to album ${album.id} "${album.name}"`;
    },
  };
}
export type AlbumService = ReturnType<typeof albumService>;
