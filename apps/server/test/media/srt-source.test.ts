import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';

const run = promisify(execFile);

/** A free port number (UDP ports follow TCP's closely enough on loopback for a test). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * An SRT camera on loopback, Debian's ffmpeg built with libsrt: a moving test picture and a tone as H.264 and AAC in
 * MPEG-TS, listening for the service to call it. ffmpeg serves one caller and exits, so it is started again while the
 * camera is on (a camera keeps listening); `off` turns it off.
 */
function camera(port: number) {
  let on = true;
  let proc = sender(port);
  const keep = () =>
    proc.once('exit', () => {
      if (!on) return;
      proc = sender(port);
      keep();
    });
  keep();
  return {
    off() {
      on = false;
      proc.kill('SIGKILL');
    },
  };
}

function sender(port: number): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      '-v',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=500:sample_rate=48000',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '30',
      '-c:a',
      'aac',
      '-f',
      'mpegts',
      `srt://127.0.0.1:${port}?mode=listener`,
    ],
    { stdio: 'ignore' },
  );
}

describe('SRT source: a channel called over SRT, lost and back during a recording', async () => {
  const port = await freePort();
  let peer = camera(port);
  afterAll(() => peer.off());
  const t = await makeApp();
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_rec_video_codec: { main_quality: '270' },
    setting_advance_media_save: { movie_low_enable: 'false' },
    setting_video_input: { channelB: 'srt', srtURLB: `srt://127.0.0.1:${port}` },
  });
  await t.post('savelayout', [{ index: 0, type: 1, channels: 2, channeldata: ['A', 'B'] }], admin);
  await t.post('setlayoutid', { id: 0 }, admin);
  const signalOfB = async () =>
    ((await t.post('status', {}, admin)).body.data.signals as { channel: string; signal: string }[]).find((s) => s.channel === 'B')?.signal;

  it('records the sender as channel B; a sender gone shows the slate, and back it is recorded again', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 2);
    expect(t.internals.media.lostChannels()).toEqual([]);
    expect(await signalOfB()).toBe('signal');
    peer.off();
    await waitFor(() => t.internals.media.lostChannels().includes('B'), { timeoutMs: 15_000, intervalMs: 250, what: 'channel B lost' });
    expect(await signalOfB()).toBe('nosignal');
    await waitRecorded(t, 2, { after: recordedSeconds(t) });
    expect((await t.post('status', {}, admin)).body.data.isrecording).toBe('true');
    peer = camera(port);
    await waitFor(() => t.internals.media.lostChannels().length === 0, { timeoutMs: 20_000, intervalMs: 250, what: 'channel B back' });
    await waitRecorded(t, 2, { after: recordedSeconds(t) });
    // Still its picture two seconds on.
    expect(t.internals.media.lostChannels()).toEqual([]);
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', hd.filepath]);
    expect(Number(stdout)).toBeGreaterThan(5);
  }, 60_000);

  it('an SRT URL is checked before it reaches an argv; a channel set to SRT needs one', async () => {
    const write = (values: Record<string, string>) =>
      t.post(
        'writeconfig',
        { settingcode: 'setting_video_input', data: Object.entries(values).map(([key, value]) => ({ key, value })) },
        admin,
      );
    expect((await write({ srtURLC: 'srt://10.0.0.5:9000?latency=200000&passphrase=0123456789abc' })).body.result).toBe(true);
    for (const bad of ['srt://host:9000;reboot', 'http://host:9000', 'srt:// spaced:1', 'srt://$(id):1']) {
      expect((await write({ srtURLC: bad })).body.result, bad).toBe(false);
    }
    const none = await write({ channelC: 'srt', srtURLC: '' });
    expect(none.body.message).toContain('Channel C is set to SRT. Please input its SRT URL.');
  });
});
