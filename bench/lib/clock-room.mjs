// The live room on the clock camera (clock-camera.mjs), shared by the latency benchmarks (live-latency.mjs,
// rtsp-latency.mjs): the camera as channel A, full screen, of the service's encode; a client decoding the service's
// WebSocket stream as it arrives; and the figures of the ages read.
import { rmSync } from 'node:fs';
import WebSocket from 'ws';
import { startClockCamera, watchClock } from './clock-camera.mjs';
import { startService } from './service.mjs';

/**
 * Starts the clock camera and a service (`env` added to its environment) with the camera as channel A, full screen,
 * encoded at `quality` (main_quality). `stop()` ends both and removes the service's data. Interrupted (SIGINT,
 * SIGTERM) or exiting, the service is stopped too (the camera stops itself).
 */
export async function startClockRoom({ quality, env = {} }) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  const camera = await startClockCamera();
  const svc = await startService({ MIN_FREE_MB: '100', ...env });
  process.once('exit', () => svc.proc.kill('SIGTERM'));
  const stop = async () => {
    await svc.close();
    camera.stop();
    rmSync(svc.dataDir, { recursive: true, force: true });
  };
  try {
    await svc.must('writeconfig', {
      settingcode: 'setting_video_input',
      data: [
        { key: 'channelA', value: 'rtsp' },
        { key: 'rtspURLA', value: camera.url },
      ],
    });
    await svc.must('savelayout', [{ index: 0, type: 0, channels: 1, channeldata: ['A'] }]);
    await svc.must('setlayoutid', { id: 0 });
    await svc.must('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: quality }] });
  } catch (err) {
    await stop();
    throw err;
  }
  return { camera, svc, stop };
}

/**
 * A client of the service's WebSocket stream (`livesource`'s `ws` path) decoding it as it arrives (watchClock): each
 * picture's age goes to `onAge`. `input` are ffmpeg options before the input (e.g. a shorter probe). `stop()` closes
 * the socket and the decoder; `corrupt` counts the pictures the decoder reported corrupt (as watchClock's).
 */
export function watchServiceStream(svc, wsPath, onAge, input = []) {
  const client = watchClock([...input, '-f', 'mpegts', '-i', 'pipe:0'], onAge);
  const socket = new WebSocket(`ws://127.0.0.1:${svc.port}${wsPath}`);
  socket.on('message', (data) => client.write(data));
  socket.on('error', () => undefined);
  return {
    stop: () => {
      socket.close();
      client.stop();
    },
    get corrupt() {
      return client.corrupt;
    },
    set corrupt(n) {
      client.corrupt = n;
    },
  };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Ages outside 0-60 s are misread pictures (a corrupt one shows boxes of two times). */
export const plausibleAge = (a) => a >= 0 && a < 60_000;

/** Count, min, median, p95 and max of `values` (ms); those `keep` rejects are counted as `misread`, not used. */
export function stats(values, keep = () => true) {
  const s = [...values].sort((a, b) => a - b);
  const ok = s.filter(keep);
  return { n: ok.length, misread: s.length - ok.length, min: ok[0], median: quantile(ok, 0.5), p95: quantile(ok, 0.95), max: ok.at(-1) };
}

/** Milliseconds as seconds with two decimals ('-' when there is no figure). */
export const sec = (v) => (v === undefined ? '-' : `${(v / 1000).toFixed(2)} s`);
