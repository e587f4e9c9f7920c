// A network camera for benchmarks whose picture is the wall clock: sixteen boxes show the Gray code of the time in
// 10 ms units (mod 2^16, so 655 s before it wraps), drawn by ffmpeg's drawbox with `time(0)` when each frame is made
// (`-re`: in real time, as a camera captures), encoded like a camera does (x264 ultrafast, zerolatency, 1 s GOP, one
// slice a picture) and served over RTSP by GStreamer's RTSP server (`clock-camera.py`, fed MPEG-TS over loopback UDP).
// The service takes it as an `rtsp` source. Gray code: the boxes are drawn one after another, and between two of them
// the clock may tick; in Gray code one tick changes one box, so a frame never mixes two times into a third.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { freePort } from '@roomcast/test-servers';

export const CLOCK_BITS = 16;
/** The camera picture and where its boxes are (pixels of the camera picture); the rest is black. */
export const CLOCK_LAYOUT = {
  width: 640,
  height: 360,
  boxes: Array.from({ length: CLOCK_BITS }, (_, k) => ({ x: 32 + (k % 8) * 72, y: k < 8 ? 72 : 184, w: 64, h: 64 })),
  /** Always white: a frame where it is not (the slate, a broken picture) is not read. */
  white: { x: 32, y: 280, w: 64, h: 48 },
  /** Always black (background). */
  black: { x: 120, y: 280, w: 64, h: 48 },
};

/** The drawbox filters: each box filled white while its bit of the Gray code of floor(time*100) is 1. */
export function clockFilter() {
  const { width, height, boxes, white } = CLOCK_LAYOUT;
  const box = (b, enable) => `drawbox=x=${b.x}:y=${b.y}:w=${b.w}:h=${b.h}:color=white:t=fill${enable ? `:enable='${enable}'` : ''}`;
  // Gray code bit k of n (mod 2^16): floor((n + 2^k) / 2^(k+1)) mod 2 (bit k XOR bit k+1 of n); the top bit is n's own.
  const n = 'floor(time(0)*100)';
  const bit = (k) => (k === CLOCK_BITS - 1 ? `mod(floor(${n}/${2 ** k}),2)` : `mod(floor((${n}+${2 ** k})/${2 ** (k + 1)}),2)`);
  return [`color=c=black:size=${width}x${height}:rate=30`, box(white), ...boxes.map((b, k) => box(b, bit(k)))].join(',');
}

/**
 * Reads the clock from a picture: `luma(x, y)` gives the brightness (0-255) around a point of the camera picture.
 * Self-contained (the page runs it too, after `toString()`). Returns the time in 10 ms units mod 2^16, or undefined
 * when the picture is not the clock.
 */
export function readClock(layout, luma) {
  const centre = (b) => luma(b.x + b.w / 2, b.y + b.h / 2);
  if (centre(layout.white) < 160 || centre(layout.black) > 96) return undefined;
  let gray = 0;
  layout.boxes.forEach((b, k) => {
    if (centre(b) >= 128) gray |= 1 << k;
  });
  let n = gray;
  for (let shift = 1; shift < layout.boxes.length; shift <<= 1) n ^= n >> shift;
  return n;
}

/** Milliseconds from the clock shown (10 ms units mod 2^16) to `atMs` (epoch ms): the picture's age, centred on its 10 ms step. */
export function clockAge(units, atMs) {
  const span = 2 ** CLOCK_BITS;
  const now = Math.floor(atMs / 10) % span;
  return ((now - units + span) % span) * 10 + ((atMs % 10) - 5);
}

function freeUdpPort() {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/** Starts the camera: `url` is its RTSP address; `stop()` ends it. */
export async function startClockCamera() {
  const port = await freePort();
  const feed = await freeUdpPort();
  const server = spawn('/usr/bin/python3', [new URL('./clock-camera.py', import.meta.url).pathname, String(port), String(feed)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`the clock camera's RTSP server exited (${code})`)));
  });
  const encoder = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      clockFilter(),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      // One slice a picture: GStreamer's tsdemux ! h264parse ! rtph264pay chain breaks x264's sliced-thread pictures apart.
      '-threads',
      '1',
      '-g',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '1500k',
      '-f',
      'mpegts',
      // No mux delay: PTS = PCR, so the RTSP server need not hold pictures back.
      '-muxdelay',
      '0',
      '-muxpreload',
      '0',
      '-flush_packets',
      '1',
      `udp://127.0.0.1:${feed}?pkt_size=1316`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const stop = () => {
    encoder.kill('SIGTERM');
    server.stdin.end();
  };
  // Never outlives the benchmark.
  process.once('exit', stop);
  return { url: `rtsp://127.0.0.1:${port}/clock`, stop };
}

/**
 * Reads the clock of a stream as it arrives here: ffmpeg decodes what `input` names (its input options and `-i`), one
 * slice-threaded picture at a time (no frame-thread delay), and each picture's age when it was decoded goes to `onAge`.
 * Feed it through `write` when `input` reads `pipe:0`.
 */
export function watchClock(input, onAge) {
  let corrupt = 0;
  const width = 320;
  const height = Math.round((width * CLOCK_LAYOUT.height) / CLOCK_LAYOUT.width);
  const scale = width / CLOCK_LAYOUT.width;
  const frameBytes = width * height;
  const proc = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      // Warnings too: the decoder's "corrupt decoded frame" counts pictures that arrived broken.
      '-loglevel',
      'warning',
      '-threads',
      '1',
      // Cheaper decoding (the boxes read the same): the benchmark's own clients load the machine as little as they can.
      '-skip_loop_filter',
      'all',
      ...input,
      '-an',
      '-vf',
      `scale=${width}:${height},format=gray`,
      // Each decoded picture once, when it is decoded (no frame-rate conversion holding or repeating pictures).
      '-fps_mode',
      'passthrough',
      '-flush_packets',
      '1',
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  proc.stdin.on('error', () => undefined);
  proc.stderr.on('data', (d) => {
    corrupt += (String(d).match(/corrupt decoded frame/g) ?? []).length;
    if (process.env.CLOCK_DEBUG) process.stderr.write(d);
  });
  let pending = Buffer.alloc(0);
  proc.stdout.on('data', (chunk) => {
    const at = Date.now();
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= frameBytes) {
      const frame = pending.subarray(0, frameBytes);
      pending = pending.subarray(frameBytes);
      const luma = (x, y) => frame[Math.round(y * scale) * width + Math.round(x * scale)];
      const units = readClock(CLOCK_LAYOUT, luma);
      if (units !== undefined) onAge(clockAge(units, at));
    }
  });
  return {
    write: (bytes) => proc.stdin.writable && proc.stdin.write(bytes),
    stop: () => proc.kill('SIGTERM'),
    /** Pictures the decoder reported as corrupt so far (set `corrupt = 0` to count afresh). */
    get corrupt() {
      return corrupt;
    },
    set corrupt(n) {
      corrupt = n;
    },
  };
}

/** A client straight at the camera, pulling it as the service's encoder does (RTSP over TCP): the camera's own share. */
export const watchCamera = (url, onAge) => watchClock(['-rtsp_transport', 'tcp', '-i', url], onAge);
