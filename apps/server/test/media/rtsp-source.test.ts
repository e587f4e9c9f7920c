import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';

const run = promisify(execFile);
const SERVER = new URL('./rtsp-server.py', import.meta.url).pathname;
const hasGstRtsp =
  existsSync('/usr/lib/x86_64-linux-gnu/girepository-1.0/GstRtspServer-1.0.typelib') ||
  existsSync('/usr/lib/aarch64-linux-gnu/girepository-1.0/GstRtspServer-1.0.typelib');

function camera(port: number): Promise<ChildProcess> {
  const p = spawn('/usr/bin/python3', [SERVER, String(port)], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    p.stdout!.once('data', () => resolve(p));
    p.once('exit', (code) => reject(new Error(`RTSP server exited (${code})`)));
  });
}

describe.skipIf(!hasGstRtsp)('RTSP source: lost and back during a recording', async () => {
  const port = 18554 + Math.floor(Math.random() * 300);
  let cam = await camera(port);
  afterAll(() => cam.kill('SIGKILL'));
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] }, admin);
  await t.post(
    'writeconfig',
    {
      settingcode: 'setting_video_input',
      data: [
        { key: 'channelA', value: 'rtsp' },
        { key: 'rtspURLA', value: `rtsp://127.0.0.1:${port}/cam` },
      ],
    },
    admin,
  );
  await t.post('savelayout', [{ index: 0, type: 1, channels: 2, channeldata: ['A', 'B'] }], admin);
  await t.post('setlayoutid', { id: 0 }, admin);

  it('shows the slate while the camera is gone, takes it back when it returns, and never stops recording', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 3);
    // What each channel delivers, as the encode found it: the camera's own stream, and B's stand-in at its slot's size.
    const signals = (await t.post('status', {}, admin)).body.data.signals as { channel: string; signal: string; detected?: unknown }[];
    expect(signals.find((s) => s.channel === 'A')).toMatchObject({ signal: 'signal', detected: { width: 640, height: 360, fps: 15 } });
    expect(signals.find((s) => s.channel === 'B')).toMatchObject({ signal: 'standin', detected: { width: expect.any(Number), fps: 30 } });
    cam.kill('SIGKILL');
    await waitFor(() => t.internals.media.lostChannels().includes('A'), {
      timeoutMs: 10_000,
      intervalMs: 250,
      what: 'channel A to be reported lost',
    });
    expect(t.internals.media.lostChannels()).toEqual(['A']);
    const lost = (await t.post('status', {}, admin)).body.data;
    expect(lost.isrecording).toBe('true');
    // The slate's size is no camera's: a lost channel has no detected picture.
    expect(lost.signals.find((s: { channel: string }) => s.channel === 'A')).toEqual({ channel: 'A', source: 'rtsp', signal: 'nosignal' });
    // The camera stays gone while 2 s more are recorded (the slate; the encoder restarted without it).
    await waitRecorded(t, 2, { after: recordedSeconds(t) });
    cam = await camera(port);
    await waitFor(() => t.internals.media.lostChannels().length === 0, {
      timeoutMs: 15_000,
      intervalMs: 250,
      what: 'channel A to be back',
    });
    expect(t.internals.media.lostChannels()).toEqual([]);
    await waitRecorded(t, 2.5, { after: recordedSeconds(t) });
    const back = (await t.post('status', {}, admin)).body.data.signals.find((s: { channel: string }) => s.channel === 'A');
    expect(back).toMatchObject({ signal: 'signal', detected: { width: 640, height: 360 } });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', hd.filepath]);
    expect(Number(stdout)).toBeGreaterThan(4);
    // Both changes in the operation log, as the service's own rows.
    const rows = t.internals.repos.oplog.page(100, 0).map((r) => r.description);
    expect(rows).toContain('Channel A: RTSP source lost; the no-signal picture is shown');
    expect(rows).toContain('Channel A: RTSP source is back');
  }, 60_000);
});
