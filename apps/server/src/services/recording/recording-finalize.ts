/**
 * How a recording's files come to be: its segments finalized into one MP4 per stream and part, a file row each and
 * the recording's end state; after a crash, the recordings left recording or finalizing are finalized the same way,
 * stopped at the end of their media. Listeners hear of each one that finished with files.
 *
 * Short recordings (docs/media-engine.md "Recording files"): a part is an MP4 when it holds a whole video frame
 * (without sound when it ended before the first audio packet); a part of under a second that still cannot be an MP4
 * is dropped, never kept as MPEG-TS; a recording left with no file is not kept at all (row and folder removed), and
 * the operation log and mp.log say so. Only a part of a second or more is kept as MPEG-TS when its MP4 cannot be
 * written (no space left).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { HD_CHANNEL } from '@roomcast/contract';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import { type ChapterMark, chaptersInPart } from '../../media/chapter-files.js';
import { type FinalizedPart, finalizePart, keepAsTs } from '../../media/finalize.js';
import { probeDurationMs } from '../../media/process-runner.js';
import { snapshotOfFile } from '../../media/snapshot.js';
import { listParts, type Part } from '../../media/recording-session.js';
import type { RecordingDeps } from './recording-deps.js';
import { lastSegmentWrite, recoveredStopMs } from './recording-end.js';
import type { UsbCopy } from './usb-copy.js';

/** A part shorter than this whose MP4 cannot be written is dropped rather than kept as MPEG-TS. */
const SHORTEST_TS_KEPT_MS = 1000;

export function recordingFinalizer(
  d: Pick<RecordingDeps, 'repos' | 'settings' | 'clock' | 'log' | 'oplog' | 'fileHashes'> & {
    usb?: Pick<UsbCopy, 'finalize'>;
    /** The recording's chapters (by position in the recording), written into each part's MP4. */
    chaptersOf?: (recordingId: number) => Promise<ChapterMark[]>;
  },
) {
  /** Told of each recording that finished with files (after a stop, or recovered after a crash): the upload queue. */
  const finishedListeners: ((rec: RecordingRow) => void)[] = [];

  /** The part as an MP4; when that cannot be written, as MPEG-TS if it lasts a second or more, else nothing. */
  async function filesOf(
    rec: RecordingRow,
    part: Part,
    out: string,
    chapters?: (durationMs: number) => ChapterMark[],
  ): Promise<FinalizedPart | undefined> {
    try {
      const made = await finalizePart(part.segments, out, chapters);
      if (made?.note) {
        d.log(`recording ${rec.id}: ${made.file} written, but ${made.note}`);
        d.oplog(`recording ${rec.id} ${part.code}: ${made.note}`);
      }
      return made;
    } catch (err) {
      const why = (err as Error).message.split('\n')[0] ?? '';
      const mediaMs = (await Promise.all(part.segments.map(probeDurationMs))).reduce((a, b) => a + b, 0);
      if (mediaMs < SHORTEST_TS_KEPT_MS) {
        d.log(`could not write ${out} (${why}); its ${mediaMs} ms of media are not kept`);
        return undefined;
      }
      d.log(`could not write ${out} (${why}); keeping the recording as MPEG-TS`);
      return keepAsTs(part.segments, out.replace(/\.mp4$/, '.ts'));
    }
  }

  /** A recording that left no playable file: not listed (its row, and its folder with the segments, go). */
  function drop(rec: RecordingRow): void {
    rmSync(rec.dir, { recursive: true, force: true });
    d.repos.recordings.remove(rec.id);
    const why = 'it left no playable file (less than a second of media, without a whole video frame)';
    d.log(`recording ${rec.id} (${rec.dir}) is not kept: ${why}`);
    d.oplog(`recording ${rec.id} "${rec.title}" is not kept: ${why}`);
  }

  /**
   * A recording without a snapshot (shorter than the first one took, or on a machine too busy for it) gets its first
   * picture as its thumbnail, from its first HD file: every kept recording shows one in the player.
   */
  async function thumbnailIfNone(rec: RecordingRow, files: { channel: number; filepath: string }[]): Promise<void> {
    const hd = files.find((f) => f.channel === HD_CHANNEL);
    if (!hd || d.repos.snapshots.list(rec.id).length) return;
    // The name the first live snapshot has: one still in flight replaces the file, not adds a row (recording-checks.ts).
    const file = join(rec.dir, 'snapshots', '000000.jpg');
    mkdirSync(join(rec.dir, 'snapshots'), { recursive: true });
    if (await snapshotOfFile(hd.filepath, file)) d.repos.snapshots.add(rec.id, HD_CHANNEL, file, 0);
    else d.log(`recording ${rec.id}: no thumbnail could be taken from ${hd.filepath}`);
  }

  /**
   * Finalizes every part; the recording ends `done` with its media's duration and `stopAt(durationMs)` as its stop
   * time (the clock now, unless recovered), or is dropped when no part made a file. True when it was kept.
   */
  async function finalize(
    rec: RecordingRow,
    reason: string,
    stopAt: (durationMs: number) => number = () => d.clock.now(),
  ): Promise<boolean> {
    d.repos.recordings.setState(rec.id, 'finalizing');
    const prefix = d.settings.raw('setting_advance_media_save').fileprefix ?? '';
    let files = 0;
    /** Each part's file name, for the USB copy's files. */
    const names = new Map<string, string>();
    const chapters = (await d.chaptersOf?.(rec.id).catch(() => [])) ?? [];
    /** Where each stream's next part starts in the recording (its parts before, by their media). */
    const starts = new Map<string, number>();
    for (const part of listParts(rec.dir)) {
      const suffix = part.part > 1 ? `_${part.part}` : '';
      const name = `${prefix}${rec.name}_${part.code}${suffix}.mp4`;
      names.set(`${part.code}-${part.part}`, name);
      const out = join(rec.dir, name);
      const start = starts.get(part.code) ?? 0;
      const made = await filesOf(rec, part, out, (durationMs) => chaptersInPart(chapters, start, durationMs));
      for (const seg of made ? [] : part.segments) rmSync(seg, { force: true });
      if (!made) continue;
      starts.set(part.code, start + made.durationMs);
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
      files++;
      for (const seg of part.segments) rmSync(seg, { force: true });
    }
    // Files listed by an earlier, interrupted finalize (a crash) count too.
    const listed = d.repos.recordings.files(rec.id);
    if (!files && listed.length === 0) {
      drop(rec);
      return false;
    }
    await thumbnailIfNone(rec, listed);
    const durationMs = listed.filter((f) => f.channel === HD_CHANNEL).reduce((ms, f) => ms + f.duration_ms, 0);
    d.repos.recordings.finish({
      id: rec.id,
      state: 'done',
      stoptime: d.clock.format(stopAt(durationMs)),
      duration_ms: durationMs,
      note: reason,
    });
    const finished = d.repos.recordings.find(rec.id);
    for (const listener of finished ? finishedListeners : []) {
      try {
        listener(finished as RecordingRow);
      } catch (err) {
        d.log(`after recording ${rec.id} finished: ${(err as Error).message}`);
      }
    }
    // The USB copy's files after the recording is done: a slow disk never holds it up (its failures are its own).
    void d.usb?.finalize(rec.id, rec.dir, names).catch((err: Error) => d.log(`recording ${rec.id}: USB copy: ${err.message}`));
    return true;
  }

  return {
    finalize,

    /** After a crash: recordings left recording or finalizing are finalized from their segments. */
    async recover(): Promise<number> {
      const left = [...d.repos.recordings.inState('recording'), ...d.repos.recordings.inState('finalizing')];
      for (const rec of left) {
        // One recording that cannot be finished must not keep the service (and the others) from starting.
        try {
          // Stopped when its media ends, not when the service came back (recording-end.ts).
          const lastWrite = lastSegmentWrite(rec.dir);
          const kept = await finalize(rec, 'recovered after an unexpected stop', (durationMs) =>
            recoveredStopMs(rec, durationMs, lastWrite, d.clock),
          );
          if (kept) d.oplog(`recording ${rec.id} recovered after an unexpected stop`);
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
