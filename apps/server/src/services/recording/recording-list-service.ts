import { basename } from 'node:path';
import { ALL_USERS_CODE, HD_CHANNEL, MESSAGES, type CallBody, type CallData } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { RecordingListQuery } from '../../db/repositories/recording-list-repository.js';
import type { RecordingFileRow } from '../../db/repositories/recordings-repository.js';
import { Fail } from '../core/index.js';
import type { MediaStorage } from './media-storage.js';
import type { SessionUser } from '../access/index.js';
import type { SessionBinding } from './session-binding.js';
import { visibilityOf, type RecordingAccess } from './recording-access.js';

type Listing = CallData<'listmedia'>;

/**
 * Who sees what (spec §6): admin and allrecord see every recording; myrecord sees their own, those of the
 * groups their recording access names, and shared albums; everyone else (and no session) only recordings in
 * shared albums. `usercode` narrows: "" is the caller's own when they have a recordings function (else no
 * narrowing), "*" every user's (refused to a logged-in user without allrecord), any other code that user's.
 * With an album or recording filter, "" does not narrow: an album shows everything in it that the caller may see
 * (the viewer's album pages), so a logged-in `myrecord` user never sees less of a shared album than a visitor.
 */
function scopeOf(
  caller: SessionUser | undefined,
  usercode: string,
  filtered: boolean,
): Pick<RecordingListQuery, 'visibility' | 'usercode'> {
  const visibility = visibilityOf(caller);
  const all = visibility.kind === 'all';
  const member = visibility.kind === 'member';
  if (usercode === ALL_USERS_CODE) {
    if (caller && !all) throw new Fail(MESSAGES.forbidden, 403);
    return { visibility };
  }
  if (usercode) return { visibility, usercode };
  return caller && (all || member) && !filtered ? { visibility, usercode: caller.usercode } : { visibility };
}

/**
 * `listmedia`: one page of recordings, newest first, each file with a signed media URL. The URLs handed to a
 * session are bound to it (they stop working when it ends: logout, forced out, idle); those given without a
 * session (recordings of shared albums, which anyone may list) only expire.
 */
export function recordingListService(repos: Repositories, storage: MediaStorage, access: RecordingAccess, binding: SessionBinding) {
  const tagFor = (caller: SessionUser | undefined) => (caller ? binding.tagOf(caller.sessionId) : undefined);
  return {
    list(caller: SessionUser | undefined, b: CallBody<'listmedia'>): Listing {
      const { start, end, name } = b.queryfields;
      const page = repos.recordingList.page({
        ...scopeOf(caller, b.usercode, b.albumid !== undefined || b.recordid !== undefined),
        albumId: b.albumid,
        recordId: b.recordid,
        name: name || undefined,
        // A date alone covers its whole day.
        from: start ? (start.length === 10 ? `${start} 00:00:00` : start) : undefined,
        to: end ? (end.length === 10 ? `${end} 23:59:59` : end) : undefined,
        limit: b.pagesize,
        offset: (b.currentpage - 1) * b.pagesize,
      });
      const files = new Map<number, RecordingFileRow[]>();
      for (const f of repos.recordingList.filesOf(page.rows.map((r) => r.id))) {
        const list = files.get(f.recording_id);
        if (list) list.push(f);
        else files.set(f.recording_id, [f]);
      }
      const roots = storage.roots();
      const tag = tagFor(caller);
      const rows = page.rows.map((r) => {
        const own = files.get(r.id) ?? [];
        const main = own.find((f) => f.channel === HD_CHANNEL) ?? own[0];
        return {
          recordid: String(r.id),
          title: r.title,
          name: r.name,
          album: r.album_name ?? '',
          isdefaultalbum: r.album_isdefault === 1,
          netsync: r.netsync === 1,
          netsynctime: r.netsynctime,
          mediasvrsync: r.mediasvrsync === 1,
          mediasvrsynctime: r.mediasvrsynctime,
          starttime: r.starttime,
          stoptime: r.stoptime,
          stop: r.state === 'done' || r.state === 'failed',
          useraccount: r.useraccount,
          usercode: r.usercode,
          source: r.source,
          filename: main ? basename(main.filepath) : '',
          files: own.map((f) => ({
            fileid: String(f.id),
            // A file the disk scan found missing has no URL; the path is storage-relative (never the host's layout).
            url: f.missing ? '' : storage.urlOf(f.filepath, roots, undefined, tag),
            filepath: storage.relativeOf(f.filepath, roots) ?? '',
            title: f.title,
            filesize: f.filesize,
            channel: f.channel,
            starttime: f.starttime,
            duration: f.duration_ms / 1000,
          })),
          // The console offers rename, delete, album and resync only where the service would allow them.
          mayedit: access.mayChange(caller, r),
        };
      });
      return { rows, total: page.total, currentpage: b.currentpage, pagesize: b.pagesize };
    },

    /**
     * `listsnapshot`: the player thumbnails of a recording the caller may see, in order, with signed URLs. One
     * the caller may not see answers as one that does not exist (its existence is not disclosed).
     */
    snapshots(caller: SessionUser | undefined, recordid: string): CallData<'listsnapshot'> {
      const { id } = access.find(caller, recordid, 'see');
      const roots = storage.roots();
      const tag = tagFor(caller);
      return repos.snapshots.list(id).flatMap((s) => {
        const url = storage.urlOf(s.filepath, roots, undefined, tag);
        return url ? [{ id: String(s.id), url, channel: s.channel, snapposition: s.snapposition }] : [];
      });
    },
  };
}
export type RecordingListService = ReturnType<typeof recordingListService>;
