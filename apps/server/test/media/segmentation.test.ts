import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitRecorded } from '../wait.js';

const run = promisify(execFile);

describe('segmentation (test limit of 3 s per part)', async () => {
  const t = await makeApp({ env: { PART_LIMIT_SECONDS: '3' } });
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_rec_video_codec: { main_quality: '270' },
    setting_advance_media_save: { movie_low_enable: 'false', fileprefix: 'room1_' },
  });

  it('splits one recording into several playable files', async () => {
    await t.post('recordctl', { control: 'start' }, admin);
    // 7.5 s of picture over all its parts (the part limit is 3 s).
    await waitRecorded(t, 7.5);
    await t.post('recordctl', { control: 'stop' }, admin);
    const [rec] = t.internals.repos.recordings.inState('done');
    const files = t.internals.repos.recordings.files(rec!.id);
    expect(files.every((f) => f.channel === 10)).toBe(true);
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files[0]!.filepath).toMatch(/\/room1_\d{8}-\d{6}_HD\.mp4$/);
    expect(files[1]!.filepath).toMatch(/_HD_2\.mp4$/);
    let total = 0;
    for (const f of files) {
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', f.filepath]);
      // Every part plays (the last one may be short: the stop can come just after a part began).
      expect(Number(stdout)).toBeGreaterThan(0);
      total += Number(stdout);
    }
    expect(total).toBeGreaterThan(6);
  }, 40_000);
});
