// How long a copy output's ffmpeg holds each picture between the encoder's fan-out and its destination (issue 20: the
// SRT outputs' latency). An encoder-like MPEG-TS (x264 zerolatency, 1 s GOP, AAC, as media/encode-outputs.ts makes it)
// is fed into the copy's stdin paced by its video DTS, as the fan-out gives it, and the time from each video PES going
// in to the same one coming out of the copy's stdout is measured, for both ways the service copies: demuxed and remuxed
// as MPEG-TS (MPEGTS_INPUT, the RTMP/HLS outputs') and passed through as bytes (TS_BYTES_INPUT, the SRT outputs').
// Env: HOLD_SECONDS (default 10), HOLD_QUALITY (picture height, default 720).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyArgs, MPEGTS_INPUT, TS_BYTES_INPUT } from '../apps/server/dist/media/copy-output.js';
import { machine } from './lib/machine.mjs';

const SECONDS = Number(process.env.HOLD_SECONDS ?? 10);
const HEIGHT = Number(process.env.HOLD_QUALITY ?? 720);
const WIDTH = Math.round((HEIGHT * 16) / 9 / 2) * 2;

const dir = mkdtempSync(join(tmpdir(), 'copy-hold-'));
const sample = join(dir, 'encoder.ts');
console.log('machine', JSON.stringify(machine()));
execFileSync('ffmpeg', [
  ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=30`],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(SECONDS + 3)],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0'],
  ...['-b:v', '4000k', '-maxrate', '4000k', '-bufsize', '8000k', '-c:a', 'aac', '-b:a', '128000', '-ac', '2', '-f', 'mpegts', sample],
]);
const ts = readFileSync(sample);

/** The video PES that starts in the TS packet at `at`, with its DTS (90 kHz), or undefined. */
function videoPesDts(buf, at) {
  if (buf[at] !== 0x47 || !(buf[at + 1] & 0x40)) return undefined;
  const afc = (buf[at + 3] >> 4) & 3;
  if (afc === 2) return undefined;
  const p = at + 4 + (afc === 3 ? 1 + buf[at + 4] : 0);
  if (buf[p] !== 0 || buf[p + 1] !== 0 || buf[p + 2] !== 1 || (buf[p + 3] & 0xf0) !== 0xe0) return undefined;
  const stamp = (q) =>
    ((buf[q] >> 1) & 7) * 2 ** 30 + (buf[q + 1] << 22) + ((buf[q + 2] >> 1) << 15) + (buf[q + 3] << 7) + (buf[q + 4] >> 1);
  return buf[p + 7] & 0x40 ? stamp(p + 14) : stamp(p + 9);
}

const frames = [];
for (let at = 0; at + 188 <= ts.length; at += 188) {
  const dts = videoPesDts(ts, at);
  if (dts !== undefined) frames.push({ at, ms: (dts - (frames[0]?.dts ?? dts)) / 90, dts });
}

async function hold(input) {
  const out = input === TS_BYTES_INPUT ? ['-f', 'data', 'pipe:1'] : ['-flush_packets', '1', '-f', 'mpegts', 'pipe:1'];
  const ff = spawn('ffmpeg', copyArgs(out, input), { stdio: ['pipe', 'pipe', 'ignore'] });
  const sent = [];
  const received = [];
  let carry = Buffer.alloc(0);
  ff.stdout.on('data', (d) => {
    const now = performance.now();
    const buf = Buffer.concat([carry, d]);
    let at = 0;
    for (; at + 188 <= buf.length; at += 188) if (videoPesDts(buf, at) !== undefined) received.push(now);
    carry = buf.subarray(at);
  });
  const t0 = performance.now() + 200;
  for (let i = 0; i < frames.length && frames[i].ms < SECONDS * 1000; i++) {
    const wait = t0 + frames[i].ms - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    ff.stdin.write(ts.subarray(i === 0 ? 0 : frames[i].at, frames[i + 1]?.at ?? ts.length));
    sent.push(performance.now());
  }
  await new Promise((r) => setTimeout(r, 1500));
  ff.stdin.end();
  await new Promise((r) => ff.on('exit', r));
  // The k-th picture in is the k-th out; the first and last second left out (start-up, the end of the input).
  const held = [];
  for (let k = 30; k < Math.min(sent.length, received.length) - 30; k++) held.push(received[k] - sent[k]);
  held.sort((a, b) => a - b);
  const q = (p) => held[Math.floor(p * (held.length - 1))].toFixed(1);
  return { in: sent.length, out: received.length, p50: q(0.5), p90: q(0.9), max: q(1) };
}

try {
  for (const [name, input] of [
    ['demuxed and remuxed (MPEGTS_INPUT: RTMP, HLS)', MPEGTS_INPUT],
    ['passed through as bytes (TS_BYTES_INPUT: SRT)', TS_BYTES_INPUT],
  ]) {
    const r = await hold(input);
    console.log(`${name}: ${r.in} pictures in, ${r.out} out; held ms p50 ${r.p50}, p90 ${r.p90}, max ${r.max}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
