import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { channelCodeOf, HD_CHANNEL, LIMITS } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import { diskFigures } from '../../host/storage.js';
import type { Encoder } from '../../media/encoder.js';
import type { EngineState } from '../../media/engine-state.js';
import { finalizePart, keepAsTs } from '../../media/finalize.js';
import { listParts, RecordingSession, type RecordedStream } from '../../media/recording-session.js';
import { takeSnapshot } from '../../media/snapshot.js';
import { periodicJob, type DeviceClock } from '../core/index.js';
import { Fail } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';
import type { SessionUser } from '../access/index.js';

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
}

/** Waits (up to `ms`) until the session's current segments have their first bytes. */
async function firstBytes(session: RecordingSession, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (session.currentBytes === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

const SEGMENTATION = { smooth: { maxPartMs: 3600_000, maxPartBytes: 2e9 }, advanced: { maxPartMs: 4 * 3600_000, maxPartBytes: 3.8e9 } };

/**
 * recordctl's state machine (idle → recording ⇄ paused → idle) over the encoder and a RecordingSession,
 * with the database rows of the recording and its files. Stop finalizes the segments into MP4 files.
 */
export function recordingService(d: RecordingDeps) {
  const s = d.engine;
  let session: RecordingSession | undefined;
  let current: number | undefined;
  /** True while the once-a-second checks (storage, snapshots, parts, maximum duration) run. */
  let ticking = false;
  let currentDir = '';
  let nextSnapshotMs = 0;
  let snapping = false;
  /** Told of each recording that finished with files (after a stop, or recovered after a crash): the upload queue. */
  const finishedListeners: ((rec: RecordingRow) => void)[] = [];

  const recordedMs = () => s.recordedMs + (s.recording === 'recording' && s.recordingStart ? d.clock.now() - s.recordingStart : 0);

  d.encoder.on('restart', () => {
    if (session?.running) {
      session.roll();
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
      if (!d.repos.recordings.fileByPath(made.file))
        d.repos.recordings.addFile({
          recording_id: rec.id,
          channel: part.channel,
          filepath: made.file,
          title: `${rec.title} ${part.code}${suffix}`,
          filesize: made.bytes,
          starttime: rec.starttime,
          duration_ms: made.durationMs,
        });
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

  /** Below this, a running recording stops cleanly so that what was written stays playable. */
  const STOP_FREE_BYTES = 64 * 1024 * 1024;
  let checkingDisk = false;

  function tick(): void {
    if (!session) return;
    if (!checkingDisk) {
      checkingDisk = true;
      void diskFigures(d.mediaPath()).then((disk) => {
        checkingDisk = false;
        if (session && (!disk.present || disk.freeBytes < Math.min(STOP_FREE_BYTES, d.minFreeBytes))) {
          d.log('recording storage is full or gone: stopping the recording');
          d.oplog('recording stopped: the recording storage is full');
          void api.stop('storage full').catch((e: Error) => d.log(e.message));
        }
      });
    }
    snapshotIfDue();
    if (session.checkLimits()) d.log('recording continues in the next part (segmentation limit)');
    const maxHours = Number(d.settings.raw('setting_advance_media_save').maxduration) || LIMITS.maxDurationHours.default;
    if (recordedMs() >= maxHours * 3600_000) void api.stop('maximum duration reached').catch((e: Error) => d.log(e.message));
  }

  /** A player thumbnail of the HD picture every snapshotIntervalMs of recorded time (the first at once). */
  function snapshotIfDue(): void {
    if (!session || current === undefined || s.recording !== 'recording' || snapping) return;
    const at = recordedMs();
    if (at < nextSnapshotMs) return;
    nextSnapshotMs = at + d.snapshotIntervalMs;
    const id = current;
    const position = Math.floor(at / 1000);
    const file = join(currentDir, 'snapshots', `${String(position).padStart(6, '0')}.jpg`);
    snapping = true;
    mkdirSync(dirname(file), { recursive: true });
    void takeSnapshot(d.encoder.hd, file)
      .then((ok) => {
        if (ok) d.repos.snapshots.add(id, HD_CHANNEL, file, position);
        else d.log(`snapshot at ${position} s of recording ${id} did not come out`);
      })
      .catch((err: Error) => d.log(`snapshot failed: ${err.message}`))
      .finally(() => {
        snapping = false;
      });
  }

  const api = {
    get currentRecordingId() {
      return current;
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
        const stamp = d.clock.format(now).replace(/[-:]/g, '').replace(' ', '-');
        // A recording started within the same second as the previous one gets a folder of its own (…-2).
        const taken = (n: string) =>
          existsSync(join(root, 'recordings', n)) || d.repos.recordings.findByDir(join(root, 'recordings', n)) !== undefined;
        let name = stamp;
        for (let n = 2; taken(name); n++) name = `${stamp}-${n}`;
        const dir = join(root, 'recordings', name);
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
        const save = d.settings.raw('setting_advance_media_save');
        const streams: RecordedStream[] = [{ code: 'HD', channel: HD_CHANNEL, fanout: d.encoder.hd }];
        if (save.movie_low_enable !== 'false') streams.push({ code: 'SD', channel: 11, fanout: d.encoder.sd });
        // resource_vi0..vi4 → channels A..E recorded on their own as CH1..CH5 (+ CHnS, the sub picture).
        const isoLetters = ['A', 'B', 'C', 'D', 'E'].filter((_, i) => save[`resource_vi${i}_enable`] === 'true');
        for (const { letter, encoder } of d.ensureIso(isoLetters)) {
          const n = letter.charCodeAt(0) - 64;
          streams.push({ code: `CH${n}`, channel: channelCodeOf(`CH${n}`)!, fanout: encoder.hd });
          if (save.movie_low_enable !== 'false') streams.push({ code: `CH${n}S`, channel: channelCodeOf(`CH${n}S`)!, fanout: encoder.sd });
        }
        const mode = d.settings.raw('setting_segmentation').mode === 'advanced' ? 'advanced' : 'smooth';
        const limits = d.partLimitOverrideMs
          ? { maxPartMs: d.partLimitOverrideMs, maxPartBytes: Number.MAX_SAFE_INTEGER }
          : SEGMENTATION[mode];
        session = new RecordingSession(dir, streams, limits, () => d.clock.now());
        session.start();
        current = id;
        currentDir = dir;
        nextSnapshotMs = 0;
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
        if (s.recording !== 'recording' || !session) throw Fail.of('recordNotRunning');
        session.pause();
        Object.assign(s, { recording: 'paused', recordedMs: recordedMs(), recordingStart: undefined });
      });
    },

    async resume(): Promise<void> {
      return withPending(async () => {
        if (s.recording !== 'paused' || !session) throw Fail.of('recordNotPaused');
        d.ensureEncoder();
        session.resume();
        await firstBytes(session, 5000);
        Object.assign(s, { recording: 'recording', recordingStart: d.clock.now() });
      });
    },

    async stop(reason = 'stopped'): Promise<void> {
      return withPending(async () => {
        if (s.recording === 'idle' || !session || current === undefined) throw Fail.of('recordNotRunning');
        ticking = false;
        session.stop();
        const id = current;
        session = undefined;
        current = undefined;
        Object.assign(s, { recording: 'idle', recordingStart: undefined, recordedMs: 0, schedule: undefined });
        await d.releaseEncoder();
        const rec = d.repos.recordings.find(id);
        if (rec) await finalize(rec, reason);
      });
    },

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

    /** Ends a running recording at shutdown without finalizing (the next start recovers it). */
    halt(): void {
      ticking = false;
      session?.pause();
    },

    /** The scheduler's job for the checks of a running recording, every second while one runs. */
    checksJob: periodicJob({ name: 'recording checks', everyMs: 1000, active: () => ticking, run: () => tick() }),
  };
  return api;
}
export type RecordingService = ReturnType<typeof recordingService>;
