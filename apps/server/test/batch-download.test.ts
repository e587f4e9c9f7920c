import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_TEMP_PREFIX, formatMessage } from '@roomcast/contract';
import { zipLength } from '../src/services/recording/index.js';
import { fakeClock, makeApp } from './helpers.js';
import { seeder } from './recording-fixtures.js';

type Row = { recordid: string; files: { filepath: string }[] };

/** batchdownload: the chosen files as one zip at a signed /static/recordTemp/ URL, streamed as it is built. */
describe('batch download', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  const admin = await t.login();
  for (const usercode of ['alice', 'carol']) {
    await t.post(
      'newuser',
      { usercode, username: usercode, password: 'Password-123', role: 'user', group: '', functions: ['myrecord'] },
      admin,
    );
  }
  const seed = seeder(t);
  const big = randomBytes(3 * 1024 * 1024 + 17);
  const lecture = seed.recording({
    usercode: 'alice',
    title: 'Physik Vorlesung',
    name: '20261101-080000',
    starttime: '2026-11-01 08:00:00',
    files: [
      { file: 'Room_HD.mp4', channel: 10, bytes: big },
      { file: 'Room_SD.mp4', channel: 11, bytes: randomBytes(1000) },
      { file: 'Room_HD.ts', channel: 10, bytes: Buffer.alloc(0) },
    ],
  });
  const other = seed.recording({
    usercode: 'carol',
    title: 'Other',
    name: '20261101-090000',
    starttime: '2026-11-01 09:00:00',
    files: [{ file: 'Room_HD.mp4', channel: 10, bytes: randomBytes(2000) }],
  });
  const work = mkdtempSync(join(tmpdir(), 'roomcast-zip-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const filesOf = async (id: number) =>
    ((await t.post('listmedia', { usercode: '*', recordid: id }, admin)).body.data.rows as Row[])[0]!.files.map((f) => f.filepath);
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });
  const fileMissing = (rel: string) => formatMessage(MESSAGES.recordingFileNotFound, rel);

  it('zips the chosen files of several recordings: unzip -t passes and every file is byte-identical', async () => {
    const files = [...(await filesOf(lecture)), ...(await filesOf(other))];
    expect(files).toHaveLength(4);
    const res = await t.post('batchdownload', { files }, admin);
    expect(res.body.result).toBe(true);
    const url = res.body.data.url as string;
    expect(url).toMatch(new RegExp(`^${RECORD_TEMP_PREFIX}[0-9a-f]{32}\\.zip\\?exp=\\d+&sig=[0-9a-f]{64}$`));

    const zip = await get(url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="recordings.zip"; filename*=UTF-8''recordings.zip`);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    const path = join(work, 'all.zip');
    writeFileSync(path, zip.rawPayload);
    expect(execFileSync('unzip', ['-t', path], { encoding: 'utf8' })).toContain('No errors detected');
    const out = join(work, 'all');
    execFileSync('unzip', ['-q', path, '-d', out]);
    for (const rel of files) {
      const [, dir, name] = rel.split('/').slice(-3);
      const original = readFileSync(join(t.dataDir, 'media', 'recordings', dir!, name!));
      expect(readFileSync(join(out, dir!, name!)).equals(original), rel).toBe(true);
    }
    // STORE: the archive is the files plus headers, nothing compressed.
    expect(execFileSync('zipinfo', ['-v', path], { encoding: 'utf8' })).not.toMatch(/compression method:\s+deflated/);
    // HEAD announces the same length without building the zip.
    expect((await get(url, 'HEAD')).headers['content-length']).toBe(String(zip.rawPayload.length));
  });

  it("names the zip after the recording when the files are one recording's", async () => {
    const res = await t.post('batchdownload', { files: (await filesOf(lecture)).slice(0, 1) }, admin);
    const zip = await get(res.body.data.url);
    expect(zip.headers['content-disposition']).toBe(`attachment; filename="Physik Vorlesung.zip"; filename*=UTF-8''Physik%20Vorlesung.zip`);
  });

  it('answers "does not exist" for a recording the caller may not see, exactly as for a file that does not exist', async () => {
    const alice = await t.login('alice', 'Password-123');
    const [own] = await filesOf(lecture);
    const [carols] = await filesOf(other);
    expect((await t.post('batchdownload', { files: [own] }, alice)).body.result).toBe(true);
    const refused = await t.post('batchdownload', { files: [own, carols] }, alice);
    expect(refused.body).toMatchObject({ result: false, message: fileMissing(carols!) });
    const unknown = carols!.replace('Room_HD.mp4', 'Nope_HD.mp4');
    expect((await t.post('batchdownload', { files: [unknown] }, alice)).body).toMatchObject({
      result: false,
      message: fileMissing(unknown),
    });
    // No session, or a user without recordings functions: the permission refuses before anything is read.
    expect((await t.post('batchdownload', { files: [own] })).status).toBe(401);
    expect((await t.post('batchdownload', { files: [own] }, await t.userWith(['record'], undefined, admin))).status).toBe(403);
  });

  it('refuses a forged, altered or expired URL, and a URL without its signature', async () => {
    const res = await t.post('batchdownload', { files: await filesOf(other) }, admin);
    const url = res.body.data.url as string;
    const [path, query] = url.split('?') as [string, string];
    const sig = new URLSearchParams(query).get('sig')!;
    const flipped = url.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    expect((await get(flipped)).statusCode).toBe(403);
    expect((await get(path)).statusCode).toBe(403);
    const otherToken = path.replace(/[0-9a-f]{32}/, randomBytes(16).toString('hex'));
    expect((await get(`${otherToken}?${query}`)).statusCode).toBe(403);
    const later = url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 3600}`);
    expect((await get(later)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(200);
    clock.advance(601_000);
    expect((await get(url)).statusCode).toBe(403);
  });

  it('refuses paths outside the storage: .. and absolute paths, a link to an outside file, a file swapped for a link', async () => {
    const outside = join(work, 'secret.mp4');
    writeFileSync(outside, 'SECRET-OUTSIDE');
    for (const p of ['../secret.mp4', '/etc/passwd', 'recordings/../../secret.mp4', outside]) {
      const res = await t.post('batchdownload', { files: [p] }, admin);
      expect(res.body.result, p).toBe(false);
      expect(res.raw.body).not.toContain('SECRET-OUTSIDE');
    }
    // A link in a recording folder to a file outside the storage, listed as the recording's file.
    const linked = seed.recording({
      usercode: 'alice',
      title: 'Linked',
      name: '20261101-100000',
      starttime: '2026-11-01 10:00:00',
      files: [{ file: 'L_HD.mp4', channel: 10, missing: true }],
    });
    const dir = join(t.dataDir, 'media', 'recordings', '20261101-100000');
    mkdirSync(dir, { recursive: true });
    symlinkSync(outside, join(dir, 'L_HD.mp4'));
    t.internals.repos.recordings.setMissing(t.internals.repos.recordings.files(linked)[0]!.id, false);
    const rel = 'recordings/20261101-100000/L_HD.mp4';
    expect((await t.post('batchdownload', { files: [rel] }, admin)).body).toMatchObject({ result: false, message: fileMissing(rel) });

    // Prepared while the file was real, then swapped for a link: the download refuses it, no byte leaks.
    const [sd] = (await filesOf(other)).slice(0, 1);
    const res = await t.post('batchdownload', { files: [sd] }, admin);
    const real = join(t.dataDir, 'media', 'recordings', '20261101-090000', 'Room_HD.mp4');
    const keep = readFileSync(real);
    unlinkSync(real);
    symlinkSync(outside, real);
    const zip = await get(res.body.data.url);
    expect(zip.statusCode).toBe(404);
    expect(zip.body).not.toContain('SECRET-OUTSIDE');
    unlinkSync(real);
    writeFileSync(real, keep);
  });

  it('computes the exact zip length it announces', () => {
    expect(zipLength([{ name: 'a/b.mp4', size: 10 }])).toBe(30 + 16 + 46 + 2 * 7 + 10 + 22);
    expect(zipLength([{ name: 'x', size: 0xffffffff }])).toBeUndefined();
  });

  it('never writes a temporary file and forgets expired batches', async () => {
    expect(t.areas.recording.batchZip.pending()).toBeGreaterThan(0);
    clock.advance(601_000);
    await t.post('batchdownload', { files: await filesOf(other) }, admin);
    expect(t.areas.recording.batchZip.pending()).toBe(1);
    expect(() => readFileSync(join(t.dataDir, 'recordTemp'))).toThrow();
  });
});
