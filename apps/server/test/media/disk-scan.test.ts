import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitFor, waitRecorded } from '../wait.js';

describe('disk scan', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  const scanned = async () => {
    await waitFor(async () => (await t.post('status', {}, admin)).body.data.hdd_scanning !== 'true', {
      timeoutMs: 5000,
      intervalMs: 100,
      what: 'the disk scan to finish',
    });
  };

  it('is refused while recording, and recording is refused while it scans', async () => {
    await t.post('recordctl', { control: 'start' }, admin);
    expect((await t.post('scanfiles', {}, admin)).body).toEqual({ result: false, message: 'Recording in progress, please stop recording' });
    await waitRecorded(t, 2.5);
    await t.post('recordctl', { control: 'stop' }, admin);
    void t.internals.room.apply({ type: 'scan.start' });
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.message).toMatch(/disk scan is running/);
    void t.internals.room.apply({ type: 'scan.end' });
  }, 30_000);

  it('adopts files it finds and marks missing ones', async () => {
    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const foreign = join(t.internals.mediaPath(), 'recordings', 'copied-from-usb');
    mkdirSync(foreign, { recursive: true });
    copyFileSync(hd.filepath, join(foreign, 'lecture_HD.mp4'));
    rmSync(t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 11)!.filepath);

    expect((await t.post('scanfiles', {}, admin)).body.result).toBe(true);
    await scanned();
    const adopted = t.internals.repos.recordings.findByDir(foreign)!;
    expect(adopted.state).toBe('done');
    const files = t.internals.repos.recordings.files(adopted.id);
    expect(files).toHaveLength(1);
    expect(files[0]!.duration_ms).toBeGreaterThan(1000);
    expect(t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 11)!.missing).toBe(1);
    const log = await t.post('getopelog', { pagesize: '5', pageindex: '0' }, admin);
    expect(log.body.data.list[0].description).toBe('disk scan finished: 1 file(s) adopted, 1 missing');
  }, 30_000);
});
