import { SILENCE_ALARM_DB, type LevelsMessage, type MeterLevel } from '@roomcast/contract';
import { type Job, periodicJob } from '../../core/index.js';
import { isRecording, type Room } from '../../room/index.js';

/** What the confidence monitor reads from the media engine (`mediaEngine().monitor`). */
export interface MonitorSource {
  running(): boolean;
  levels(): { inputs: { id: string; peak: number; rms: number }[]; program: { id: string; peak: number; rms: number } | undefined };
  loudestInputPeak(): number;
  /** How long ago an input or the mix last clipped (ms), or undefined. */
  clippedAgo(): number | undefined;
  subscribe(listener: () => void): () => void;
  preview(): Promise<Buffer | undefined>;
}

export interface MonitorDeps {
  media: MonitorSource;
  /** The room: the alarm is part of its state; recording or not is read there. */
  room: Pick<Room, 'state' | 'apply'>;
  /** How long the sound must stay below SILENCE_ALARM_DB before the alarm is raised (setting_health.silenceseconds). */
  silenceAlarmMs: () => number;
  clock: { now(): number };
  /** The scheduler looks at its jobs again (the linger's end moved). */
  wake: () => void;
}

/**
 * How long the encode runs on for the levels after the last watcher that asked for it left: a page reload or a move
 * from the Audio screen to the workbench does not stop and start it.
 */
export const MONITOR_LINGER_MS = 10_000;

/** dBFS to one decimal; −∞ (digital silence) as null, as JSON has no infinity. */
const db = (v: number): number | null => (Number.isFinite(v) ? Math.round(v * 10) / 10 : null);
const level = (m: { id: string; peak: number; rms: number }): MeterLevel => ({ id: m.id, peak: db(m.peak), rms: db(m.rms) });

/** A listener of the levels that throws is dropped; the others go on. */
type LevelsListener = (message: LevelsMessage) => void;

/**
 * The confidence monitor (system domain): the audio levels as messages for the levels stream, the preview
 * picture, and the silence alarm, checked every second by a scheduler job while a recording runs or the room is live.
 */
export function monitorService(d: MonitorDeps) {
  const listeners = new Set<LevelsListener>();
  let unsubscribe: (() => void) | undefined;
  /** The watchers that keep the encode running for the levels while nothing else runs it (`encode`). */
  const encoding = new Set<LevelsListener>();
  /** When the encode stops being wanted for the levels (the last such watcher left); undefined while wanted or off. */
  let lingerUntil: number | undefined;
  const setMonitoring = (on: boolean) => {
    if (d.room.state.monitoring !== on) void d.room.apply({ type: 'monitor.set', on });
  };

  const message = (): LevelsMessage => {
    if (!d.media.running()) return { running: false, inputs: [], program: null };
    const { inputs, program } = d.media.levels();
    return { running: true, inputs: inputs.map(level), program: program ? level(program) : null };
  };
  /** One subscription to the engine however many watch, dropped with the last watcher. */
  const broadcast = () => {
    const m = message();
    for (const l of listeners) {
      try {
        l(m);
      } catch {
        listeners.delete(l);
      }
    }
  };

  let silentSince: number | undefined;
  const setAlarm = (on: boolean, why: string) => {
    if (d.room.state.audioAlarm === on) return;
    // Its operation-log row is written from the room's change (room-log.ts).
    void d.room.apply({ type: 'alarm.set', on, why });
  };
  /** Every second while the sound is used: recording or live (and until a raised alarm is cleared). */
  const checkSilence = (now: number) => {
    const s = d.room.state;
    if (!isRecording(s) && !s.living) {
      silentSince = undefined;
      setAlarm(false, 'The silence alarm is cleared: the recording ended');
      return;
    }
    // Paused and not live: nothing uses the sound; the count starts again on resume, a raised alarm stays until sound returns.
    if (s.recording === 'paused' && !s.living) {
      silentSince = undefined;
      return;
    }
    if (d.media.loudestInputPeak() >= SILENCE_ALARM_DB) {
      silentSince = undefined;
      setAlarm(false, 'Sound is back: the silence alarm is cleared');
      return;
    }
    silentSince ??= now;
    const limit = d.silenceAlarmMs();
    if (now - silentSince >= limit) setAlarm(true, `No sound for ${Math.round(limit / 1000)} s: check the microphones`);
  };

  return {
    /** The levels now, as a stream message. */
    levels: message,
    /**
     * Calls `listener` with every new reading (~10 a second while the encoder runs) and once when it stops; with
     * `encode`, keeps the encode running for it (until MONITOR_LINGER_MS after the last such watcher left).
     */
    watch(listener: LevelsListener, opts: { encode?: boolean } = {}): () => void {
      listeners.add(listener);
      unsubscribe ??= d.media.subscribe(broadcast);
      // `encode`: the encode runs for this watcher while nothing else runs it, so the meters (and the picture) move
      // while idle: the Audio screen setting up microphones, an operator checking the room before a lecture.
      if (opts.encode) {
        encoding.add(listener);
        lingerUntil = undefined;
        setMonitoring(true);
      }
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          unsubscribe?.();
          unsubscribe = undefined;
        }
        if (encoding.delete(listener) && !encoding.size) {
          lingerUntil = d.clock.now() + MONITOR_LINGER_MS;
          d.wake();
        }
      };
    },
    /** How long the sound has been below SILENCE_ALARM_DB while used, in ms (0: sound, or neither recording nor live). */
    silentFor: (now: number): number => (silentSince === undefined ? 0 : Math.max(0, now - silentSince)),
    /** The silence the alarm allows, in ms. */
    silenceLimitMs: () => d.silenceAlarmMs(),
    /** How long ago the sound last clipped (ms), or undefined. */
    clippedAgo: () => d.media.clippedAgo(),
    /** The preview JPEG of the composed picture, or undefined when the encoder is not running. */
    preview: () => d.media.preview(),
    /** Ends the encode for the levels MONITOR_LINGER_MS after the last watcher left. */
    lingerJob: {
      name: 'monitor linger',
      next: () => lingerUntil,
      async run(now: number) {
        if (lingerUntil === undefined || now < lingerUntil) return;
        lingerUntil = undefined;
        if (!encoding.size) setMonitoring(false);
      },
    } satisfies Job,
    /** The silence alarm's check: every second while a recording runs, the room is live or the alarm is raised. */
    silenceJob: periodicJob({
      name: 'silence alarm',
      everyMs: 1000,
      active: () => isRecording(d.room.state) || d.room.state.living || d.room.state.audioAlarm,
      run: checkSilence,
    }),
  };
}
export type MonitorService = ReturnType<typeof monitorService>;
