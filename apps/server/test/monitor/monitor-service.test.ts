import { describe, expect, it } from 'vitest';
import { PicturePreview, PREVIEW_EVERY_MS } from '../../src/media/preview.js';
import type { TsFanout } from '../../src/media/ts-fanout.js';
import { createRoom, logRoomChanges } from '../../src/services/room/index.js';
import { MONITOR_LINGER_MS, monitorService } from '../../src/services/system/monitor/monitor-service.js';
import { engineDemand } from '../../src/services/room/engine-demand.js';

function fixture(silenceAlarmMs = 30_000) {
  const room = createRoom();
  /** Brings the room's recording to `to` through the room's own commands. */
  const record = (to: 'recording' | 'paused' | 'idle') => {
    if (to === 'recording' && room.state.recording === 'idle') {
      void room.apply({ type: 'record.starting' });
      void room.apply({ type: 'record.started', at: 0 });
    } else if (to === 'recording') void room.apply({ type: 'record.resume', at: 0 });
    else if (to === 'paused') void room.apply({ type: 'record.pause', at: 0 });
    else void room.apply({ type: 'record.stop' });
  };
  let peak = Number.NEGATIVE_INFINITY;
  // The alarm's operation-log rows come from the room's changes, as in the service.
  const logged: string[] = [];
  logRoomChanges(room, (d) => void logged.push(d));
  let now = 0;
  let wakes = 0;
  const monitor = monitorService({
    room,
    silenceAlarmMs: () => silenceAlarmMs,
    clock: { now: () => now },
    wake: () => void wakes++,
    media: {
      running: () => room.state.recording !== 'idle',
      levels: () => ({ inputs: [{ id: 'macin1', peak, rms: peak - 3 }], program: undefined }),
      loudestInputPeak: () => peak,
      clippedAgo: () => undefined,
      subscribe: () => () => {},
      preview: async () => undefined,
    },
  });
  const job = monitor.silenceJob;
  /** Runs the job at `now` as the scheduler would (asks when, runs when due). */
  const tick = async (now: number) => {
    const due = job.next(now);
    if (due !== undefined && due <= now) await job.run(now);
  };
  return {
    room,
    record,
    monitor,
    job,
    logged,
    tick,
    setPeak: (v: number) => (peak = v),
    setNow: (v: number) => (now = v),
    wakes: () => wakes,
  };
}

describe('silence alarm', () => {
  it('is raised after 30 s below −50 dBFS while recording, logged once, and cleared when sound returns', async () => {
    const f = fixture();
    expect(f.job.next(0)).toBeUndefined(); // idle: nothing planned
    f.record('recording');
    f.setPeak(-60);
    // The first check is a second after the job became active (at 1 s): silent from 2 s on.
    for (let s = 1; s <= 31; s++) await f.tick(s * 1000);
    expect(f.room.state.audioAlarm).toBe(false);
    await f.tick(32_000);
    expect(f.room.state.audioAlarm).toBe(true);
    for (let s = 33; s <= 40; s++) await f.tick(s * 1000);
    expect(f.logged).toEqual(['No sound for 30 s: check the microphones']);
    f.setPeak(-30);
    await f.tick(41_000);
    expect(f.room.state.audioAlarm).toBe(false);
    expect(f.logged).toEqual(['No sound for 30 s: check the microphones', 'Sound is back: the silence alarm is cleared']);
  });

  it('counts again after a sound, holds while paused, and clears when the recording ends', async () => {
    const f = fixture(3000);
    f.record('recording');
    f.setPeak(-70);
    await f.tick(1000);
    await f.tick(2000);
    f.setPeak(-49.9); // just above the threshold: the count starts again
    await f.tick(3000);
    f.setPeak(-70);
    for (const at of [4000, 5000, 6000]) await f.tick(at);
    expect(f.room.state.audioAlarm).toBe(false);
    await f.tick(7000);
    expect(f.room.state.audioAlarm).toBe(true);
    f.record('paused');
    for (const at of [8000, 9000, 10_000, 11_000, 12_000]) await f.tick(at);
    expect(f.room.state.audioAlarm).toBe(true);
    f.record('idle');
    expect(f.job.next(13_000)).toBeDefined(); // still planned until the raised alarm is cleared
    await f.tick(13_000);
    expect(f.room.state.audioAlarm).toBe(false);
    expect(f.logged.at(-1)).toBe('The silence alarm is cleared: the recording ended');
    expect(f.job.next(14_000)).toBeUndefined();
  });

  it('watches the live room too: silence while live raises it, also while the recording is paused', async () => {
    const f = fixture(3000);
    void f.room.apply({ type: 'live.start', at: 0 });
    f.setPeak(-70);
    // The first check is a second after the job became active (at 1 s): silent from 2 s on.
    for (const at of [1000, 2000, 3000, 4000, 5000]) await f.tick(at);
    expect(f.room.state.audioAlarm).toBe(true);
    expect(f.monitor.silentFor(5000)).toBe(3000);
    f.record('recording');
    f.record('paused');
    // Paused, but the room is still live: the sound is still used, the alarm stays and the count goes on.
    await f.tick(6000);
    expect(f.room.state.audioAlarm).toBe(true);
    expect(f.monitor.silentFor(6000)).toBe(4000);
    f.record('idle');
    void f.room.apply({ type: 'live.stop' });
    await f.tick(7000);
    expect(f.room.state.audioAlarm).toBe(false);
    expect(f.monitor.silentFor(7000)).toBe(0);
  });

  it('turns −∞ into null and rounds to 0.1 dB for the stream', () => {
    const f = fixture();
    expect(f.monitor.levels()).toEqual({ running: false, inputs: [], program: null });
    f.record('recording');
    f.setPeak(-18.0636);
    expect(f.monitor.levels()).toEqual({ running: true, inputs: [{ id: 'macin1', peak: -18.1, rms: -21.1 }], program: null });
    f.setPeak(Number.NEGATIVE_INFINITY);
    expect(f.monitor.levels().inputs[0]).toEqual({ id: 'macin1', peak: null, rms: null });
  });
});

describe('preview picture', () => {
  it('takes at most one picture a second however many ask, and none while the encoder is stopped', async () => {
    let now = 0;
    let running = true;
    let grabs = 0;
    const preview = new PicturePreview(
      {} as TsFanout,
      () => running,
      () => now,
      async () => Buffer.from([0xff, 0xd8, ++grabs]),
    );
    const asked = await Promise.all([preview.get(), preview.get(), preview.get()]);
    expect(grabs).toBe(1);
    expect(asked.every((b) => b?.[2] === 1)).toBe(true);
    now += PREVIEW_EVERY_MS - 1;
    expect((await preview.get())?.[2]).toBe(1);
    expect(grabs).toBe(1);
    now += 1;
    // Stale: the cached picture is answered at once while a newer one is taken.
    expect((await preview.get())?.[2]).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(grabs).toBe(2);
    expect((await preview.get())?.[2]).toBe(2);
    running = false;
    expect(await preview.get()).toBeUndefined();
    expect(grabs).toBe(2);
  });
});

describe('the encode for the levels while idle (a stream opened with encode)', () => {
  it('runs while such a stream is open and until MONITOR_LINGER_MS after the last closed; plain streams only read', async () => {
    const f = fixture();
    const linger = f.monitor.lingerJob;
    // A plain stream (the workbench before the operator starts the monitor): nothing is asked of the engine.
    const plain = f.monitor.watch(() => {});
    expect(engineDemand(f.room.state).composite).toBe(false);
    const first = f.monitor.watch(() => {}, { encode: true });
    const second = f.monitor.watch(() => {}, { encode: true });
    await Promise.resolve();
    expect(f.room.state.monitoring).toBe(true);
    expect(engineDemand(f.room.state)).toMatchObject({ composite: true, iso: false, sd: false });
    first();
    expect(linger.next(0)).toBeUndefined();
    f.setNow(1_000);
    second();
    expect(f.wakes()).toBe(1);
    expect(linger.next(1_000)).toBe(1_000 + MONITOR_LINGER_MS);
    // Opened again within the linger (a page reload): the encode goes on, nothing is due.
    const again = f.monitor.watch(() => {}, { encode: true });
    expect(linger.next(2_000)).toBeUndefined();
    f.setNow(3_000);
    again();
    await linger.run(3_000 + MONITOR_LINGER_MS - 1);
    expect(f.room.state.monitoring).toBe(true);
    await linger.run(3_000 + MONITOR_LINGER_MS);
    await Promise.resolve();
    expect(f.room.state.monitoring).toBe(false);
    expect(engineDemand(f.room.state).composite).toBe(false);
    expect(linger.next(3_000 + MONITOR_LINGER_MS)).toBeUndefined();
    plain();
  });
});
