import type { Repositories } from '../../db/repositories/index.js';
import type { Visibility } from '../../db/repositories/recording-list-repository.js';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { SessionUser } from '../access/index.js';
import { Fail } from '../core/index.js';

/**
 * Which recordings a caller may see (spec §6): admin and allrecord every one; myrecord their own, those of the
 * users their (or their group's) recording access names, and those in shared albums; everyone else (and no
 * session) only those in shared albums.
 */
export function visibilityOf(caller: SessionUser | undefined): Visibility {
  if (caller && (caller.role === 'admin' || caller.functions.includes('allrecord'))) return { kind: 'all' };
  if (caller?.functions.includes('myrecord')) return { kind: 'member', usercode: caller.usercode };
  return { kind: 'shared' };
}

/**
 * Which recordings a caller may change (rename, delete, put in an album): as `visibilityOf`, except that a
 * myrecord user changes only their own and their access groups' recordings, not other users' in shared albums.
 */
export function changeScopeOf(caller: SessionUser | undefined): Visibility {
  const v = visibilityOf(caller);
  return v.kind === 'member' ? { ...v, shared: false } : v;
}

/**
 * A recording the caller may see (`see`) or change (`change`), or `recordingNotFound`: one they may not see
 * answers exactly as one that does not exist.
 */
export function recordingAccess(repos: Repositories) {
  return {
    find(caller: SessionUser | undefined, recordid: string, purpose: 'see' | 'change'): RecordingRow {
      const id = Number(recordid);
      const scope = purpose === 'see' ? visibilityOf(caller) : changeScopeOf(caller);
      const row = Number.isSafeInteger(id) && repos.recordingList.visible(id, scope) ? repos.recordings.find(id) : undefined;
      if (!row) throw Fail.of('recordingNotFound', recordid);
      return row;
    },
    /** Whether the caller may change this recording: the recordings functions, and the recording in their change scope. */
    mayChange(caller: SessionUser | undefined, rec: Pick<RecordingRow, 'id'>): boolean {
      const functions = caller?.role === 'admin' || caller?.functions.some((f) => f === 'allrecord' || f === 'myrecord');
      return Boolean(functions) && repos.recordingList.visible(rec.id, changeScopeOf(caller));
    },
  };
}
export type RecordingAccess = ReturnType<typeof recordingAccess>;
