import { realpathSync, statSync, type Stats } from 'node:fs';
import { basename } from 'node:path';
import type { Repositories } from '../../db/repositories/index.js';
import { localSha256 } from './file-hash.js';

/** A file to hash: its path and, when it is a recording file, the id of its row (where the hash is kept). */
export interface HashedFile {
  path: string;
  fileId?: number;
}

/**
 * The SHA-256 of a recording file, stored or computed: the one place that hashes a recording's files
 * (docs/upload.md, "The file's SHA-256"). A file is hashed once, when its recording is finalized (in a thread of
 * its own, `file-hash.ts`), and the hash is kept in its row with the size and mtime it was computed for. Whoever
 * needs it later (the FTP/SFTP upload's `.sha256` and HASH check) gets the stored hash while the file still has that
 * size and mtime; otherwise it is computed again and stored. A hash still being computed is shared: never two of one
 * file at once. The row is written in one statement once the hash is complete, so a process killed while hashing
 * leaves no row claiming a hash; a file that changed while it was hashed gets no hash (and the caller an error).
 */
export function recordingFileHashes(d: { repos: Repositories }) {
  /** Hashes being computed, by the file's real path (finalize and the upload name the same file differently). */
  const running = new Map<string, { hash: Promise<string>; abort: AbortController }>();
  let computed = 0;

  function sha256(f: HashedFile): Promise<string> {
    let real: string;
    let st: Stats;
    try {
      real = realpathSync(f.path);
      const pending = running.get(real)?.hash;
      if (pending) return pending;
      st = statSync(real);
    } catch (err) {
      return Promise.reject(err);
    }
    const row = f.fileId !== undefined ? d.repos.recordings.fileById(f.fileId) : d.repos.recordings.fileByPath(f.path);
    if (row?.sha256 && row.sha256_size === st.size && row.sha256_mtime === st.mtimeMs) return Promise.resolve(row.sha256);
    const abort = new AbortController();
    computed++;
    const hash = localSha256(real, st.size, abort.signal)
      .then((hex) => {
        const now = statSync(real, { throwIfNoEntry: false });
        if (now?.size !== st.size || now.mtimeMs !== st.mtimeMs) throw new Error(`${basename(real)} changed while it was hashed`);
        if (row) d.repos.recordings.setFileHash(row.id, hex, st.size, st.mtimeMs);
        return hex;
      })
      .finally(() => {
        if (running.get(real)?.hash === hash) running.delete(real);
      });
    running.set(real, { hash, abort });
    return hash;
  }

  return {
    /**
     * The file's SHA-256 (hex): the stored one while the file is as it was hashed, the one being computed, or a new
     * one (stored in its row). Whoever awaits it decides when; the hash does not stop when one of them gives up.
     */
    sha256,
    /** How many hashes were computed (not taken from a row or shared); for tests and the benchmark. */
    get computed() {
      return computed;
    },
    /** Service stop: the hashes being computed stop (their threads end); nothing is stored for them. */
    close(): void {
      for (const { abort } of running.values()) abort.abort(new Error('the service is stopping'));
      running.clear();
    },
  };
}
export type RecordingFileHashes = ReturnType<typeof recordingFileHashes>;
