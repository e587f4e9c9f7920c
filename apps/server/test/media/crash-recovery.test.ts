import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { api, login, startService, waitUp, type Service } from '../faults/long/service-process.js';
import { waitFor } from '../wait.js';

const run = promisify(execFile);

describe('kill -9 of the service during recording', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-crash-'));
  const port = 18500 + Math.floor(Math.random() * 400);
  let service: Service | undefined;
  afterAll(() => {
    service?.proc.kill('SIGKILL');
  });

  it('the recording is recovered, listed and playable, with at most ~2 s lost', async () => {
    service = startService(dataDir, port);
    await waitUp(port, service);
    const s = await login(port);
    await api(port, 'writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, s);
    expect((await api(port, 'recordctl', { control: 'start' }, s)).result).toBe(true);
    // 5 s recorded, by the service's own recorded time (status `current`, counted from the first frame on disk).
    await waitFor(async () => Number((await api(port, 'status', {}, s)).data.current) >= 5, {
      timeoutMs: 20_000,
      intervalMs: 200,
      what: 'the service to report 5 s recorded',
    });
    service.proc.kill('SIGKILL');
    await service.exited;
    await run('pkill', ['-KILL', '-f', `${dataDir}`]).catch(() => undefined);

    service = startService(dataDir, port);
    await waitUp(port, service);
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
    const s2 = await login(port);
    const log = await api(port, 'getopelog', { pagesize: '30', pageindex: '0' }, s2);
    expect(log.data.list.some((r: { description: string }) => /recovered/.test(r.description))).toBe(true);
    service.proc.kill('SIGTERM');
  }, 60_000);
});
