/**
 * The checks of a running recording, run once a second by the scheduler (`checksJob`): storage full or gone stops
 * it cleanly (what was written stays playable), a player thumbnail of the HD picture every snapshotIntervalMs of
 * recorded time (the first at once), the part limits (the next part begins), and the maximum duration.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HD_CHANNEL } from '@roomcast/contract';
import { diskFigures } from '../../host/storage.js';
import type { RecordingSession } from '../../media/recording-session.js';
import { takeSnapshot } from '../../media/snapshot.js';
import type { RecordingDeps } from './recording-deps.js';

/** The recording being recorded: its row id, its folder and the session writing its segments. */
export interface RunningRecording {
  id: number;
  dir: string;
  session: RecordingSession;
}

/** Below this, a running recording stops cleanly so that what was written stays playable. */
const STOP_FREE_BYTES = 64 * 1024 * 1024;

export function recordingChecks(
  d: Pick<RecordingDeps, 'room' | 'encoder' | 'repos' | 'settings' | 'mediaPath' | 'minFreeBytes' | 'snapshotIntervalMs' | 'log' | 'oplog'>,
  r: { running(): RunningRecording | undefined; recordedMs(): number; stop(reason: string): Promise<void> },
) {
  let checkingDisk = false;
  let nextSnapshotMs = 0;
  /** The recording a snapshot is being taken of: one at a time per recording, but a snapshot of the recording before does not hold up the first of the next. */
  let snappingId: number | undefined;

  function tick(): void {
    const running = r.running();
    if (!running) return;
    if (!checkingDisk) {
      checkingDisk = true;
      void diskFigures(d.mediaPath()).then((disk) => {
        checkingDisk = false;
        if (r.running() && (!disk.present || disk.freeBytes < Math.min(STOP_FREE_BYTES, d.minFreeBytes))) {
          d.log('recording storage is full or gone: stopping the recording');
          d.oplog('recording stopped: the recording storage is full');
          void r.stop('storage full').catch((e: Error) => d.log(e.message));
        }
      });
    }
    snapshotIfDue();
    running.session.checkMirror();
    if (running.session.checkLimits()) d.log('recording continues in the next part (segmentation limit)');
    const maxHours = d.settings.typed('setting_advance_media_save').maxduration;
    if (r.recordedMs() >= maxHours * 3600_000) void r.stop('maximum duration reached').catch((e: Error) => d.log(e.message));
  }

  function snapshotIfDue(): void {
    const running = r.running();
    if (!running || d.room.state.recording !== 'recording' || snappingId === running.id) return;
    const at = r.recordedMs();
    if (at < nextSnapshotMs) return;
    nextSnapshotMs = at + d.snapshotIntervalMs;
    const { id } = running;
    const position = Math.floor(at / 1000);
    const file = join(running.dir, 'snapshots', `${String(position).padStart(6, '0')}.jpg`);
    snappingId = id;
    mkdirSync(dirname(file), { recursive: true });
    // One that did not come out (the encoder restarting, a busy machine) is tried again a second later, not an interval later.
    const retrySoon = () => {
      if (r.running()?.id === id) nextSnapshotMs = Math.min(nextSnapshotMs, r.recordedMs() + 1000);
    };
    void takeSnapshot(d.encoder.hd, file)
      .then((ok) => {
        // (The finalize may have taken this first one from the file already: one row per file.)
        if (ok && !d.repos.snapshots.list(id).some((s) => s.filepath === file)) d.repos.snapshots.add(id, HD_CHANNEL, file, position);
        else {
          d.log(`snapshot at ${position} s of recording ${id} did not come out`);
          retrySoon();
        }
      })
      .catch((err: Error) => {
        d.log(`snapshot failed: ${err.message}`);
        retrySoon();
      })
      .finally(() => {
        if (snappingId === id) snappingId = undefined;
      });
  }

  return {
    tick,
    /** A new recording: its first snapshot is due at once. */
    restart(): void {
      nextSnapshotMs = 0;
    },
  };
}
