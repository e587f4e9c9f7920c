import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeDropbox, startFakeGoogleDrive } from '@roomcast/cloud-doubles';
import { makeApp, type TestApp } from '../helpers.js';
import { seeder } from '../recording-fixtures.js';
import { waitFor } from '../wait.js';
import { transferQueue } from '../../src/services/sync/transfer-queue.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const GOOGLE = { clientId: '123-abc.apps.googleusercontent.com', clientSecret: 'GOCSPX-test', refreshToken: '1//0g-test-refresh' };
const DROPBOX = { appKey: 'appkey1', appSecret: 'appsecret1', refreshToken: 'dbx-refresh-1' };

const setting = (section: string, values: Record<string, string>) => [
  { section, data: Object.entries(values).map(([key, value]) => ({ key, value })) },
];

/** Where the transfer of this file to this target is, as listtransfer answers it. */
async function transferOf(t: TestApp, session: string, filepath: string, target: string) {
  const res = await t.post('listtransfer', { recordid: '' }, session);
  return (res.body.data as { filepath: string; target: string; state: string; percent: number; error: string; attempts: number }[]).find(
    (x) => x.filepath === filepath && x.target === target,
  );
}

describe('cloud sharing is off unless the web config turns it on', async () => {
  const t = await makeApp();
  it('listshare says no provider and share is refused', async () => {
    const admin = await t.login();
    await t.post('setsetting', setting('setting_cloud_dropbox', { enable: 'true', accesstoken: 'sl.token-1' }), admin);
    expect((await t.post('listshare', {}, admin)).body.data).toEqual([
      { type: 'google', enable: false },
      { type: 'dropbox', enable: false },
    ]);
    const res = await t.post('share', { type: 'dropbox', file: 'recordings/x/a.mp4' }, admin);
    expect(res.body).toMatchObject({ result: false });
  });
});

describe('share and listtransfer through the upload queue to loopback Google Drive and Dropbox', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-cloud-'));
  const drive = await startFakeGoogleDrive({ dir: join(dir, 'drive'), ...GOOGLE });
  const dropbox = await startFakeDropbox({ dir: join(dir, 'dropbox'), ...DROPBOX });
  afterAll(async () => {
    await drive.stop();
    await dropbox.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const t = await makeApp({
    webconfig: { site: { cloundShare: true } },
    env: {
      GOOGLE_OAUTH_URL: drive.url,
      GOOGLE_API_URL: drive.url,
      DROPBOX_API_URL: dropbox.url,
      DROPBOX_CONTENT_URL: dropbox.url,
      UPLOAD_CHUNK_KB: '256',
    },
  });
  const seed = seeder(t);
  const admin = await t.login();
  /** A finished recording of one HD file with these bytes; answers its id and the file's storage path. */
  const recordingWith = (name: string, title: string, bytes: Buffer) => {
    const id = seed.recording({
      usercode: 'admin',
      title,
      name,
      starttime: '2026-11-20 09:00:00',
      files: [{ file: `${name}.mp4`, channel: 10, bytes }],
    });
    return { id, file: `recordings/${name}/${name}.mp4` };
  };
  const lecture = randomBytes(1_300_000);
  const { id: recId, file } = recordingWith('share-1', '講座 第1週', lecture);

  it('listshare follows each provider switch', async () => {
    expect((await t.post('listshare', {}, admin)).body.data).toEqual([
      { type: 'google', enable: false },
      { type: 'dropbox', enable: false },
    ]);
    const refused = await t.post('share', { type: 'google', file }, admin);
    expect(refused.body).toMatchObject({ result: false, message: 'Sharing to Google Drive is not enabled.' });
    const saved = await t.post(
      'setsetting',
      [
        ...setting('setting_cloud_google', {
          enable: 'true',
          clientid: GOOGLE.clientId,
          clientsecret: GOOGLE.clientSecret,
          refreshtoken: GOOGLE.refreshToken,
          path: 'Roomcast/Lectures',
        }),
        ...setting('setting_cloud_dropbox', {
          enable: 'true',
          path: '/Roomcast',
          appkey: DROPBOX.appKey,
          appsecret: DROPBOX.appSecret,
          refreshtoken: DROPBOX.refreshToken,
        }),
      ],
      admin,
    );
    expect(saved.body.result).toBe(true);
    // Secrets are never read back.
    const read = await t.post('getsetting', [{ section: 'setting_cloud_google', keys: [] }], admin);
    expect(read.body.result).toBe(true);
    expect(JSON.stringify(read.body.data)).not.toContain(GOOGLE.refreshToken);
    expect((await t.post('listshare', {}, admin)).body.data).toEqual([
      { type: 'google', enable: true },
      { type: 'dropbox', enable: true },
    ]);
  });

  it('uploads to Google Drive in chunks, byte-exact, into the configured folder, and says so', async () => {
    const res = await t.post('share', { type: 'google', file }, admin);
    expect(res.body).toMatchObject({ result: true });
    // Queuing the same file again while it is on its way adds nothing.
    await t.post('share', { type: 'google', file }, admin);
    const done = await waitFor(
      async () => (await transferOf(t, admin, file, 'google'))?.state === 'done' && transferOf(t, admin, file, 'google'),
      {
        what: 'the Google Drive transfer to finish',
      },
    );
    expect(done).toMatchObject({ percent: 100, error: '', attempts: 1 });
    const uploaded = drive.files().filter((f) => f.mimeType !== 'application/vnd.google-apps.folder');
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0].name).toBe('share-1.mp4');
    expect(sha(readFileSync(uploaded[0].path))).toBe(sha(lecture));
    const folders = drive
      .files()
      .filter((f) => f.mimeType === 'application/vnd.google-apps.folder')
      .map((f) => f.name);
    expect(folders.sort()).toEqual(['Lectures', 'Roomcast']);
    expect(drive.stats.chunks).toBeGreaterThanOrEqual(5);
    const log = t.internals.repos.oplog.page(50, 0).map((r) => r.description);
    expect(log.some((d) => d.startsWith('uploaded recordings/share-1/share-1.mp4 to Google Drive'))).toBe(true);
  });

  it('uploads to Dropbox with a refresh token, resuming an interrupted chunk', async () => {
    dropbox.interruptNextChunk(100_000);
    expect((await t.post('share', { type: 'dropbox', file }, admin)).body.result).toBe(true);
    await waitFor(async () => (await transferOf(t, admin, file, 'dropbox'))?.state === 'done', { what: 'the Dropbox transfer to finish' });
    const [stored] = dropbox.files();
    expect(stored.path).toBe('/Roomcast/share-1.mp4');
    expect(sha(readFileSync(stored.diskPath))).toBe(sha(lecture));
    expect(dropbox.stats.tokens).toBeGreaterThanOrEqual(1);
  });

  it("takes a recording's chapters and caption tracks beside its file (name.chapters.vtt, name.<language>.vtt)", async () => {
    const { id, file: video } = recordingWith('share-4', 'with captions', randomBytes(20_000));
    const dirOf = t.internals.repos.recordings.find(id)!.dir;
    const captions = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nGood morning.\n';
    const chapters = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nPhotosynthesis\n';
    writeFileSync(join(dirOf, 'share-4.en.vtt'), captions);
    writeFileSync(join(dirOf, 'share-4.chapters.vtt'), chapters);
    expect((await t.post('share', { type: 'dropbox', file: video }, admin)).body.result).toBe(true);
    for (const name of ['share-4.mp4', 'share-4.en.vtt', 'share-4.chapters.vtt']) {
      await waitFor(async () => (await transferOf(t, admin, `recordings/share-4/${name}`, 'dropbox'))?.state === 'done', {
        what: `${name} to reach Dropbox`,
      });
    }
    const stored = new Map(dropbox.files().map((f) => [f.path, readFileSync(f.diskPath, 'utf8')]));
    expect(stored.get('/Roomcast/share-4.en.vtt')).toBe(captions);
    expect(stored.get('/Roomcast/share-4.chapters.vtt')).toBe(chapters);
    expect(stored.has('/Roomcast/share-4.mp4')).toBe(true);
  });

  it('a refused credential fails at once with the provider’s reason, in listtransfer and the operation log', async () => {
    await t.post('setsetting', setting('setting_cloud_google', { refreshtoken: '1//0g-revoked' }), admin);
    const { file: file2 } = recordingWith('share-2', 'second', randomBytes(10_000));
    expect((await t.post('share', { type: 'google', file: file2 }, admin)).body.result).toBe(true);
    const failed = await waitFor(
      async () => {
        const x = await transferOf(t, admin, file2, 'google');
        return x?.state === 'failed' && x;
      },
      { what: 'the transfer to fail' },
    );
    expect(failed.error).not.toBe('');
    expect(failed.attempts).toBe(1);
    const log = t.internals.repos.oplog.page(50, 0).map((r) => r.description);
    expect(log.some((d) => d.startsWith(`upload of ${file2} to Google Drive failed:`))).toBe(true);
    await t.post('setsetting', setting('setting_cloud_google', { refreshtoken: GOOGLE.refreshToken }), admin);
  });

  it('a transfer that may succeed later waits for its retry, and its recording cannot be deleted meanwhile', async () => {
    const { id: rec3, file: file3 } = recordingWith('share-3', 'third', randomBytes(10_000));
    await dropbox.stop();
    expect((await t.post('share', { type: 'dropbox', file: file3 }, admin)).body.result).toBe(true);
    const waiting = await waitFor(
      async () => {
        const x = await transferOf(t, admin, file3, 'dropbox');
        return x?.state === 'queued' && x.attempts === 1 && x;
      },
      { what: 'the first attempt to fail and be queued again' },
    );
    expect(waiting.error).not.toBe('');
    const removal = await t.post('removerecord', { recordid: rec3 }, admin);
    expect(removal.body).toMatchObject({ result: false, message: `Recording ${rec3} is being uploaded; wait until its upload ends.` });
    // Auto clear and retention delete through the same guarded path: they keep it too.
    expect(() => t.areas.recording.recordingFiles.removeRecordingBySystem(rec3)).toThrow(`Recording ${rec3} is being uploaded`);
    expect(t.internals.repos.recordings.find(rec3)).toBeDefined();
  });

  it('others see only the transfers of recordings they may see, and cannot share what they may not see', async () => {
    const viewer = await t.userWith(['myrecord']);
    expect((await t.post('listtransfer', { recordid: '' }, viewer)).body.data).toEqual([]);
    const res = await t.post('share', { type: 'google', file }, viewer);
    expect(res.body).toMatchObject({ result: false, message: `File ${file} does not exist.` });
    const one = await t.post('listtransfer', { recordid: recId }, viewer);
    expect(one.body).toMatchObject({ result: false, message: `Recording ${recId} does not exist.` });
  });
});

describe('the upload queue across a restart', async () => {
  const t = await makeApp();
  const seed = seeder(t);
  it('a transfer that was running when the process stopped is queued again, its resume state kept', () => {
    const id = seed.recording({
      usercode: 'admin',
      title: 'r',
      name: 'restart-1',
      starttime: '2026-11-20 09:00:00',
      files: [{ file: 'a.mp4', channel: 10 }],
    });
    const transfers = t.internals.repos.transfers;
    const tid = transfers.add({
      recording_id: id,
      filepath: 'recordings/restart-1/a.mp4',
      target: 'google',
      size: 10,
      usercode: 'admin',
      time: 'now',
    });
    transfers.start(tid, 'now');
    transfers.saveResume(tid, '{"uri":"http://127.0.0.1:1/upload?upload_id=abc"}');
    transfers.progress(tid, 5, 'now');
    const logs: string[] = [];
    // What the next process does when it builds its queue.
    transferQueue({
      repos: t.internals.repos,
      clock: { now: () => 0 },
      device: { now: () => 0, format: () => 'now' },
      oplog: () => {},
      log: (l) => logs.push(l),
      replan: () => {},
    });
    expect(transfers.find(tid)).toMatchObject({
      state: 'queued',
      sent: 5,
      attempts: 1,
      resume: '{"uri":"http://127.0.0.1:1/upload?upload_id=abc"}',
    });
    expect(logs).toEqual(['upload queue: 1 interrupted transfer(s) queued again']);
  });
});
