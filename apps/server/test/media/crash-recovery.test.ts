import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { formatDateTime, zoneOffsetMinutes } from '../../src/services/core/clock.js';
import { api, login, startService, waitUp, type Service } from '../faults/long/service-process.js';
import { makeApp } from '../helpers.js';
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

// The crash is faked: a recording row left 'recording' an hour ago, with real segments whose last write was then.
describe('the stop time of a recording recovered long after the crash', async () => {
  const t = await makeApp();
  const device = (ms: number) => formatDateTime(ms, zoneOffsetMinutes(t.internals.settings.raw('setting_datetime').zone));
  const segment = (dir: string, name: string, seconds: number) =>
    run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'mpegts', join(dir, name)],
    ]);
  /** A recording started at `start` (epoch ms) whose segments were last written at the given times. */
  async function crashed(name: string, start: number, segments: { seconds: number; lastWrite: number }[]): Promise<number> {
    const dir = join(t.dataDir, 'media', 'recordings', name);
    mkdirSync(dir, { recursive: true });
    for (const [i, seg] of segments.entries()) {
      const file = `HD-p01-s${String(i + 1).padStart(4, '0')}.ts`;
      await segment(dir, file, seg.seconds);
      utimesSync(join(dir, file), seg.lastWrite / 1000, seg.lastWrite / 1000);
    }
    const id = t.internals.repos.recordings.insert({
      ...{ title: name, name, usercode: 'admin', useraccount: 'admin', source: '', dir },
      ...{ starttime: device(start), schedule_id: null },
    });
    writeFileSync(join(dir, 'recording.json'), JSON.stringify({ id, name, starttime: start }));
    return id;
  }
  const seconds = (deviceTime: string) => Date.parse(`${deviceTime.replace(' ', 'T')}Z`) / 1000;

  // Must hold: the stop time is the end of the media (its last segment's last write), not the moment of recovery.
  it('is the end of its media: start plus its duration, or its last segment, never the time it was recovered', async () => {
    const hourAgo = Math.floor(Date.now() / 1000) * 1000 - 3600_000;
    const straight = await crashed('straight', hourAgo, [{ seconds: 3, lastWrite: hourAgo + 3000 }]);
    // Paused for 20 s between its two segments: the media lasts 4 s, the recording ended 26 s after its start.
    const paused = await crashed('paused', hourAgo, [
      { seconds: 2, lastWrite: hourAgo + 2000 },
      { seconds: 2, lastWrite: hourAgo + 26_000 },
    ]);
    const recoveredAt = Date.now();
    await expect(t.internals.recording.recover()).resolves.toBe(2);

    const a = t.internals.repos.recordings.find(straight)!;
    expect(a).toMatchObject({ state: 'done', note: 'recovered after an unexpected stop' });
    expect(a.duration_ms).toBeGreaterThan(2500);
    expect(seconds(a.stoptime) - seconds(a.starttime)).toBeGreaterThanOrEqual(3);
    expect(seconds(a.stoptime) - seconds(a.starttime)).toBeLessThanOrEqual(4);
    const b = t.internals.repos.recordings.find(paused)!;
    expect(b.duration_ms).toBeGreaterThan(3500);
    expect(seconds(b.stoptime) - seconds(b.starttime)).toBe(26);
    for (const rec of [a, b]) expect(seconds(rec.stoptime)).toBeLessThan(seconds(device(recoveredAt)) - 3000);
  }, 60_000);
});
