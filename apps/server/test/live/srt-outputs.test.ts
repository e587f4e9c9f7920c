import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@roomcast/contract';
import { srtOutputUrl } from '../../src/services/live/push-profiles.js';
import { makeApp } from '../helpers.js';
import { waitFor } from '../wait.js';

const run = promisify(execFile);
const PASSPHRASE = 'campus-secret-0042';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * A receiver on loopback, Debian's ffmpeg built with libsrt: it listens for the service to call, with the given
 * passphrase, and keeps `seconds` of what arrives as MPEG-TS in `file`, then exits.
 */
function receiver(port: number, file: string, passphrase: string, seconds = 3): ChildProcess {
  const url = `srt://127.0.0.1:${port}?mode=listener&latency=200000&passphrase=${passphrase}&pbkeylen=16`;
  return spawn('ffmpeg', ['-v', 'error', '-y', '-i', url, '-t', String(seconds), '-c', 'copy', '-f', 'mpegts', file], { stdio: 'ignore' });
}

describe('SRT outputs (srtchannelctl): a copy of the encode to an SRT receiver on loopback', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'srt-out-'));
  const port = await freePort();
  const receivers: ChildProcess[] = [];
  afterAll(() => {
    for (const r of receivers) r.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const t = await makeApp();
  const admin = await t.login();
  const ctl = (control: 'start' | 'stop') => t.post('srtchannelctl', { channel: '1', control }, admin);
  const mainState = async () => (await t.post('status', {}, admin)).body.data.ismainsrt as string;
  await t.writeSettings(admin, {
    setting_rec_video_codec: { main_quality: '270' },
    setting_advance_media_save: { movie_low_enable: 'false' },
  });

  it('is refused while not enabled (an enabled output without a URL cannot be saved)', async () => {
    expect((await ctl('start')).body.message).toBe(MESSAGES.srtMainDisabled);
    const noUrl = await t.post('writeconfig', { settingcode: 'setting_live_srt', data: [{ key: 'mainenable', value: 'true' }] }, admin);
    expect(noUrl.body.message).toContain('The main SRT output is enabled. Please input its URL or disable it.');
  });

  it('streams the HD picture as H.264 in MPEG-TS, encrypted, to a receiver with the same passphrase', async () => {
    await t.writeSettings(admin, {
      setting_live_srt: { mainenable: 'true', mainurl: `srt://127.0.0.1:${port}`, latency: '200', passphrase: PASSPHRASE, pbkeylen: '16' },
    });
    const file = join(dir, 'main.ts');
    receivers.push(receiver(port, file, PASSPHRASE));
    expect((await ctl('start')).body.result).toBe(true);
    await waitFor(async () => (await mainState()) === 'true', { timeoutMs: 15_000, what: 'the SRT main output streaming' });
    // The receiver keeps 3 s and leaves: the output drops and waits to reconnect.
    await waitFor(async () => (await mainState()) === 'reconn', { timeoutMs: 20_000, what: 'the drop after the receiver left' });
    const probe = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'csv=p=0',
      file,
    ]);
    expect(probe.stdout.split('\n').filter(Boolean)[0]).toBe('h264,480,270');
    // The receiver back: streaming again without anyone's action.
    receivers.push(receiver(port, join(dir, 'again.ts'), PASSPHRASE, 30));
    await waitFor(async () => (await mainState()) === 'true', { timeoutMs: 40_000, what: 'the SRT main output streaming again' });
    expect(t.internals.repos.oplog.page(50, 0).map((r) => r.description)).toContain('SRT main (HD) output reconnected');
    expect((await ctl('stop')).body.result).toBe(true);
    expect(await mainState()).toBe('false');
  }, 90_000);

  it('a receiver with another passphrase gets nothing: the output keeps reconnecting', async () => {
    const file = join(dir, 'wrong.ts');
    const wrong = receiver(port, file, 'another-secret-99', 30);
    receivers.push(wrong);
    expect((await ctl('start')).body.result).toBe(true);
    // Three attempts refused: the later ones reach a receiver that listens (it took a moment to start).
    await waitFor(() => (t.internals.srt.attempts('main')?.failures ?? 0) >= 3, { timeoutMs: 20_000, what: 'three refused attempts' });
    expect(await mainState()).toBe('reconn');
    expect(existsSync(file) ? statSync(file).size : 0).toBe(0);
    expect((await ctl('stop')).body.result).toBe(true);
    wrong.kill('SIGKILL');
  }, 40_000);

  it("carries the encoder's MPEG-TS as it is, byte for byte (no demux and remux to hold pictures back)", async () => {
    // A port of its own: the earlier tests' receivers may still listen on theirs.
    const own = await freePort();
    await t.writeSettings(admin, {
      setting_live_srt: { mainenable: 'true', mainurl: `srt://127.0.0.1:${own}`, latency: '200', passphrase: PASSPHRASE, pbkeylen: '16' },
    });
    // What the encoder's HD fan-out gives, and what a receiver keeping the bytes as they come (ffmpeg's data demuxer) gets.
    // The encode runs first (a recording), so the fan-out is watched from before the output's first byte.
    const sent: Buffer[] = [];
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitFor(() => t.internals.media.encoder.running, { timeoutMs: 15_000, what: 'the encoder' });
    const detach = t.internals.media.encoder.hd.attach((chunk) => void sent.push(Buffer.from(chunk)));
    const file = join(dir, 'bytes.bin');
    const url = `srt://127.0.0.1:${own}?mode=listener&latency=200000&passphrase=${PASSPHRASE}&pbkeylen=16`;
    const bytes = spawn('ffmpeg', ['-v', 'error', '-y', '-f', 'data', '-i', url, '-map', '0', '-c', 'copy', '-f', 'data', file], {
      stdio: 'ignore',
    });
    receivers.push(bytes);
    expect((await ctl('start')).body.result).toBe(true);
    await waitFor(async () => (await mainState()) === 'true', { timeoutMs: 15_000, what: 'the SRT main output streaming' });
    await waitFor(() => existsSync(file) && statSync(file).size > 100_000, { timeoutMs: 15_000, what: '100 kB received' });
    expect((await ctl('stop')).body.result).toBe(true);
    detach();
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const got = readFileSync(file);
    // Whole TS packets from the first byte: the PAT and PMT a copy starts with, then 100 kB found as they are in what
    // the encoder sent.
    expect([0, 188, 376].map((at) => got[at])).toEqual([0x47, 0x47, 0x47]);
    expect(Buffer.concat(sent).indexOf(got.subarray(2 * 188, 100_000))).toBeGreaterThanOrEqual(0);
  }, 40_000);

  it('builds libsrt options from the settings: mode, latency in microseconds, AES key length, stream id', () => {
    expect(
      srtOutputUrl('srt://10.0.0.9:9000', {
        mode: 'caller',
        latency: 120,
        passphrase: PASSPHRASE,
        pbkeylen: '32',
        streamid: '#!::r=live/a101',
      }),
    ).toBe(`srt://10.0.0.9:9000?mode=caller&latency=120000&passphrase=${PASSPHRASE}&pbkeylen=32&streamid=%23%21%3A%3Ar%3Dlive%2Fa101`);
    expect(srtOutputUrl('srt://0.0.0.0:9001', { mode: 'listener', latency: 200, passphrase: '', pbkeylen: '16', streamid: '' })).toBe(
      'srt://0.0.0.0:9001?mode=listener&latency=200000',
    );
  });
});
