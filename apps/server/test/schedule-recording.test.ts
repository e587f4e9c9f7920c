import { afterAll, describe, expect, it } from 'vitest';
import { formatInZone, zoneOffsetMinutes } from '../src/services/schedule/schedule-time.js';
import { makeApp } from './helpers.js';
import { waitFor } from './wait.js';

describe('a once schedule records for real (ffmpeg)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  await t.internals.scheduler.start(); // as main.ts does at boot
  afterAll(() => t.internals.scheduler.stop());

  it('starts on time, shows in status, stops on time and leaves a done recording', async () => {
    const off = zoneOffsetMinutes('UTC+08:00'); // the default device zone
    const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    const stop = start + 4000;
    const res = await t.post(
      'schedule',
      { operation: 'add', data: { name: 'Real', cycle: 'once', start: formatInZone(start, off), stop: formatInZone(stop, off) } },
      admin,
    );
    expect(res.body.result).toBe(true);
    const id = res.body.data[0].id as number;

    let status: Record<string, string> = {};
    await waitFor(
      async () => {
        status = (await t.post('status', {}, admin)).body.data;
        return status.isschedulerecording === 'true';
      },
      { timeoutMs: stop - 1000 - Date.now(), intervalMs: 200, what: 'the schedule to start recording' },
    );
    expect(status).toMatchObject({ isrecording: 'true', isschedulerecording: 'true', recordingscheduleid: String(id) });
    expect(status.recordingschedulestoptime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(t.internals.room.state.schedule).toEqual({ id, stopTime: stop });

    await waitFor(() => t.internals.repos.recordings.inState('done').length > 0, {
      timeoutMs: 20_000,
      intervalMs: 200,
      what: 'the schedule to stop and finish its recording',
    });
    const [rec] = t.internals.repos.recordings.inState('done');
    expect(rec).toMatchObject({ schedule_id: id, usercode: 'schedule' });
    expect(t.internals.repos.recordings.files(rec!.id).some((f) => f.channel === 10 && f.duration_ms > 1500)).toBe(true);
    expect((await t.post('status', {}, admin)).body.data).toMatchObject({
      isrecording: 'false',
      isschedulerecording: 'false',
      recordingscheduleid: '',
    });
    const [listed] = (await t.post('schedule', { operation: 'list' }, admin)).body.data;
    expect(listed.schedules).toEqual([{ start: formatInZone(start, off), end: formatInZone(stop, off), done: true }]);
  }, 30_000);
});
