import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diskFigures } from '../../host/storage.js';
import { RecordingSession } from '../../media/recording-session.js';
import type { SessionUser } from '../access/index.js';
import { Fail, periodicJob } from '../core/index.js';
import { recordedMsAt } from '../room/index.js';
import type { ChapterMark } from '../../media/chapter-files.js';
import { recordingChecks, type RunningRecording } from './recording-checks.js';
import { recordingFinalizer } from './recording-finalize.js';
import type { RecordingDeps } from './recording-deps.js';
import { newRecordingFolder, partLimits, recordedStreams } from './recording-plan.js';

/**
 * Waits (up to `ms`) until every stream's current segment has its first bytes: not only the first stream to write,
 * or a start answered while the composite encode runs already (live) would leave an ISO channel just starting with
 * nothing on disk, and a recording stopped at once without its file.
 */
async function firstBytes(session: RecordingSession, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!session.everyStreamWriting && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

/**
 * recordctl's state machine (idle → recording ⇄ paused → idle) over the encoder and a RecordingSession, with the
 * database row of the recording. Stop finalizes the segments into files (`recording-finalize.ts`); while it runs,
 * the once-a-second checks (`recording-checks.ts`) watch storage, snapshots, parts and the maximum duration.
 */
export function recordingService(d: RecordingDeps) {
  const { room } = d;
  let running: RunningRecording | undefined;
  /** True while the once-a-second checks (storage, snapshots, parts, maximum duration) run. */
  let ticking = false;
  /** The recording's chapters for its files (the chapters domain, once composed). */
  let chapterSource: ((recordingId: number) => Promise<ChapterMark[]>) | undefined;
  const finalizer = recordingFinalizer({ ...d, chaptersOf: (id) => chapterSource?.(id) ?? Promise.resolve([]) });

  const recordedMs = () => recordedMsAt(room.state, d.clock.now());
  const checks = recordingChecks(d, { running: () => running, recordedMs, stop: (reason) => api.stop(reason) });

  d.encoder.on('restart', () => {
    if (running?.session.running) {
      running.session.roll();
      d.log('recording continues in a new segment after an encoder restart');
    }
  });

  /**
   * A record command: refused at once while another is under way (`recordPending`), else run when the room's commands
   * before it have ended. `after` runs outside the room's turn (a stop's finalize), still counted as pending.
   */
  async function command<T>(fn: () => Promise<T>, after?: (result: T) => Promise<void>): Promise<T> {
    void room.apply({ type: 'record.claim' });
    try {
      const result = await room.exclusive(fn);
      await after?.(result);
      return result;
    } finally {
      void room.apply({ type: 'record.release' });
    }
  }

  const api = {
    get currentRecordingId() {
      return running?.id;
    },
    /** Whether the running recording is being copied to the USB disk now (`usbenable`). */
    get mirroring() {
      return running?.session.mirroring ?? false;
    },
    recordedMs,

    async start(who: SessionUser | undefined, scheduleId: number | null = null): Promise<number> {
      return command(async () => {
        // Refused while recording or scanning before the storage is looked at and the encoder asked for.
        room.check({ type: 'record.starting' });
        const root = d.mediaPath();
        mkdirSync(root, { recursive: true });
        const disk = await diskFigures(root);
        if (!disk.present) throw Fail.of('storageMissing');
        if (disk.freeBytes < d.minFreeBytes) throw Fail.of('storageLow');
        const now = d.clock.now();
        const { name, dir } = newRecordingFolder(d, root, d.clock.format(now).replace(/[-:]/g, '').replace(' ', '-'));
        mkdirSync(dir, { recursive: true });
        const room_ = d.settings.raw('setting_room').name ?? '';
        // From here the encoder runs (the media engine follows the room into `starting`).
        void room.apply({ type: 'record.starting' });
        try {
          const id = d.repos.recordings.insert({
            title: `${room_} ${d.clock.format(now)}`.trim(),
            name,
            usercode: who?.usercode ?? 'schedule',
            useraccount: who?.username ?? 'schedule',
            source: room_,
            dir,
            starttime: d.clock.format(now),
            schedule_id: scheduleId,
          });
          writeFileSync(join(dir, 'recording.json'), JSON.stringify({ id, name, starttime: now }));
          const session = new RecordingSession(dir, recordedStreams(d), partLimits(d), () => d.clock.now(), d.usb?.mirror(id, dir));
          session.start();
          running = { id, dir, session };
          checks.restart();
          // The command completes when the first frame is on disk (the encoder may just be starting): the
          // recorded time then counts what the files hold.
          await firstBytes(session, 5000);
          void room.apply({ type: 'record.started', at: d.clock.now() });
          ticking = true;
          d.replan();
          return id;
        } catch (err) {
          await room.apply({ type: 'record.abort' });
          throw err;
        }
      });
    },

    async pause(): Promise<void> {
      return command(async () => {
        if (!running) throw Fail.of('recordNotRunning');
        const at = d.clock.now();
        void room.apply({ type: 'record.pause', at });
        running.session.pause();
      });
    },

    async resume(): Promise<void> {
      return command(async () => {
        room.check({ type: 'record.resume', at: d.clock.now() });
        if (!running) throw Fail.of('recordNotPaused');
        const { session } = running;
        session.resume();
        await firstBytes(session, 5000);
        void room.apply({ type: 'record.resume', at: d.clock.now() });
      });
    },

    async stop(reason = 'stopped'): Promise<void> {
      await command(
        async () => {
          room.check({ type: 'record.stop' });
          if (!running) throw Fail.of('recordNotRunning');
          ticking = false;
          running.session.stop();
          const { id } = running;
          running = undefined;
          const stopping = room.apply({ type: 'record.stop' });
          // The encoder stops (unless an output needs it) before the segments are finalized.
          await stopping;
          return id;
        },
        async (id) => {
          const rec = d.repos.recordings.find(id);
          if (rec) await finalizer.finalize(rec, reason);
        },
      );
    },

    /** After a crash: recordings left recording or finalizing are finalized from their segments. */
    recover: finalizer.recover,

    /** Where a finalize takes the recording's chapters (titled, by position) to write into its MP4 files. */
    useChapters(source: (recordingId: number) => Promise<ChapterMark[]>): void {
      chapterSource = source;
    },

    /** Calls `listener` with each recording that has finished with files (stopped, or recovered after a crash). */
    onFinished: finalizer.onFinished,

    /** Ends a running recording at shutdown without finalizing (the next start recovers it). */
    halt(): void {
      ticking = false;
      running?.session.pause();
      d.fileHashes.close();
    },

    /** The scheduler's job for the checks of a running recording, every second while one runs. */
    checksJob: periodicJob({ name: 'recording checks', everyMs: 1000, active: () => ticking, run: () => checks.tick() }),
  };
  return api;
}
export type RecordingService = ReturnType<typeof recordingService>;
export type { RecordingDeps } from './recording-deps.js';
