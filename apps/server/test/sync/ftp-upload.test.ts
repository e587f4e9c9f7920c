import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, settingBody } from '../helpers.js';
import { recordShort, waitFor } from '../wait.js';
import { isRoot, startFtpServer, startSshd, type UploadServer } from '@roomcast/test-servers';

/*
 * Recordings leave the box through the upload queue to real servers on loopback (pyftpdlib; OpenSSH's sshd):
 * a real recording (ffmpeg) is queued at stop as the upload model says, arrives byte-identical with its
 * .sha256, survives the server being killed in the middle of a file, and sets netsync when all is done.
 * Both servers read at most THROTTLE bytes/s, so that a short recording takes seconds to send. pyftpdlib takes
 * a second's worth in one burst and then pauses: a file smaller than THROTTLE would arrive at once, with no
 * part file to see, so THROTTLE stays well below a 3 s test recording's file (about 130-150 kB).
 */

const THROTTLE = 60_000;
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Every file under a folder, relative ("a/b.mp4"), sorted. */
function tree(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tree(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

function uploadCases(protocol: 'ftp' | 'sftp', start: () => Promise<UploadServer>) {
  describe(`${protocol}: a finished recording goes to the server`, async () => {
    const server = await start();
    afterAll(() => server.stop());
    const t = await makeApp({ env: { UPLOAD_RETRY_MS: '300' } });
    const admin = await t.login();
    const ftp = {
      enable: 'true',
      protocol,
      host: '127.0.0.1',
      port: String(server.port),
      username: server.user,
      password: server.password,
      path: 'lectures/2026',
      uploadmodel: 'folderandvideo',
    };
    const transfers = () => t.internals.repos.transfers.recent(100, 'ftp');
    const write = async (values: Record<string, string>) =>
      (await t.post('setsetting', settingBody('setting_advance_ftp', values), admin)).body.result;

    it('Test connection logs in, writes and deletes a probe file, and answers the server’s words', async () => {
      const wrong = await t.post(
        'testftp',
        { data: Object.entries({ ...ftp, password: 'wrong' }).map(([key, value]) => ({ key, value })) },
        admin,
      );
      expect(wrong.body.result).toBe(false);
      expect(wrong.body.message).toMatch(/^Connection test failed: /);
      // What the form shows is tested before it is saved.
      const res = await t.post('testftp', { data: Object.entries(ftp).map(([key, value]) => ({ key, value })) }, admin);
      expect(res.body, res.body.message).toMatchObject({ result: true });
      expect(res.body.data.greeting).toMatch(protocol === 'ftp' ? /Roomcast test FTP server ready/ : /^SSH-2.0-OpenSSH_/);
      expect(res.body.data.folder).toMatch(/\/lectures\/2026$/);
      expect(tree(server.root)).toEqual([]);
      expect(await write(ftp)).toBe(true);
      // Once saved, an empty password keeps the stored one.
      const again = await t.post('testftp', { data: [{ key: 'password', value: '' }] }, admin);
      expect(again.body.result, again.body.message).toBe(true);
    });

    // A 3 s recording, a kill, a retry and a whole upload: longer than Vitest's default 20 s on a loaded machine.
    it('a recording stopped is queued, the server killed mid-file comes back, and every file arrives byte-identical', async () => {
      await recordShort(t, admin, 3);
      const rec = t.internals.repos.recordings.inState('done').at(-1)!;
      const files = t.internals.repos.recordings.files(rec.id);
      expect(files.length).toBeGreaterThanOrEqual(2);
      expect(transfers().length).toBe(files.length);
      const folder = join(server.root, 'lectures', '2026', basename(rec.dir));
      // Stop the server while the first file is on its way.
      await waitFor(() => tree(folder).some((f) => f.endsWith('.part') && statSync(join(folder, f)).size > 20_000), {
        timeoutMs: 20_000,
        intervalMs: 10,
        what: 'a part file on the server',
        detail: () => ({ server: tree(folder), queue: transfers().map((x) => [x.filepath, x.state, x.sent, x.error]) }),
      });
      await server.kill();
      const retried = await waitFor(() => transfers().find((x) => x.state === 'queued' && x.attempts >= 1 && x.error !== ''), {
        what: 'the interrupted transfer to wait for its retry',
      });
      expect(retried.sent).toBeGreaterThan(0);
      await server.restart();
      await waitFor(() => transfers().every((x) => x.state === 'done'), {
        timeoutMs: 60_000,
        intervalMs: 100,
        what: 'every transfer to be done',
        detail: () => transfers().map((x) => [x.filepath, x.state, x.sent, x.error]),
      });
      const names = files.map((f) => basename(f.filepath));
      expect(tree(folder)).toEqual(names.flatMap((n) => [n, `${n}.sha256`]).sort());
      for (const f of files) {
        expect(sha(join(folder, basename(f.filepath)))).toBe(sha(f.filepath));
        expect(readFileSync(join(folder, `${basename(f.filepath)}.sha256`), 'utf8')).toBe(`${sha(f.filepath)}  ${basename(f.filepath)}\n`);
      }
      const synced = t.internals.repos.recordings.find(rec.id)!;
      expect(synced.netsync).toBe(1);
      expect(synced.netsynctime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const log = t.internals.repos.oplog.page(50, 0).map((r) => r.description);
      expect(
        log.some((d) =>
          d.startsWith(`uploaded ${t.internals.mediaStorage.relativeOf(files[0].filepath)} to ${protocol.toUpperCase()} server`),
        ),
      ).toBe(true);
    }, 120_000);

    it('resyncrecord queues it again, clears netsync until done, and replaces the files under the same names', async () => {
      const rec = t.internals.repos.recordings.inState('done').at(-1)!;
      const before = tree(server.root);
      const res = await t.post('resyncrecord', { recordid: rec.id }, admin);
      expect(res.body, res.body.message).toMatchObject({ result: true });
      await waitFor(() => t.internals.repos.recordings.find(rec.id)!.netsync === 1 && transfers().every((x) => x.state === 'done'), {
        timeoutMs: 60_000,
        intervalMs: 100,
        what: 'the resync to finish',
      });
      expect(transfers().length).toBe(2 * t.internals.repos.recordings.files(rec.id).length);
      expect(tree(server.root)).toEqual(before);
      // The recordings list's upload column.
      const states = await t.post('listupload', { recordids: [rec.id] }, admin);
      const files = t.internals.repos.recordings.files(rec.id).length;
      expect(states.body.data).toEqual([
        {
          recordid: String(rec.id),
          target: 'ftp',
          state: 'done',
          files,
          done: files,
          size: expect.any(Number),
          sent: expect.any(Number),
          percent: 100,
          error: '',
        },
      ]);
      // The queue view of the 3rdpart screen: FTP transfers only.
      const listed = await t.post('listtransfer', { recordid: '', target: 'ftp' }, admin);
      expect(listed.body.data.every((x: { target: string; state: string }) => x.target === 'ftp' && x.state === 'done')).toBe(true);
    }, 120_000);

    it('outside the upload window (overnight 22:00-06:00 here) a queued upload waits', async () => {
      const rec = t.internals.repos.recordings.inState('done').at(-1)!;
      // The device clock's hour now, and a window that starts an hour later and ends an hour before.
      const hour = Number(transfers()[0].updatetime.slice(11, 13));
      const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00:00`;
      const window = { timeenable: 'true', timebegin: at(hour + 2), timeend: at(hour - 1) };
      expect(await write(window)).toBe(true);
      expect((await t.post('resyncrecord', { recordid: rec.id }, admin)).body.result).toBe(true);
      const now = Date.now();
      const next = t.internals.transfers.job.next(now)!;
      expect(next - now).toBeGreaterThan(60 * 60_000);
      expect(next - now).toBeLessThanOrEqual(2 * 60 * 60_000);
      expect(transfers().filter((x) => x.state === 'queued').length).toBe(t.internals.repos.recordings.files(rec.id).length);
      // Queued or waiting, the recording cannot be deleted.
      expect((await t.post('removerecord', { recordid: rec.id }, admin)).body.message).toBe(
        `Recording ${rec.id} is being uploaded; wait until its upload ends.`,
      );
    });
  });
}

uploadCases('ftp', () => startFtpServer({ limit: THROTTLE }));
if (isRoot()) uploadCases('sftp', () => startSshd({ limit: THROTTLE }));
