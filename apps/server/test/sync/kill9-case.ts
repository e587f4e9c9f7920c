import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { api, distBuilt, freePort, login, startService, waitUp, type Service } from '../faults/long/service-process.js';
import { waitFor } from '../wait.js';
import type { UploadServer } from '@roomcast/test-servers';

/*
 * kill -9 of the service while its upload queue is sending a real recording (the built service in its own
 * process, real ffmpeg, a throttled real server): after the restart every file arrives once, byte-identical,
 * under its own name, and no transfer is queued twice. Run for FTP by `upload-kill9.test.ts` (npm test) and for
 * FTP and SFTP by `faults/long/kill-9-upload.test.ts` (npm run test:faults).
 */

/** Bytes/s the servers read, so that a 3 s recording takes seconds to send. */
export const THROTTLE = 60_000;
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function tree(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tree(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

type TransferRow = { filepath: string; state: string; dest: string; attempts: number };

/** The recording's files and its FTP transfers as stored (read-only beside the running service). */
function stored(dataDir: string) {
  const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
  try {
    const rec = db.prepare("SELECT id, dir, netsync FROM recordings WHERE state = 'done' ORDER BY id DESC LIMIT 1").get() as
      | { id: number; dir: string; netsync: number }
      | undefined;
    const files = rec
      ? (db.prepare('SELECT filepath FROM recording_files WHERE recording_id = ?').all(rec.id) as { filepath: string }[])
      : [];
    const transfers = db
      .prepare("SELECT filepath, state, dest, attempts, createtime, updatetime, size FROM transfers WHERE target = 'ftp'")
      .all() as TransferRow[];
    return { rec, files: files.map((f) => f.filepath), transfers };
  } finally {
    db.close();
  }
}

export function killCase(protocol: 'ftp' | 'sftp', start: () => Promise<UploadServer>) {
  describe.skipIf(!distBuilt())(`${protocol}: kill -9 of the service in the middle of its upload queue`, () => {
    let server: UploadServer | undefined;
    let service: Service | undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-upload-kill9-'));
    afterAll(async () => {
      service?.proc.kill('SIGTERM');
      await service?.exited;
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('nothing is lost and nothing is sent twice under another name', async () => {
      server = await start();
      const port = await freePort();
      service = startService(dataDir, port, { UPLOAD_RETRY_MS: '300' });
      await waitUp(port, service);
      const session = await login(port);
      const ok = async (name: string, body: unknown) => {
        const res = await api(port, name, body, session);
        expect(res.result, `${name}: ${res.message}`).toBe(true);
        return res;
      };
      const ftp = {
        enable: 'true',
        protocol,
        host: '127.0.0.1',
        port: String(server.port),
        username: server.user,
        password: server.password,
        path: 'incoming',
        uploadmodel: 'all',
      };
      await ok('writeconfig', { settingcode: 'setting_advance_ftp', data: Object.entries(ftp).map(([key, value]) => ({ key, value })) });
      await ok('writeconfig', {
        settingcode: 'setting_rec_video_codec',
        data: [
          { key: 'main_quality', value: '480' },
          { key: 'main_bitrate', value: '1000' },
        ],
      });
      await ok('recordctl', { control: 'start' });
      await waitFor(async () => Number((await api(port, 'status', {}, session)).data?.current) >= 3, {
        timeoutMs: 20_000,
        intervalMs: 200,
        what: '3 s recorded',
      });
      await ok('recordctl', { control: 'stop' });
      const { rec } = stored(dataDir);
      const folder = join(server.root, 'incoming', basename(rec!.dir));
      // kill -9 while a file is half on the server.
      await waitFor(() => tree(folder).some((f) => f.endsWith('.part') && statSync(join(folder, f)).size > 0), {
        timeoutMs: 20_000,
        intervalMs: 10,
        what: 'a part file on the server',
        detail: () => ({
          now: new Date().toISOString(),
          remote: tree(server?.root ?? ''),
          transfers: stored(dataDir).transfers,
          log: service?.output().slice(-1500),
        }),
      });
      service.proc.kill('SIGKILL');
      await service.exited;
      const before = stored(dataDir).transfers;
      expect(before.some((x) => x.state === 'running')).toBe(true);

      service = startService(dataDir, port, { UPLOAD_RETRY_MS: '300' });
      await waitUp(port, service);
      await waitFor(() => stored(dataDir).rec?.netsync === 1, {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: 'netsync after the restart',
        detail: () => stored(dataDir).transfers.map((x) => [basename(x.filepath), x.state, x.attempts]),
      });
      const after = stored(dataDir);
      // One transfer per file, as before the kill, each done.
      expect(after.transfers.map((x) => x.filepath).sort()).toEqual(before.map((x) => x.filepath).sort());
      expect(after.transfers.every((x) => x.state === 'done')).toBe(true);
      // Exactly the recording's files (videos and thumbnails) and their checksums, byte-identical.
      const local = (rel: string) => join(rec!.dir, rel);
      const expected = tree(rec!.dir).filter((f) => f.endsWith('.mp4') || f.startsWith('snapshots/'));
      expect(expected.some((f) => f.startsWith('snapshots/'))).toBe(true);
      expect(tree(folder)).toEqual(expected.flatMap((f) => [f, `${f}.sha256`]).sort());
      for (const f of expected) expect(sha(join(folder, f)), f).toBe(sha(local(f)));
    }, 120_000);
  });
}
