import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitFor } from '../wait.js';
import { listen } from './support/http.js';
import { makeOutside } from './support/outside.js';
import { getPath, mediaSigner, type ProbeContext } from './support/targets.js';

/**
 * Symbolic links placed in the recording storage (a USB disk can carry any) that lead outside it: the disk
 * scan does not adopt them, and nothing serves what they point to. (The media route's own refusal of such
 * links is in ../media-route.test.ts.)
 */
describe('symlinks in the storage that lead outside it', async () => {
  const outside = makeOutside();
  // A second outside folder that looks like a recording (media file names), for a linked folder.
  const lookalike = mkdtempSync(join(tmpdir(), 'roomcast-outside-rec-'));
  writeFileSync(join(lookalike, `x_HD.mp4`), `${outside.secret}\n`);
  afterAll(() => rmSync(lookalike, { recursive: true, force: true }));

  const t = await makeApp();
  const admin = await t.login();
  const ctx: ProbeContext = { t, admin, outside, port: await listen(t.app) };
  const storage = t.internals.mediaPath();
  const recDir = join(storage, 'recordings', '20260101-080000');
  mkdirSync(recDir, { recursive: true });
  symlinkSync(outside.secretFile, join(recDir, 'linked_HD.mp4'));
  symlinkSync('/etc/passwd', join(recDir, 'passwd_SD.mp4'));
  symlinkSync(lookalike, join(storage, 'recordings', '20260101-090000'));
  mkdirSync(join(t.dataDir, 'upload', 'album'), { recursive: true });
  symlinkSync(outside.secretFile, join(t.dataDir, 'upload', 'album', 'cover.jpg'));
  symlinkSync(outside.secretFile, join(t.dataDir, 'upload', 'logo.argb'));

  it('the disk scan adopts no link that leads outside the storage', async () => {
    expect((await t.post('scanfiles', {}, admin)).body.result).toBe(true);
    await waitFor(() => !t.internals.room.state.scanning, { timeoutMs: 5000, what: 'the disk scan to finish' });
    expect(t.internals.room.state.scanning).toBe(false);
    const realStorage = realpathSync(storage);
    const files = t.internals.repos.recordings.allFiles();
    for (const f of files) {
      let real = f.filepath;
      try {
        real = realpathSync(f.filepath);
      } catch {
        // a missing file leads nowhere
      }
      expect(relative(realStorage, real).startsWith('..'), `${f.filepath} → ${real}`).toBe(false);
    }
    const listed = JSON.stringify((await t.post('listmedia', { usercode: '*' }, admin)).body);
    expect(listed).not.toContain('linked_HD');
    expect(listed).not.toContain('passwd_SD');
    expect(listed).not.toContain('20260101-090000');
  });

  it('no URL serves what a link points to', async () => {
    const signer = mediaSigner(ctx);
    const paths = [
      'recordings/20260101-080000/linked_HD.mp4',
      'recordings/20260101-080000/passwd_SD.mp4',
      'recordings/20260101-090000/x_HD.mp4',
    ];
    const urls = [
      ...paths.map((p) => `/media/${p}`),
      ...(signer ? paths.map((p) => signer.signMediaUrl(p)) : []),
      '/upload/album/cover.jpg',
      '/upload/logo.argb',
    ];
    for (const url of urls) {
      const a = await getPath(ctx, url);
      expect(a.status, url).toBeGreaterThanOrEqual(400);
      outside.expectNoLeak(a.text, url);
    }
    // The links themselves are still there: refusing them changed nothing outside.
    outside.expectUntouched('symlinks');
  });
});
