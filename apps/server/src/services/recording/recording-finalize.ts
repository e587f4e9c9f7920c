/**
 * How a recording's files come to be: its segments finalized into one MP4 per stream and part (kept as MPEG-TS
 * when the MP4 cannot be written), a file row each and the recording's end state; after a crash, the recordings
 * left recording or finalizing are finalized the same way. Listeners hear of each one that finished with files.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import { finalizePart, keepAsTs } from '../../media/finalize.js';
import { listParts } from '../../media/recording-session.js';
import type { RecordingDeps } from './recording-deps.js';

export function recordingFinalizer(d: Pick<RecordingDeps, 'repos' | 'settings' | 'clock' | 'log' | 'oplog' | 'fileHashes'>) {
  /** Told of each recording that finished with files (after a stop, or recovered after a crash): the upload queue. */
  const finishedListeners: ((rec: RecordingRow) => void)[] = [];

  async function finalize(rec: RecordingRow, reason: string): Promise<void> {
    d.repos.recordings.setState(rec.id, 'finalizing');
    const prefix = d.settings.raw('setting_advance_media_save').fileprefix ?? '';
    let files = 0;
    let durationMs = 0;
    for (const part of listParts(rec.dir)) {
      const suffix = part.part > 1 ? `_${part.part}` : '';
      const out = join(rec.dir, `${prefix}${rec.name}_${part.code}${suffix}.mp4`);
      const made = await finalizePart(part.segments, out).catch((err: Error) => {
        d.log(`could not write ${out} (${err.message.split('\n')[0]}); keeping the recording as MPEG-TS`);
        return keepAsTs(part.segments, out.replace(/\.mp4$/, '.ts'));
      });
      if (!made) continue;
      // A finalize cut off after this file was listed (a crash) lists it again: once is enough.
      const fileId =
        d.repos.recordings.fileByPath(made.file)?.id ??
        Number(
          d.repos.recordings.addFile({
            recording_id: rec.id,
            channel: part.channel,
            filepath: made.file,
            title: `${rec.title} ${part.code}${suffix}`,
            filesize: made.bytes,
            starttime: rec.starttime,
            duration_ms: made.durationMs,
          }).lastInsertRowid,
        );
      // Its SHA-256, once, in a thread of its own while the next part is written; uploads take it from the row
      // (or share it while it runs), so they need not read the file twice (docs/upload.md).
      d.fileHashes.sha256({ path: made.file, fileId }).catch((err: Error) => d.log(`could not hash ${made.file}: ${err.message}`));
      if (part.code === 'HD') durationMs += made.durationMs;
      files++;
      for (const seg of part.segments) rmSync(seg, { force: true });
    }
    d.repos.recordings.finish({
      id: rec.id,
      state: files ? 'done' : 'failed',
      stoptime: d.clock.format(d.clock.now()),
      duration_ms: durationMs,
      note: reason,
    });
    const finished = files ? d.repos.recordings.find(rec.id) : undefined;
    for (const listener of finished ? finishedListeners : []) {
      try {
        listener(finished as RecordingRow);
      } catch (err) {
        d.log(`after recording ${rec.id} finished: ${(err as Error).message}`);
      }
    }
  }

  return {
    finalize,

    /** After a crash: recordings left recording or finalizing are finalized from their segments. */
    async recover(): Promise<number> {
      const left = [...d.repos.recordings.inState('recording'), ...d.repos.recordings.inState('finalizing')];
      for (const rec of left) {
        // One recording that cannot be finished must not keep the service (and the others) from starting.
        try {
          await finalize(rec, 'recovered after an unexpected stop');
          d.oplog(`recording ${rec.id} recovered after an unexpected stop`);
        } catch (err) {
          const why = (err as Error).message.split('\n')[0] ?? '';
          d.log(`recording ${rec.id} could not be recovered: ${why}`);
          d.repos.recordings.finish({
            id: rec.id,
            state: 'failed',
            stoptime: d.clock.format(d.clock.now()),
            duration_ms: 0,
            note: `could not be recovered: ${why}`,
          });
          d.oplog(`recording ${rec.id} could not be recovered after an unexpected stop; its folder is kept`);
        }
      }
      return left.length;
    },

    /** Calls `listener` with each recording that has finished with files (stopped, or recovered after a crash). */
    onFinished(listener: (rec: RecordingRow) => void): void {
      finishedListeners.push(listener);
    },
  };
}
