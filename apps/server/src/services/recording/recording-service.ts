import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Repositories } from '../../db/repositories/index.js';
import { diskFigures } from '../../host/storage.js';
import type { Encoder } from '../../media/encoder.js';
import type { EngineState } from '../../media/engine-state.js';
import { RecordingSession } from '../../media/recording-session.js';
import type { SessionUser } from '../access/index.js';
import { type DeviceClock, Fail, periodicJob } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';
import { recordingChecks, type RunningRecording } from './recording-checks.js';
import { recordingFinalizer } from './recording-finalize.js';
import type { RecordingFileHashes } from './recording-file-hash.js';
import { newRecordingFolder, partLimits, recordedStreams } from './recording-plan.js';

export interface RecordingDeps {
  repos: Repositories;
  settings: SettingsService;
  engine: EngineState;
  encoder: Encoder;
  clock: DeviceClock;
  mediaPath: () => string;
  /** Builds the current encode plan and starts the encoder if it is not running. */
  ensureEncoder: () => void;
  /** Starts per-channel (ISO) encodes for the channel letters and returns them. */
  ensureIso: (letters: string[]) => { letter: string; encoder: Encoder }[];
  releaseEncoder: () => Promise<void>;
  minFreeBytes: number;
  partLimitOverrideMs: number | undefined;
  snapshotIntervalMs: number;
  log: (line: string) => void;
  oplog: (description: string) => void;
  /** Tells the scheduler that the recording checks (`checksJob`) started: it re-plans its timer. */
  replan: () => void;
  /** Each finalized file's SHA-256, computed once and kept with it (`recording-file-hash.ts`). */
  fileHashes: RecordingFileHashes;
}

/** Waits (up to `ms`) until the session's current segments have their first bytes. */
async function firstBytes(session: RecordingSession, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (session.currentBytes === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

/**
 * recordctl's state machine (idle → recording ⇄ paused → idle) over the encoder and a RecordingSession, with the
 * database row of the recording. Stop finalizes the segments into files (`recording-finalize.ts`); while it runs,
 * the once-a-second checks (`recording-checks.ts`) watch storage, snapshots, parts and the maximum duration.
 */
export function recordingService(d: RecordingDeps) {
  const s = d.engine;
  let running: RunningRecording | undefined;
  /** True while the once-a-second checks (storage, snapshots, parts, maximum duration) run. */
  let ticking = false;
  const finalizer = recordingFinalizer(d);

  const recordedMs = () => s.recordedMs + (s.recording === 'recording' && s.recordingStart ? d.clock.now() - s.recordingStart : 0);
  const checks = recordingChecks(d, { running: () => running, recordedMs, stop: (reason) => api.stop(reason) });

  d.encoder.on('restart', () => {
    if (running?.session.running) {
      running.session.roll();
      d.log('recording continues in a new segment after an encoder restart');
    }
  });

  async function withPending<T>(fn: () => Promise<T>): Promise<T> {
    if (s.pending) throw Fail.of('recordPending');
    s.pending = true;
    try {
      return await fn();
    } finally {
      s.pending = false;
    }
  }

  const api = {
    get currentRecordingId() {
      return running?.id;
    },
    recordedMs,

    async start(who: SessionUser | undefined, scheduleId: number | null = null): Promise<number> {
      return withPending(async () => {
        if (s.recording !== 'idle') throw Fail.of('recordRunning');
        if (s.scanning) throw Fail.of('recordScanning');
        const root = d.mediaPath();
        mkdirSync(root, { recursive: true });
        const disk = await diskFigures(root);
        if (!disk.present) throw Fail.of('storageMissing');
        if (disk.freeBytes < d.minFreeBytes) throw Fail.of('storageLow');
        const now = d.clock.now();
        const { name, dir } = newRecordingFolder(d, root, d.clock.format(now).replace(/[-:]/g, '').replace(' ', '-'));
        mkdirSync(dir, { recursive: true });
        const room = d.settings.raw('setting_room').name ?? '';
        const id = d.repos.recordings.insert({
          title: `${room} ${d.clock.format(now)}`.trim(),
          name,
          usercode: who?.usercode ?? 'schedule',
          useraccount: who?.username ?? 'schedule',
          source: room,
          dir,
          starttime: d.clock.format(now),
          schedule_id: scheduleId,
        });
        writeFileSync(join(dir, 'recording.json'), JSON.stringify({ id, name, starttime: now }));
        d.ensureEncoder();
        const session = new RecordingSession(dir, recordedStreams(d), partLimits(d), () => d.clock.now());
        session.start();
        running = { id, dir, session };
        checks.restart();
        // The command completes when the first frame is on disk (the encoder may just be starting): the
        // recorded time then counts what the files hold.
        await firstBytes(session, 5000);
        Object.assign(s, { recording: 'recording', recordingStart: d.clock.now(), recordedMs: 0 });
        ticking = true;
        d.replan();
        return id;
      });
    },

    async pause(): Promise<void> {
      return withPending(async () => {
        if (s.recording !== 'recording' || !running) throw Fail.of('recordNotRunning');
        running.session.pause();
        Object.assign(s, { recording: 'paused', recordedMs: recordedMs(), recordingStart: undefined });
      });
    },

    async resume(): Promise<void> {
      return withPending(async () => {
        if (s.recording !== 'paused' || !running) throw Fail.of('recordNotPaused');
        const { session } = running;
        d.ensureEncoder();
        session.resume();
        await firstBytes(session, 5000);
        Object.assign(s, { recording: 'recording', recordingStart: d.clock.now() });
      });
    },

    async stop(reason = 'stopped'): Promise<void> {
      return withPending(async () => {
        if (s.recording === 'idle' || !running) throw Fail.of('recordNotRunning');
        ticking = false;
        running.session.stop();
        const { id } = running;
        running = undefined;
        Object.assign(s, { recording: 'idle', recordingStart: undefined, recordedMs: 0, schedule: undefined });
        await d.releaseEncoder();
        const rec = d.repos.recordings.find(id);
        if (rec) await finalizer.finalize(rec, reason);
      });
    },

    /** After a crash: recordings left recording or finalizing are finalized from their segments. */
    recover: finalizer.recover,

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
