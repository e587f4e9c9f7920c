import type { Room } from '../src/services/room/index.js';
import type { Clock, Timers } from '../src/services/core/clock.js';
import type { ScheduleRecorder } from '../src/services/schedule/schedule-runner.js';

/** A clock and timers that only move when the test says so; due timers fire in time order. */
export function fakeTime(start: number) {
  let t = start;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = { now: () => t };
  const timers: Timers = {
    set: (fn, ms) => {
      pending.set(++seq, { at: t + Math.max(0, ms), fn });
      return seq;
    },
    clear: (h) => void pending.delete(h as number),
  };
  /** Lets the promise chains started by a timer (scheduler → job → recorder) settle. */
  const flush = async () => {
    // Microtasks only (no I/O in these fakes), so two turns of the event loop are enough.
    for (let i = 0; i < 2; i++) await new Promise<void>((r) => setImmediate(r));
  };
  async function advanceTo(target: number): Promise<void> {
    for (;;) {
      let due: [number, { at: number; fn: () => void }] | undefined;
      for (const e of pending) if (e[1].at <= target && (!due || e[1].at < due[1].at)) due = e;
      if (!due) break;
      pending.delete(due[0]);
      t = Math.max(t, due[1].at);
      due[1].fn();
      await flush();
    }
    t = Math.max(t, target);
    await flush();
  }
  return { clock, timers, flush, advanceTo, advance: (ms: number) => advanceTo(t + ms) };
}

/** recordctl as far as schedules see it (its commands to the room included), without ffmpeg. */
export function fakeRecorder(room: Room, clock: Clock) {
  let nextId = 1;
  let current: number | undefined;
  const calls: { op: 'start' | 'stop'; at: number; id: number; schedule?: number | null; reason?: string }[] = [];
  const recorder = {
    calls,
    get currentRecordingId() {
      return current;
    },
    async start(_who: unknown, scheduleId: number | null = null): Promise<number> {
      await room.apply({ type: 'record.starting' });
      await room.apply({ type: 'record.started', at: clock.now() });
      current = nextId++;
      calls.push({ op: 'start', at: clock.now(), id: current, schedule: scheduleId });
      return current;
    },
    async stop(reason = 'stopped'): Promise<void> {
      if (current === undefined) throw new Error('Recording is not running.');
      calls.push({ op: 'stop', at: clock.now(), id: current, reason });
      current = undefined;
      await room.apply({ type: 'record.stop' });
    },
  } satisfies ScheduleRecorder & Record<string, unknown>;
  return recorder;
}
