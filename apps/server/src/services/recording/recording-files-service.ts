import type { Repositories } from '../../db/repositories/index.js';
import type { RecordingFileRow, RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { SessionUser } from '../access/index.js';
import { Fail } from '../core/index.js';
import type { MediaStorage } from './media-storage.js';
import type { RecordingAccess } from './recording-access.js';

/**
 * Something that may still need a recording's files, asked before they are deleted: a refusal (`Fail`) or
 * undefined. The engine's current recording is always one; the transfer queue (FTP, media server, cloud
 * sharing: a later issue) adds its own with `addRemovalGuard` in services/index.ts, so a file being uploaded
 * is not deleted under it.
 */
export type RemovalGuard = (recording: RecordingRow) => Fail | undefined;

export interface RecordingFilesDeps {
  repos: Repositories;
  storage: MediaStorage;
  access: RecordingAccess;
  /** The recording the engine is recording now (recording or paused), if any. */
  currentRecordingId: () => number | undefined;
  log: (line: string) => void;
}

/** updaterecord, removefile, removerecord: titles, and deleting files from disk and rows from the database. */
export function recordingFilesService(d: RecordingFilesDeps) {
  const guards: RemovalGuard[] = [
    // Being recorded, or still being finalized into its files after a stop.
    (rec) =>
      rec.id === d.currentRecordingId() || rec.state === 'recording' || rec.state === 'finalizing'
        ? Fail.of('recordingInUse', rec.id)
        : undefined,
  ];
  const checkRemovable = (rec: RecordingRow) => {
    for (const guard of guards) {
      const refusal = guard(rec);
      if (refusal) throw refusal;
    }
  };

  /** The file of this storage-relative path (listmedia's `files[].filepath`) among the given files. */
  const fileOf = (files: RecordingFileRow[], rel: string) => {
    const paths = new Set(d.storage.candidatesOf(rel));
    return files.find((f) => paths.has(f.filepath)) ?? files.find((f) => d.storage.relativeOf(f.filepath) === rel);
  };

  /** Deletes files from disk inside the storage roots only; one outside them is logged and left. */
  const deleteFromDisk = (paths: string[]) => {
    for (const p of paths) if (!d.storage.removeFile(p)) d.log(`not deleted (outside the recording storage): ${p}`);
  };

  /** The one deletion of a recording: guards, then its files, snapshots and folder, then its rows. */
  const removeChecked = (rec: RecordingRow): string => {
    checkRemovable(rec);
    deleteFromDisk([...d.repos.recordings.files(rec.id).map((f) => f.filepath), ...d.repos.snapshots.list(rec.id).map((s) => s.filepath)]);
    if (!d.storage.removeFolder(rec.dir)) d.log(`recording folder not deleted (outside the recording storage): ${rec.dir}`);
    d.repos.recordings.remove(rec.id);
    return `recording ${rec.id} "${rec.title}"`;
  };

  return {
    addRemovalGuard: (guard: RemovalGuard) => void guards.push(guard),

    /** Renames the recording, or its file `filepath` (storage-relative) when given. */
    rename(caller: SessionUser | undefined, recordid: string, title: string, filepath?: string): string {
      const rec = d.access.find(caller, recordid, 'change');
      if (!filepath) {
        d.repos.recordings.rename(rec.id, title);
        return `recording ${rec.id} title "${title}"`;
      }
      const file = fileOf(d.repos.recordings.files(rec.id), filepath);
      if (!file) throw Fail.of('recordingFileNotFound', filepath);
      d.repos.recordings.renameFile(file.id, title);
      return `recording ${rec.id} file ${filepath} title "${title}"`;
    },

    /** Deletes one file (storage-relative path) of a recording the caller may change. */
    removeFile(caller: SessionUser | undefined, filename: string): string {
      const candidates = d.storage.candidatesOf(filename);
      let file: RecordingFileRow | undefined;
      for (const p of candidates) file ??= d.repos.recordings.fileByPath(p);
      if (!file) throw Fail.of('recordingFileNotFound', filename);
      const rec = d.access.find(caller, String(file.recording_id), 'change');
      checkRemovable(rec);
      deleteFromDisk([file.filepath]);
      d.repos.recordings.removeFile(file.id);
      return `recording ${rec.id} file ${filename}`;
    },

    /** Deletes a recording the caller may change: its files, snapshots and folder, then its rows. */
    removeRecording(caller: SessionUser | undefined, recordid: string): string {
      return removeChecked(d.access.find(caller, recordid, 'change'));
    },

    /**
     * The service's own deletion (storage housekeeping: auto clear, retention), with no caller: the same
     * guards and the same deletion as removerecord. `recordingNotFound` when the row is gone.
     */
    removeRecordingBySystem(id: number): string {
      const rec = d.repos.recordings.find(id);
      if (!rec) throw Fail.of('recordingNotFound', String(id));
      return removeChecked(rec);
    },
  };
}
export type RecordingFilesService = ReturnType<typeof recordingFilesService>;
