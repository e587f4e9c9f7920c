import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';

const run = promisify(execFile);

describe('crash recovery when one recording cannot be finished', async () => {
  const t = await makeApp();
  const repos = t.internals.repos.recordings;
  const row = (name: string, dir: string) =>
    repos.insert({
      title: name,
      name,
      usercode: 'admin',
      useraccount: 'admin',
      source: '',
      dir,
      starttime: '2026-11-23 08:00:00',
      schedule_id: null,
    });

  // Must hold: the service still starts, the others are recovered, the broken one is marked failed with a reason.
  it('marks the broken one failed (operation log says so) and recovers the rest', async () => {
    const gone = row('gone', join(t.dataDir, 'media', 'recordings', 'deleted-by-hand'));
    const dir = join(t.dataDir, 'media', 'recordings', 'fine');
    mkdirSync(dir, { recursive: true });
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=15',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-f',
      'mpegts',
      join(dir, 'HD-p01-s0001.ts'),
    ]);
    const fine = row('fine', dir);

    await expect(t.internals.recording.recover()).resolves.toBe(2);
    expect(repos.find(gone)).toMatchObject({ state: 'failed', note: expect.stringMatching(/^could not be recovered: /) });
    expect(repos.find(fine)).toMatchObject({ state: 'done' });
    const [file] = repos.files(fine);
    expect(file!.filepath).toBe(join(dir, 'fine_HD.mp4'));
    expect(existsSync(file!.filepath)).toBe(true);
    const log = t.internals.repos.oplog.page(10, 0).map((r) => r.description);
    expect(log).toContain(`recording ${gone} could not be recovered after an unexpected stop; its folder is kept`);
    expect(log).toContain(`recording ${fine} recovered after an unexpected stop`);
  }, 30_000);
});
