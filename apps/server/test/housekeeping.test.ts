import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { typedSetting } from '@roomcast/contract';
import { describe, expect, it } from 'vitest';
import { Fail } from '../src/services/core/fail.js';
import { createScheduler } from '../src/services/core/scheduler.js';
import { housekeepingJob, nextTimeOfDay } from '../src/services/recording/housekeeping-job.js';
import { instantOf, zoneOffsetMinutes } from '../src/services/schedule/schedule-time.js';
import { fakeClock, makeApp, settingBody, type TestApp } from './helpers.js';
import { seeder } from './recording-fixtures.js';
import { fakeTime } from './schedule-fakes.js';

const OFF = zoneOffsetMinutes('UTC+08:00');
const at = (local: string) => instantOf(local, OFF)!;
const GB = 1024 ** 3;

const CLEAR_OFF = { enable: 'false', exectime: '02:00:00', freesize: '50' };
const RETENTION_OFF = { retentionenable: 'false', retentiondays: '30', retentionexectime: '03:00:00' };

/** The app's removal path and repositories, driven by a housekeeping job on a scheduler with a fake clock. */
function harness(
  t: TestApp,
  start: number,
  settings: Record<string, string>,
  freeBytes: () => Promise<number | undefined> = async () => 0,
) {
  const time = fakeTime(start);
  const errors: string[] = [];
  const scheduler = createScheduler({ clock: time.clock, timers: time.timers, log: (l) => errors.push(l), maxSleepMs: 3600_000 });
  const removed: number[] = [];
  scheduler.add(
    housekeepingJob({
      settings: () => typedSetting('setting_check_storage', settings),
      zoneOffset: () => OFF,
      candidates: (before) => t.internals.repos.recordings.oldestUnshared(before),
      remove: (id) => {
        const what = t.areas.recording.recordingFiles.removeRecordingBySystem(id);
        removed.push(id);
        return what;
      },
      freeBytes,
      oplog: t.internals.oplog.system,
      log: () => {},
    }),
  );
  return { time, scheduler, removed, errors };
}

const exists = (t: TestApp, id: number) => t.internals.repos.recordings.find(id) !== undefined;
const oplogRows = (t: TestApp, word: string) =>
  t.internals.repos.oplog
    .page(1000, 0)
    .filter((r) => r.description.startsWith(word))
    .map((r) => ({ usercode: r.usercode, description: r.description }));

describe('storage housekeeping (auto clear, retention) as one scheduler job', async () => {
  // The app's own clock stands still, so the app's own housekeeping job never reaches a time of day here.
  const t = await makeApp({ clock: fakeClock(at('2026-11-23 16:00:00')) });
  const seed = seeder(t);
  const shared = seed.album('Published', true);
  const hidden = seed.album('Private', false);
  const rec = (name: string, starttime: string, extra: { album?: number; state?: 'recording' | 'done' } = {}) =>
    seed.recording({ usercode: 'admin', title: name, name, starttime, files: [{ file: `${name}.mp4`, channel: 10 }], ...extra });

  it('plans times of day in the device zone', () => {
    expect(nextTimeOfDay(at('2026-11-23 02:59:59'), 3 * 3600, OFF)).toBe(at('2026-11-23 03:00:00'));
    expect(nextTimeOfDay(at('2026-11-23 03:00:00'), 3 * 3600, OFF)).toBe(at('2026-11-23 03:00:00'));
    expect(nextTimeOfDay(at('2026-11-23 03:00:01'), 3 * 3600, OFF)).toBe(at('2026-11-24 03:00:00'));
  });

  it('retention deletes only recordings older than the days, at the set time, and never protected ones', async () => {
    const old1 = rec('ret-old-1', '2026-10-01 09:00:00');
    const old2 = rec('ret-old-2', '2026-10-20 09:00:00', { album: hidden });
    const recent = rec('ret-recent', '2026-11-10 09:00:00');
    const inShared = rec('ret-shared', '2026-09-01 09:00:00', { album: shared });
    const recording = rec('ret-recording', '2026-10-02 09:00:00', { state: 'recording' });
    const guarded = rec('ret-guarded', '2026-10-03 09:00:00');
    // What the later upload queue will do: a recording still being uploaded is refused.
    t.areas.recording.recordingFiles.addRemovalGuard((r) => (r.id === guarded ? Fail.of('recordingInUse', r.id) : undefined));

    const h = harness(t, at('2026-11-23 02:00:00'), {
      ...CLEAR_OFF,
      retentionenable: 'true',
      retentiondays: '30',
      retentionexectime: '03:00:00',
    });
    await h.scheduler.start();
    await h.time.advanceTo(at('2026-11-23 02:59:59'));
    expect(h.removed).toEqual([]);

    await h.time.advanceTo(at('2026-11-23 03:00:00'));
    expect(h.removed).toEqual([old1, old2]);
    expect([old1, old2].map((id) => exists(t, id))).toEqual([false, false]);
    expect(existsSync(join(t.dataDir, 'media', 'recordings', 'ret-old-1'))).toBe(false);
    for (const id of [recent, inShared, recording, guarded]) expect(exists(t, id)).toBe(true);
    expect(existsSync(join(t.dataDir, 'media', 'recordings', 'ret-shared', 'ret-shared.mp4'))).toBe(true);
    expect(oplogRows(t, 'retention')).toEqual([
      { usercode: 'system', description: `retention (older than 30 days): deleted recording ${old2} "ret-old-2"` },
      { usercode: 'system', description: `retention (older than 30 days): deleted recording ${old1} "ret-old-1"` },
    ]);

    // Once a day: nothing more until the next day's time, when "recent" is still younger than 30 days.
    await h.time.advanceTo(at('2026-11-24 03:00:00'));
    expect(h.removed).toEqual([old1, old2]);
    await h.scheduler.stop();
    for (const id of [recent, inShared, recording, guarded]) t.internals.repos.recordings.remove(id);
  });

  it('auto clear deletes the oldest first until the free space is enough, skipping protected ones', async () => {
    const newest = rec('clr-newest', '2026-11-20 09:00:00');
    const second = rec('clr-second', '2026-11-02 09:00:00');
    const oldest = rec('clr-oldest', '2026-11-01 09:00:00');
    const third = rec('clr-third', '2026-11-03 09:00:00');
    const sharedOld = rec('clr-shared', '2026-10-01 09:00:00', { album: shared });
    const recordingOld = rec('clr-recording', '2026-10-02 09:00:00', { state: 'recording' });

    // 4 GB free; each deleted recording frees 3 GB: keeping 10 GB takes two deletions.
    let free = 4 * GB;
    const h = harness(
      t,
      at('2026-11-23 01:00:00'),
      { ...RETENTION_OFF, enable: 'true', exectime: '02:00:00', freesize: '10' },
      async () => free,
    );
    const remove = t.areas.recording.recordingFiles.removeRecordingBySystem;
    t.areas.recording.recordingFiles.removeRecordingBySystem = (id) => {
      const what = remove(id);
      free += 3 * GB;
      return what;
    };
    try {
      await h.scheduler.start();
      await h.time.advanceTo(at('2026-11-23 01:59:59'));
      expect(h.removed).toEqual([]);
      await h.time.advanceTo(at('2026-11-23 02:00:00'));
      expect(h.removed).toEqual([oldest, second]);
      for (const id of [third, newest, sharedOld, recordingOld]) expect(exists(t, id)).toBe(true);
      expect(oplogRows(t, 'auto clear')).toEqual([
        { usercode: 'system', description: `auto clear (free 7.00 GB, keep 10 GB): deleted recording ${second} "clr-second"` },
        { usercode: 'system', description: `auto clear (free 4.00 GB, keep 10 GB): deleted recording ${oldest} "clr-oldest"` },
      ]);

      // The next day the space is short again and only protected recordings and two others are left:
      // the others go, and a row says the space is still short.
      free = 1 * GB;
      await h.time.advanceTo(at('2026-11-24 02:00:00'));
      expect(h.removed).toEqual([oldest, second, third, newest]);
      for (const id of [sharedOld, recordingOld]) expect(exists(t, id)).toBe(true);
      expect(oplogRows(t, 'auto clear')[0]!.description).toBe(
        'auto clear: free space 7.00 GB is still below 10 GB; no other recording may be deleted',
      );
    } finally {
      t.areas.recording.recordingFiles.removeRecordingBySystem = remove;
      await h.scheduler.stop();
      for (const id of [sharedOld, recordingOld]) t.internals.repos.recordings.remove(id);
    }
  });

  it('does nothing while both are off, and when the free space is enough', async () => {
    const keep = rec('idle-old', '2020-01-01 09:00:00');
    const off = harness(t, at('2026-11-23 01:00:00'), { ...CLEAR_OFF, ...RETENTION_OFF });
    await off.scheduler.start();
    await off.time.advanceTo(at('2026-11-25 04:00:00'));
    await off.scheduler.stop();
    const enough = harness(
      t,
      at('2026-11-23 01:00:00'),
      { ...RETENTION_OFF, enable: 'true', exectime: '02:00:00', freesize: '10' },
      async () => 11 * GB,
    );
    await enough.scheduler.start();
    await enough.time.advanceTo(at('2026-11-23 03:00:00'));
    await enough.scheduler.stop();
    expect([...off.removed, ...enough.removed]).toEqual([]);
    expect(exists(t, keep)).toBe(true);
    t.internals.repos.recordings.remove(keep);
  });
});

describe('the service runs housekeeping on its one scheduler with the saved settings', async () => {
  const clock = fakeClock(at('2026-11-23 02:00:00'));
  const t = await makeApp({ clock });
  const seed = seeder(t);
  const admin = await t.login();

  it('retention set with setsetting deletes at the set device time', async () => {
    expect(zoneOffsetMinutes(t.internals.settings.raw('setting_datetime').zone)).toBe(OFF);
    const old = seed.recording({ usercode: 'admin', title: 'old', name: 'svc-old', starttime: '2026-09-01 09:00:00' });
    const recent = seed.recording({ usercode: 'admin', title: 'recent', name: 'svc-recent', starttime: '2026-11-20 09:00:00' });
    const saved = await t.post(
      'setsetting',
      settingBody('setting_check_storage', { retentionenable: 'true', retentiondays: '30', retentionexectime: '02:30:00' }),
      admin,
    );
    expect(saved.body.result).toBe(true);
    await t.internals.scheduler.wake(); // plans the job with the new settings
    clock.advance(29 * 60_000);
    await t.internals.scheduler.wake();
    expect(exists(t, old)).toBe(true);
    clock.advance(60_000);
    await t.internals.scheduler.wake();
    expect(exists(t, old)).toBe(false);
    expect(exists(t, recent)).toBe(true);
    const log = await t.post('getopelog', { pagesize: '10', pageindex: '0' }, admin);
    expect(JSON.stringify(log.body.data)).toContain(`retention (older than 30 days): deleted recording ${old} \\"old\\"`);
  });
});
