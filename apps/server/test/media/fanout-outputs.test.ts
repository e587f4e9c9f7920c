import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CopyOutput, hlsOutputArgs, rtmpOutputArgs } from '../../src/media/copy-output.js';
import { Encoder } from '../../src/media/encoder.js';
import { delay, waitFor } from '../wait.js';
import { testPlan } from './test-plan.js';

const run = promisify(execFile);

describe('encode once, fan out: HLS and RTMP attach by stream copy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fanout-'));
  const encoder = new Encoder();
  afterAll(async () => {
    await encoder.stop();
  });

  it('starts and stops outputs without restarting or disturbing the encoder', async () => {
    const port = 19350 + Math.floor(Math.random() * 500);
    // A real RTMP endpoint on loopback: ffmpeg in listen mode, saving what it receives.
    const received = join(dir, 'received.flv');
    const server = spawn(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/room`, '-c', 'copy', '-y', received],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let serverLog = '';
    server.stderr!.on('data', (d) => (serverLog += d));
    const serverExit = new Promise((r) => server.once('exit', r));
    encoder.start(testPlan());
    await waitFor(() => encoder.hd.bytesIn > 0 && encoder.sd.bytesIn > 0, { what: 'the encoder to put out HD and SD' });
    const pid = encoder.pid;
    const hls = new CopyOutput(encoder.sd, hlsOutputArgs(join(dir, 'live.m3u8'), join(dir, 'live-%05d.ts'), 2));
    const rtmp = new CopyOutput(encoder.hd, rtmpOutputArgs(`rtmp://127.0.0.1:${port}/live/room`));
    hls.start();
    rtmp.start();
    // Both outputs carry the stream: HLS has a whole 2 s segment in its playlist (each copy output first probes
    // its input), and the RTMP server has the pushed stream (it opens its output file once it knows the streams).
    const playlistHas2s = () => existsSync(join(dir, 'live.m3u8')) && /#EXTINF:2\.0/.test(readFileSync(join(dir, 'live.m3u8'), 'utf8'));
    await waitFor(() => playlistHas2s() && existsSync(received), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: 'HLS and RTMP to carry the stream',
      detail: () => ({ playlist: playlistHas2s(), received: existsSync(received), serverLog }),
    });
    expect(encoder.hd.consumerCount).toBe(1);
    await rtmp.stop();
    await hls.stop();
    expect(encoder.hd.consumerCount).toBe(0);
    expect(encoder.pid).toBe(pid);
    expect(encoder.restarts).toBe(0);
    // A bound, not a pause: it ends as soon as the server exits after the pusher hung up.
    await Promise.race([serverExit, delay(5000)]);
    server.kill('SIGKILL');
    // (the server ends with "Input/output error" when the pusher hangs up: expected)
    const playlist = readFileSync(join(dir, 'live.m3u8'), 'utf8');
    expect(playlist).toMatch(/#EXTINF:2\.0/);
    const segment = /live-\d{5}\.ts/.exec(playlist)![0];
    expect(existsSync(join(dir, segment))).toBe(true);
    expect(existsSync(received), serverLog).toBe(true);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width', '-of', 'csv=p=0', received]);
    expect(stdout).toMatch(/h264,640/);
  }, 30_000);
});
