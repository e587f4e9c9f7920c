import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/open.js';
import { createRepositories } from '../src/db/repositories/index.js';
import { createRoom } from '../src/services/room/index.js';
import { recordingScheduleJob } from '../src/services/schedule/schedule-runner.js';
import { scheduleService, type ScheduleInput } from '../src/services/schedule/schedule-service.js';
import { formatInZone, instantOf, zoneOffsetMinutes } from '../src/services/schedule/schedule-time.js';
import { createScheduler } from '../src/services/core/scheduler.js';
import { fakeRecorder, fakeTime } from './schedule-fakes.js';

const OFF = zoneOffsetMinutes('UTC+08:00');
/** Device-local text → instant. */
const at = (local: string) => instantOf(local, OFF)!;
const local = (ms: number) => formatInZone(ms, OFF);

/** One "process": scheduler + recording job + fake recorder over a database that survives restarts. */
function boot(db: Db, now: number) {
  const repos = createRepositories(db);
  const time = fakeTime(now);
  const room = createRoom();
  const recorder = fakeRecorder(room, time.clock);
  const oplog: string[] = [];
  const errors: string[] = [];
  // Long idle sleeps keep fake days cheap; the 30 s default guards against wall-clock jumps, not tested here.
  const scheduler = createScheduler({ clock: time.clock, timers: time.timers, log: (l) => errors.push(l), maxSleepMs: 3600_000 });
  scheduler.add(recordingScheduleJob({ repos, recorder, room, zoneOffset: () => OFF, oplog: (l) => oplog.push(l) }));
  const schedules = scheduleService({ repos, clock: time.clock, zoneOffset: () => OFF, changed: () => void scheduler.wake() });
  const add = async (s: Partial<ScheduleInput>) => {
    const v = schedules.add({
      name: 'Lesson',
      start: '',
      stop: '',
      cycle: 'once',
      weekdays: 0,
      months: 0,
      monthdays: 0,
      enable: true,
      ...s,
    });
    await time.flush();
    return v.id;
  };
  const log = () => recorder.calls.map((c) => `${c.op} ${local(c.at)}`);
  return { time, room, recorder, oplog, errors, scheduler, schedules, add, log };
}

describe('the scheduler with a fake clock and a fake recorder', () => {
  it('starts at the start and stops at the end; status fields come from the engine state', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 08:59:00'));
    await p.scheduler.start();
    const id = await p.add({ start: '2026-03-02 09:00', stop: '2026-03-02 10:00' });
    await p.time.advanceTo(at('2026-03-02 08:59:59'));
    expect(p.recorder.calls).toEqual([]);
    await p.time.advanceTo(at('2026-03-02 09:00:00'));
    expect(p.recorder.calls[0]).toMatchObject({ op: 'start', at: at('2026-03-02 09:00:00'), schedule: id });
    expect(p.room.state.schedule).toEqual({ id, stopTime: at('2026-03-02 10:00:00') });
    await p.time.advanceTo(at('2026-03-02 11:00:00'));
    expect(p.log()).toEqual(['start 2026-03-02 09:00:00', 'stop 2026-03-02 10:00:00']);
    expect(p.room.state.schedule).toBeUndefined();
    expect(p.schedules.list()[0]!.schedules).toEqual([{ start: '2026-03-02 09:00:00', end: '2026-03-02 10:00:00', done: true }]);
    expect(p.errors).toEqual([]);
  });

  it('a day schedule across midnight runs every night', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 12:00:00'));
    await p.scheduler.start();
    await p.add({ cycle: 'day', start: '2026-03-02 23:30', stop: '2026-03-05 00:30' });
    await p.time.advanceTo(at('2026-03-06 00:00:00'));
    expect(p.log()).toEqual([
      'start 2026-03-02 23:30:00',
      'stop 2026-03-03 00:30:00',
      'start 2026-03-03 23:30:00',
      'stop 2026-03-04 00:30:00',
      'start 2026-03-04 23:30:00',
      'stop 2026-03-05 00:30:00',
    ]);
  });

  it('a manual stop ends that occurrence only; the next one runs', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 08:00:00'));
    await p.scheduler.start();
    const id = await p.add({ cycle: 'day', start: '2026-03-02 09:00', stop: '2026-03-10 10:00' });
    await p.time.advanceTo(at('2026-03-02 09:30:00'));
    await p.recorder.stop('stopped'); // recordctl stop
    await p.time.advanceTo(at('2026-03-03 09:10:00'));
    expect(p.log()).toEqual(['start 2026-03-02 09:00:00', 'stop 2026-03-02 09:30:00', 'start 2026-03-03 09:00:00']);
    expect(p.schedules.list()[0]).toMatchObject({ id, enable: true });
  });

  it('a restart inside a window resumes for the rest of it, but not after a manual stop', async () => {
    const db = openDatabase(':memory:');
    const first = boot(db, at('2026-03-02 08:00:00'));
    await first.scheduler.start();
    await first.add({ cycle: 'day', start: '2026-03-02 09:00', stop: '2026-03-10 10:00' });
    await first.time.advanceTo(at('2026-03-02 09:20:00'));
    await first.scheduler.stop(); // the process dies mid-recording

    const second = boot(db, at('2026-03-02 09:25:00'));
    await second.scheduler.start();
    await second.time.advanceTo(at('2026-03-02 10:30:00'));
    expect(second.log()).toEqual(['start 2026-03-02 09:25:00', 'stop 2026-03-02 10:00:00']);
    expect(second.oplog.some((l) => l.includes('resumed after a restart'))).toBe(true);

    await second.time.advanceTo(at('2026-03-03 09:10:00'));
    await second.recorder.stop('stopped');
    await second.time.advanceTo(at('2026-03-03 09:20:00'));
    await second.scheduler.stop();
    const third = boot(db, at('2026-03-03 09:30:00'));
    await third.scheduler.start();
    await third.time.advanceTo(at('2026-03-03 10:30:00'));
    expect(third.recorder.calls).toEqual([]);
  });

  it('a running manual recording makes the occurrence skip, with an operation-log row', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 08:00:00'));
    await p.scheduler.start();
    await p.add({ cycle: 'day', start: '2026-03-02 09:00', stop: '2026-03-10 10:00' });
    await p.recorder.start(undefined, null); // recordctl start
    await p.time.advanceTo(at('2026-03-02 10:30:00'));
    expect(p.log()).toEqual(['start 2026-03-02 08:00:00']); // nothing started, the manual one not stopped
    expect(p.oplog).toEqual([expect.stringMatching(/2026-03-02 09:00:00 was skipped: a recording is already running/)]);
    await p.recorder.stop();
    await p.time.advanceTo(at('2026-03-03 09:00:00'));
    expect(p.log().at(-1)).toBe('start 2026-03-03 09:00:00');
  });

  it('disabled schedules do not run; disabling a running one stops it', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 08:00:00'));
    await p.scheduler.start();
    await p.add({ name: 'off', enable: false, start: '2026-03-02 09:00', stop: '2026-03-02 10:00' });
    const id = await p.add({ cycle: 'day', start: '2026-03-02 11:00', stop: '2026-03-03 12:00' });
    await p.time.advanceTo(at('2026-03-02 11:15:00'));
    p.schedules.update({
      id,
      name: 'Lesson',
      cycle: 'day',
      start: '2026-03-02 11:00',
      stop: '2026-03-03 12:00',
      weekdays: 0,
      months: 0,
      monthdays: 0,
      enable: false,
    });
    await p.time.flush();
    await p.time.advanceTo(at('2026-03-04 00:00:00'));
    expect(p.log()).toEqual(['start 2026-03-02 11:00:00', 'stop 2026-03-02 11:15:00']);
  });

  it('a schedule added inside its window starts at once', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 09:30:00'));
    await p.scheduler.start();
    await p.add({ start: '2026-03-02 09:00', stop: '2026-03-02 10:00' });
    expect(p.log()).toEqual(['start 2026-03-02 09:30:00']);
  });
});
