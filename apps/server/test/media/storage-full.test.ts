import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitFor, waitRecorded } from '../wait.js';
import { describeAsRoot } from '../as-root.js';

// A 12 MB tmpfs as the recording storage (root only: the appliance and CI run as root).
describeAsRoot('storage full during recording', async () => {
  const mount = mkdtempSync(join(tmpdir(), 'roomcast-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12m', 'tmpfs', mount]);
  afterAll(() => {
    execFileSync('umount', ['-l', mount]);
    rmSync(mount, { recursive: true, force: true });
  });
  const t = await makeApp({ env: { MIN_FREE_MB: '2' } });
  const admin = await t.login();
  await t.post(
    'writeconfig',
    {
      settingcode: 'setting_rec_video_codec',
      data: [
        { key: 'main_quality', value: '270' },
        { key: 'main_bitrate', value: '4000' },
      ],
    },
    admin,
  );
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'savepath', value: mount }] }, admin);

  it('refuses to start below the floor, and stops cleanly keeping what was written when the disk fills', async () => {
    writeFileSync(join(mount, 'filler'), Buffer.alloc(11 * 1024 * 1024));
    const refused = await t.post('recordctl', { control: 'start' }, admin);
    expect(refused.body).toEqual({ result: false, message: 'Not enough free space on the recording storage.' });
    rmSync(join(mount, 'filler'));
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 3);
    // Something fills the disk while recording: the recording must stop by itself and stay playable.
    try {
      writeFileSync(join(mount, 'filler'), Buffer.alloc(12 * 1024 * 1024));
    } catch {
      /* ENOSPC: the disk is full, as intended */
    }
    const busy = async () => {
      const st = (await t.post('status', {}, admin)).body.data;
      return st.isrecording === 'true' || st.isrecordpending === 'true';
    };
    await waitFor(async () => !(await busy()), {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: 'the recording to stop by itself on the full disk',
    });
    expect((await t.post('status', {}, admin)).body.data).toMatchObject({ isrecording: 'false', isrecordpending: 'false' });
    const recs = t.internals.repos.recordings.inState('done');
    expect(recs).toHaveLength(1);
    expect(recs[0]!.note).toBe('storage full');
    expect(t.internals.repos.recordings.files(recs[0]!.id).length).toBeGreaterThan(0);
  }, 40_000);
});
