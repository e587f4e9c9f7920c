import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { waitFor } from '../wait.js';

const run = promisify(execFile);
const MAIN = new URL('../../dist/main.js', import.meta.url).pathname;
const PASSWORD = 'Crash-Test-Pass-1';

/** The built service, started as `npm start` starts it, on its own port and DATA_DIR. */
function startService(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      MEDIA_PRESET: 'ultrafast',
      MIN_FREE_MB: '50',
      CONSOLE_DIR: '',
    },
    stdio: 'ignore',
  });
}

async function api(port: number, name: string, body: unknown, session?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'x-session-id': session } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { result: boolean; message: string; data?: any };
}

async function waitUp(port: number): Promise<void> {
  // A refused connection (not listening yet) counts as "not yet".
  await waitFor(async () => (await api(port, 'roominfo', {})).result, { timeoutMs: 10_000, intervalMs: 100, what: 'the service to start' });
}

describe('kill -9 of the service during recording', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-crash-'));
  const port = 18500 + Math.floor(Math.random() * 400);
  let proc: ChildProcess | undefined;
  afterAll(() => {
    proc?.kill('SIGKILL');
  });

  it('the recording is recovered, listed and playable, with at most ~2 s lost', async () => {
    proc = startService(dataDir, port);
    await waitUp(port);
    const login = await api(port, 'login', { usercode: 'admin', password: PASSWORD });
    const s = login.data.sessionID as string;
    await api(port, 'writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, s);
    expect((await api(port, 'recordctl', { control: 'start' }, s)).result).toBe(true);
    // 5 s recorded, by the service's own recorded time (status `current`, counted from the first frame on disk).
    await waitFor(async () => Number((await api(port, 'status', {}, s)).data.current) >= 5, {
      timeoutMs: 20_000,
      intervalMs: 200,
      what: 'the service to report 5 s recorded',
    });
    proc.kill('SIGKILL');
    await new Promise((r) => proc!.once('exit', r));
    await run('pkill', ['-KILL', '-f', `${dataDir}`]).catch(() => undefined);

    proc = startService(dataDir, port);
    await waitUp(port);
    const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
    const rec = db.prepare('SELECT * FROM recordings').get() as { id: number; state: string; note: string };
    const files = db.prepare('SELECT * FROM recording_files WHERE recording_id = ?').all(rec.id) as { channel: number; filepath: string }[];
    db.close();
    expect(rec.state).toBe('done');
    expect(rec.note).toMatch(/recovered/);
    const hd = files.find((f) => f.channel === 10)!;
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', hd.filepath]);
    // 5 s recorded; the first keyframe and the last unflushed second may be lost.
    expect(Number(stdout)).toBeGreaterThan(2.5);
    const s2 = (await api(port, 'login', { usercode: 'admin', password: PASSWORD })).data.sessionID;
    const log = await api(port, 'getopelog', { pagesize: '30', pageindex: '0' }, s2);
    expect(log.data.list.some((r: { description: string }) => /recovered/.test(r.description))).toBe(true);
    proc.kill('SIGTERM');
  }, 60_000);
});
