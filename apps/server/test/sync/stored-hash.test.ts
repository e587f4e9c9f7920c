import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import { localSha256 } from '../../src/services/recording/file-hash.js';
import { recordingFileHashes } from '../../src/services/recording/recording-file-hash.js';
import { makeApp, settingBody } from '../helpers.js';
import { recordShort, waitFor } from '../wait.js';
import { startFtpServer } from '@roomcast/test-servers';

/*
 * A recording file's SHA-256 is computed once, when the recording is finalized, and kept in its row with the size
 * and mtime it was computed for (recording-file-hash.ts); the FTP upload's `.sha256` and HASH check take it from
 * there instead of reading the file again, and a file changed since is hashed again. Every read of a file for its
 * hash goes through `localSha256`, counted here.
 */

vi.mock('../../src/services/recording/file-hash.js', async (actual) => {
  const real = await actual<typeof import('../../src/services/recording/file-hash.js')>();
  return { ...real, localSha256: vi.fn(real.localSha256) };
});
const hashReads = vi.mocked(localSha256);
/** How many times a file was read to hash it since the last `hashReads.mockClear()`. */
const readsOf = (path: string) => hashReads.mock.calls.filter(([p]) => basename(p) === basename(path)).length;

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('the recording files’ hash, stored or computed', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'roomcast-stored-hash-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A database with one recording and one file row for `name` (its bytes on disk). */
  function seeded(name: string, bytes: string) {
    const repos = createRepositories(openDatabase(':memory:'));
    const path = join(scratch, name);
    writeFileSync(path, bytes);
    const id = repos.recordings.insert({
      title: 't',
      name: 'n',
      usercode: 'admin',
      useraccount: 'admin',
      source: 'Room',
      dir: scratch,
      starttime: '2026-11-24 09:00:00',
      schedule_id: null,
    });
    const fileId = Number(
      repos.recordings.addFile({
        recording_id: id,
        channel: 10,
        filepath: path,
        title: 't',
        filesize: bytes.length,
        starttime: '2026-11-24 09:00:00',
        duration_ms: 0,
      }).lastInsertRowid,
    );
    return { repos, path, fileId };
  }

  it('one hash per file at a time: a second caller shares the one being computed, then takes the stored one', async () => {
    const { repos, path, fileId } = seeded('shared.mp4', 'x'.repeat(3 << 20));
    const hashes = recordingFileHashes({ repos });
    hashReads.mockClear();
    const first = hashes.sha256({ path, fileId });
    expect(hashes.sha256({ path })).toBe(first);
    expect(await first).toBe(sha(path));
    expect(readsOf(path)).toBe(1);
    expect(repos.recordings.fileById(fileId)).toMatchObject({
      sha256: sha(path),
      sha256_size: statSync(path).size,
      sha256_mtime: statSync(path).mtimeMs,
    });
    expect(await hashes.sha256({ path, fileId })).toBe(sha(path));
    expect(readsOf(path)).toBe(1);
    expect(hashes.computed).toBe(1);
  });

  it('a hash cut off (the service stopping; kill -9 alike) leaves no row claiming one, and a changed file is hashed again', async () => {
    const { repos, path, fileId } = seeded('cut.mp4', 'y'.repeat(8 << 20));
    const hashes = recordingFileHashes({ repos });
    const cut = hashes.sha256({ path, fileId });
    hashes.close();
    await expect(cut).rejects.toThrow('the service is stopping');
    expect(repos.recordings.fileById(fileId)?.sha256).toBeNull();
    const before = await hashes.sha256({ path, fileId });
    appendFileSync(path, 'more');
    const after = await hashes.sha256({ path, fileId });
    expect(after).not.toBe(before);
    expect(after).toBe(sha(path));
    expect(repos.recordings.fileById(fileId)).toMatchObject({ sha256: after, sha256_size: statSync(path).size });
  });

  describe('a finalized recording uploaded over FTP (pyftpdlib with HASH)', async () => {
    const server = await startFtpServer({ hash: true });
    afterAll(() => server.stop());
    const t = await makeApp({ env: { UPLOAD_RETRY_MS: '300' } });
    const admin = await t.login();
    const transfers = () => t.internals.repos.transfers.recent(100, 'ftp');
    const allDone = (what: string) =>
      waitFor(() => transfers().length > 0 && transfers().every((x) => x.state === 'done'), {
        timeoutMs: 60_000,
        intervalMs: 50,
        what,
        detail: () => transfers().map((x) => [x.filepath, x.state, x.error]),
      });
    const folder = () => join(server.root, 'up', basename(t.internals.repos.recordings.inState('done').at(-1)!.dir));

    it('finalize stores each file’s hash; the upload queued at stop does not hash it again (one read per file)', async () => {
      const ftp = {
        enable: 'true',
        protocol: 'ftp',
        host: '127.0.0.1',
        port: String(server.port),
        username: server.user,
        password: server.password,
        path: 'up',
        uploadmodel: 'folderandvideo',
      };
      expect((await t.post('setsetting', settingBody('setting_advance_ftp', ftp), admin)).body.result).toBe(true);
      hashReads.mockClear();
      await recordShort(t, admin, 2);
      const rec = t.internals.repos.recordings.inState('done').at(-1)!;
      const files = t.internals.repos.recordings.files(rec.id);
      expect(files.length).toBeGreaterThanOrEqual(2);
      await allDone('the upload queued at stop');
      for (const f of files) {
        const row = await waitFor(
          () => (t.internals.repos.recordings.fileById(f.id)?.sha256 ? t.internals.repos.recordings.fileById(f.id) : undefined),
          {
            what: `the hash of ${f.filepath}`,
          },
        );
        const st = statSync(f.filepath);
        expect(row).toMatchObject({ sha256: sha(f.filepath), sha256_size: st.size, sha256_mtime: st.mtimeMs });
        expect(readsOf(f.filepath)).toBe(1);
        const name = basename(f.filepath);
        expect(readFileSync(join(folder(), `${name}.sha256`), 'utf8')).toBe(`${sha(f.filepath)}  ${name}\n`);
      }
    }, 120_000);

    it('an upload takes the stored hash without reading the file for it; a file changed since is hashed again', async () => {
      const rec = t.internals.repos.recordings.inState('done').at(-1)!;
      const files = t.internals.repos.recordings.files(rec.id);
      hashReads.mockClear();
      expect((await t.post('resyncrecord', { recordid: rec.id }, admin)).body.result).toBe(true);
      await allDone('the resync with stored hashes');
      for (const f of files) expect(readsOf(f.filepath)).toBe(0);

      const changed = files[0].filepath;
      const stored = t.internals.repos.recordings.fileById(files[0].id)?.sha256;
      appendFileSync(changed, Buffer.alloc(1000, 1));
      expect((await t.post('resyncrecord', { recordid: rec.id }, admin)).body.result).toBe(true);
      await allDone('the resync after a file changed');
      expect(readsOf(changed)).toBe(1);
      for (const f of files.slice(1)) expect(readsOf(f.filepath)).toBe(0);
      const now = sha(changed);
      expect(now).not.toBe(stored);
      expect(t.internals.repos.recordings.fileById(files[0].id)).toMatchObject({ sha256: now, sha256_size: statSync(changed).size });
      const name = basename(changed);
      expect(sha(join(folder(), name))).toBe(now);
      expect(readFileSync(join(folder(), `${name}.sha256`), 'utf8')).toBe(`${now}  ${name}\n`);
      expect(existsSync(join(folder(), `${name}.part`))).toBe(false);
    }, 120_000);
  });
});
