import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { formatInZone, zoneOffsetMinutes } from '../../../src/services/schedule/schedule-time.js';
import { probeSeconds, sleep } from '../fault-helpers.js';
import { api, distBuilt, freePort, login, startService, waitUp, type Service } from './service-process.js';

type Row = { id: number; state: string; note: string; schedule_id: number | null };

// Fault: kill -9 of the real service inside a schedule's window (the scheduler's own restart logic is covered with fakes in schedule-scheduler.test.ts).
describe.skipIf(!distBuilt())('fault: kill -9 of the service inside a scheduled recording window', () => {
  let dataDir = '';
  let service: Service | undefined;
  afterAll(async () => {
    service?.proc.kill('SIGTERM');
    await service?.exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Must hold: the killed part is recovered and playable, the schedule resumes recording for the rest of its window at once after the restart, status says so, and it stops at the window's end.
  it('the killed part is recovered, recording resumes for the rest of the window and stops on time', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'roomcast-kill9-schedule-'));
    const port = await freePort();
    service = startService(dataDir, port);
    await waitUp(port, service);
    let session = await login(port);
    await api(port, 'writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, session);

    const off = zoneOffsetMinutes('UTC+08:00'); // the default device zone
    const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    const stop = start + 16_000;
    const added = await api(
      port,
      'schedule',
      { operation: 'add', data: { name: 'Fault', cycle: 'once', start: formatInZone(start, off), stop: formatInZone(stop, off) } },
      session,
    );
    expect(added.result).toBe(true);
    const scheduleId = added.data[0].id as number;
    const scheduled = async () => (await api(port, 'status', {}, session)).data as Record<string, string>;
    for (let i = 0; i < 50 && (await scheduled()).isschedulerecording !== 'true'; i++) await sleep(200);
    expect(await scheduled()).toMatchObject({ isrecording: 'true', isschedulerecording: 'true', recordingscheduleid: String(scheduleId) });
    await sleep(3000);
    service.proc.kill('SIGKILL');
    await service.exited;

    const restarted = Date.now();
    service = startService(dataDir, port);
    await waitUp(port, service);
    session = await login(port);
    let status = await scheduled();
    for (let i = 0; i < 25 && status.isrecording !== 'true'; i++, status = await scheduled()) await sleep(200);
    const resumedAfterS = (Date.now() - restarted) / 1000;
    expect(status, `resumed ${resumedAfterS.toFixed(1)} s after the restart`).toMatchObject({
      isrecording: 'true',
      isschedulerecording: 'true',
      recordingscheduleid: String(scheduleId),
    });
    expect(stop - Date.now()).toBeGreaterThan(3000); // the rest of the window is still to come

    for (let i = 0; i < 150 && (await scheduled()).isrecording === 'true'; i++) await sleep(200);
    const stoppedLateS = (Date.now() - stop) / 1000;
    expect(stoppedLateS).toBeLessThan(3);
    // Stopping finalizes the files: the command counts as pending until they are written.
    for (let i = 0; i < 50 && (await scheduled()).isrecordpending === 'true'; i++) await sleep(200);
    expect(await scheduled()).toMatchObject({ isrecording: 'false', isrecordpending: 'false', isschedulerecording: 'false' });

    const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
    const recs = db.prepare('SELECT id, state, note, schedule_id FROM recordings ORDER BY id').all() as Row[];
    const hd = (id: number) =>
      (
        db.prepare('SELECT filepath FROM recording_files WHERE recording_id = ? AND channel = 10').get(id) as
          | { filepath: string }
          | undefined
      )?.filepath;
    const files = recs.map((r) => hd(r.id));
    db.close();
    expect(recs).toEqual([
      { id: recs[0]!.id, state: 'done', note: 'recovered after an unexpected stop', schedule_id: scheduleId },
      { id: recs[1]!.id, state: 'done', note: expect.any(String), schedule_id: scheduleId },
    ]);
    const [killedS, restS] = [await probeSeconds(files[0]!), await probeSeconds(files[1]!)];
    expect(killedS).toBeGreaterThan(1.5);
    expect(restS).toBeGreaterThan(3);
    const log = await api(port, 'getopelog', { pagesize: '50', pageindex: '0' }, session);
    expect((log.data.list as { description: string }[]).some((r) => /resumed after a restart/.test(r.description))).toBe(true);
    console.log(
      `schedule window: killed part ${killedS.toFixed(2)} s recovered; resumed ${resumedAfterS.toFixed(1)} s after the restart; rest ${restS.toFixed(2)} s; stopped ${stoppedLateS.toFixed(2)} s after the window end`,
    );
  }, 90_000);
});
