import { realpathSync } from 'node:fs';
import type { Repositories } from '../../db/repositories/index.js';
import type { RecordingFileRow, RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { SessionUser } from '../access/index.js';
import { Fail } from '../core/index.js';
import type { MediaStorage } from './media-storage.js';
import type { RecordingAccess } from './recording-access.js';

/** A recording file found by its storage-relative path: its row, its recording and its real path on disk. */
export interface FoundFile {
  rel: string;
  row: RecordingFileRow;
  recording: RecordingRow;
  real: string;
}

/**
 * A recording file by the storage-relative path a client sends (listmedia's `files[].filepath`), for the calls
 * that read a file (batchdownload, share): in the database and not marked missing, of a recording the caller
 * may see (one they may not see answers exactly like a file that does not exist), and a regular media file
 * inside the storage roots whose real path is the row's (a file swapped for a link is not followed).
 */
export function recordingFileLookup(d: { repos: Repositories; storage: MediaStorage; access: RecordingAccess }) {
  const rowOf = (rel: string): RecordingFileRow | undefined => {
    let row: RecordingFileRow | undefined;
    for (const p of d.storage.candidatesOf(rel)) row ??= d.repos.recordings.fileByPath(p);
    return row && !row.missing ? row : undefined;
  };

  const realOf = (rel: string, row: RecordingFileRow): string | undefined => {
    const found = d.storage.resolve(rel);
    if (found.kind !== 'file') return undefined;
    try {
      return realpathSync(row.filepath) === found.path ? found.path : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    visible(caller: SessionUser | undefined, rel: string): FoundFile {
      const row = rowOf(rel);
      if (!row) throw Fail.of('recordingFileNotFound', rel);
      let recording: RecordingRow;
      try {
        recording = d.access.find(caller, String(row.recording_id), 'see');
      } catch (err) {
        if (err instanceof Fail) throw Fail.of('recordingFileNotFound', rel);
        throw err;
      }
      const real = realOf(rel, row);
      if (!real) throw Fail.of('recordingFileNotFound', rel);
      return { rel, row, recording, real };
    },
  };
}
export type RecordingFileLookup = ReturnType<typeof recordingFileLookup>;
