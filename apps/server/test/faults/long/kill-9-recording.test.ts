import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegChildren, leftSegments, probeSeconds, sleep } from '../fault-helpers.js';
import { api, distBuilt, freePort, login, startService, waitUp, type Service } from './service-process.js';

const ROUNDS = 20;
const MAX_LOST_S = 2;

type Row = { id: number; state: string; note: string; dir: string };
type FileRow = { channel: number; filepath: string };

/** The recording and its files as stored (the database opened read-only, beside the running service). */
function stored(dataDir: string, id: number): { rec: Row | undefined; files: FileRow[] } {
  const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
  try {
    const rec = db.prepare('SELECT id, state, note, dir FROM recordings WHERE id = ?').get(id) as Row | undefined;
    return { rec, files: db.prepare('SELECT channel, filepath FROM recording_files WHERE recording_id = ?').all(id) as FileRow[] };
  } finally {
    db.close();
  }
}

/** The recording as listmedia shows it, or undefined when this build has no listmedia yet. */
async function listed(port: number, session: string, id: number) {
  const res = await api(port, 'listmedia', { usercode: '*', pagesize: 100 }, session);
  if (!res.result) return undefined;
  return (
    (res.data.rows as { recordid: string; stop: boolean; files: { channel: number; url: string }[] }[]).find(
      (r) => r.recordid === String(id),
    ) ?? null
  );
}

// Fault: the service is killed (kill -9: no shutdown code runs) in the middle of a recording, 20 times in a row.
describe.skipIf(!distBuilt())(`fault: kill -9 of the service during recording, ${ROUNDS} times in a row`, () => {
  let dataDir = '';
  let service: Service | undefined;
  afterAll(async () => {
    service?.proc.kill('SIGTERM');
    await service?.exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Must hold each time: the recording is listed after the restart, done, playable (ffprobe), at most 2 s short of the time recorded before the kill; status says not recording; the killed service's ffmpeg ends by itself.
  it(
    `each killed recording is recovered, listed, playable and at most ${MAX_LOST_S} s short; status is truthful; no ffmpeg left`,
    async () => {
      const began = Date.now();
      dataDir = mkdtempSync(join(tmpdir(), 'roomcast-kill9-'));
      const port = await freePort();
      service = startService(dataDir, port);
      await waitUp(port, service);
      let session = await login(port);
      expect(
        (await api(port, 'writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, session))
          .result,
      ).toBe(true);

      const figures: { round: number; recordedS: number; fileS: number; lostS: number; restartS: number; listedVia: string }[] = [];
      const ids: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const started = await api(port, 'recordctl', { control: 'start' }, session);
        // start answers once the first frame is on disk: the recorded time counts from here.
        const t0 = Date.now();
        expect(started, `round ${round}`).toEqual({ result: true, message: '' });
        // Vary where in the 1 s flush cycle the kill lands: 2.5 .. 4.3 s.
        await sleep(2500 + ((round * 370) % 1900));
        const encoders = ffmpegChildren(service.pid).map((p) => p.pid);
        const tKill = Date.now();
        service.proc.kill('SIGKILL');
        await service.exited;

        // The killed service's ffmpeg loses its pipes and must end on its own.
        const alive = () =>
          encoders.filter((pid) => {
            try {
              process.kill(pid, 0);
              return true;
            } catch {
              return false;
            }
          });
        for (let i = 0; i < 100 && alive().length; i++) await sleep(100);
        const orphans = alive();
        for (const pid of orphans) process.kill(pid, 'SIGKILL');
        expect(orphans, `round ${round}: ffmpeg left running after kill -9`).toEqual([]);

        const tRestart = Date.now();
        service = startService(dataDir, port);
        await waitUp(port, service);
        const restartS = (Date.now() - tRestart) / 1000;
        session = await login(port);

        const status = (await api(port, 'status', {}, session)).data;
        expect(status, `round ${round}`).toMatchObject({ isrecording: 'false', isrecordpending: 'false', current: '0' });
        const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
        const id = (db.prepare('SELECT max(id) AS id FROM recordings').get() as { id: number }).id;
        db.close();
        ids.push(id);
        const { rec, files } = stored(dataDir, id);
        expect(rec, `round ${round}`).toMatchObject({ state: 'done', note: 'recovered after an unexpected stop' });
        const hd = files.find((f) => f.channel === 10);
        expect(hd, `round ${round}: HD file`).toBeDefined();

        const inList = await listed(port, session, id);
        if (inList !== undefined) {
          expect(inList, `round ${round}: listmedia`).toMatchObject({ stop: true });
          const url = inList!.files.find((f) => f.channel === 10)?.url;
          expect(url, `round ${round}: HD URL`).toBeTruthy();
          // Playable where the console plays it: ffprobe reads the file through its signed URL.
          expect(await probeSeconds(`http://127.0.0.1:${port}${url}`)).toBeGreaterThan(0);
        }
        const fileS = await probeSeconds(hd!.filepath);
        const recordedS = (tKill - t0) / 1000;
        const lostS = recordedS - fileS;
        figures.push({
          round,
          recordedS: +recordedS.toFixed(2),
          fileS: +fileS.toFixed(2),
          lostS: +lostS.toFixed(2),
          restartS: +restartS.toFixed(2),
          listedVia: inList === undefined ? 'db' : 'listmedia',
        });
        expect(lostS, `round ${round}: lost ${lostS.toFixed(2)} s of ${recordedS.toFixed(2)} s`).toBeLessThanOrEqual(MAX_LOST_S);
        expect(leftSegments(rec!.dir), `round ${round}: segments left`).toEqual([]);
      }

      // Nothing lost over the whole run: every round's recording is there, done, in a folder of its own.
      expect(new Set(ids).size).toBe(ROUNDS);
      const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
      const states = db.prepare('SELECT state, count(*) AS n FROM recordings GROUP BY state').all();
      const dirs = (db.prepare('SELECT count(DISTINCT dir) AS n FROM recordings').get() as { n: number }).n;
      db.close();
      expect(states).toEqual([{ state: 'done', n: ROUNDS }]);
      expect(dirs).toBe(ROUNDS);
      const log = await api(port, 'getopelog', { pagesize: '200', pageindex: '0' }, session);
      const recovered = (log.data.list as { description: string }[]).filter((r) =>
        /recovered after an unexpected stop/.test(r.description),
      );
      expect(recovered).toHaveLength(ROUNDS);

      const lost = figures.map((f) => f.lostS);
      console.table(figures);
      console.log(
        `kill -9 x${ROUNDS}: lost per round ${lost.join(', ')} s; max ${Math.max(...lost).toFixed(2)} s; mean ${(lost.reduce((a, b) => a + b, 0) / ROUNDS).toFixed(2)} s; total run ${((Date.now() - began) / 1000).toFixed(1)} s`,
      );
    },
    ROUNDS * 30_000,
  );
});
