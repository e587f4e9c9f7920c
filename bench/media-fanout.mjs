// Media benchmarks (media engine issue): fan-out CPU ratio vs plain ffmpeg tee, default room CPU and speed.
// Prints figures; never fails the build. Needs `npm run build` first (uses apps/server/dist).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Encoder } from '../apps/server/dist/media/encoder.js';
import { buildEncoderArgs } from '../apps/server/dist/media/encoder-args.js';
import { CopyOutput, hlsOutputArgs, rtmpOutputArgs } from '../apps/server/dist/media/copy-output.js';
import { RecordingSession } from '../apps/server/dist/media/recording-session.js';
import { FONT_FILES } from '../apps/server/dist/media/osd-fonts.js';
import { probeDurationMs } from '../apps/server/dist/media/process-runner.js';
import { cpuSeconds, machine, sleep } from './lib/machine.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PRESET = process.env.MEDIA_PRESET ?? 'veryfast';

/** The default room: 1080p30 composite of three synthetic sources + 360p SD. */
const plan = {
  width: 1920,
  height: 1080,
  fps: 30,
  sources: {
    A: { kind: 'synthetic', label: 'A · HDMI1', color: '0xC0392B', tone: 440, motion: true },
    B: { kind: 'synthetic', label: 'B · HDMI2', color: '0x2980B9', tone: 550, motion: true },
    C: { kind: 'synthetic', label: 'C · HDMI3', color: '0x27AE60', tone: 660, motion: true },
  },
  layout: { type: 9, channeldata: ['A', 'B', 'C'] },
  fit: 'equalratio',
  osd: { fontFile: FONT_FILES.arial, fontSize: 10, fontColor: 'FFFFFF', datetime: { x: 20, y: 20 }, text: undefined, logo: undefined },
  main: { bitrateK: 4000, rc: 'cbr' },
  sub: { height: 360, bitrateK: 500, rc: 'cbr' },
  audio: { sampleRate: 48000, bitrate: 128000, inputs: [{ kind: 'tone', freq: 300 }], gain: 1 },
  preset: PRESET,
};

function rtmpServer(port, dir) {
  return spawn(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'quiet', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/b`, '-c', 'copy', '-f', 'null', '-'],
    { stdio: 'ignore', cwd: dir },
  );
}

/** Runs the Roomcast engine for SECONDS; returns CPU seconds of everything it ran and the recorded media seconds. */
async function roomcast(withOutputs, dir) {
  mkdirSync(dir, { recursive: true });
  const encoder = new Encoder();
  const nodeStart = process.cpuUsage();
  encoder.start(plan);
  await sleep(1500);
  const session = new RecordingSession(
    dir,
    [
      { code: 'HD', channel: 10, fanout: encoder.hd },
      { code: 'SD', channel: 11, fanout: encoder.sd },
    ],
    { maxPartMs: 1e12, maxPartBytes: 1e15 },
  );
  const outputs = [];
  let server;
  if (withOutputs) {
    const port = 19000 + Math.floor(Math.random() * 900);
    server = rtmpServer(port, dir);
    await sleep(500);
    outputs.push(new CopyOutput(encoder.sd, hlsOutputArgs(join(dir, 'live.m3u8'), join(dir, 'live-%05d.ts'), 1)));
    outputs.push(new CopyOutput(encoder.hd, rtmpOutputArgs(`rtmp://127.0.0.1:${port}/live/b`)));
  }
  const pids = () => [encoder.pid, ...outputs.map((o) => o.pid)].filter(Boolean);
  session.start();
  const sessionStart = Date.now();
  for (const o of outputs) o.start();
  await sleep(300);
  const before = pids().map((p) => [p, cpuSeconds(p)]);
  const t0 = Date.now();
  const bytes0 = encoder.hd.bytesIn;
  const node0 = process.cpuUsage(nodeStart);
  await sleep(SECONDS * 1000);
  const wall = (Date.now() - t0) / 1000;
  const cpu = before.reduce((n, [p, c]) => n + cpuSeconds(p) - c, 0);
  const node1 = process.cpuUsage(nodeStart);
  const nodeCpu = (node1.user + node1.system - node0.user - node0.system) / 1e6;
  const mbps = ((encoder.hd.bytesIn - bytes0) * 8) / wall / 1e6;
  const parts = session.stop();
  const sessionWall = (Date.now() - sessionStart) / 1000;
  let media = 0;
  for (const part of parts.filter((x) => x.code === 'HD')) for (const seg of part.segments) media += (await probeDurationMs(seg)) / 1000;
  await Promise.all(outputs.map((o) => o.stop()));
  await encoder.stop();
  server?.kill('SIGKILL');
  return { cpu: cpu + nodeCpu, ffmpegCpu: cpu, nodeCpu, wall, mbps, restarts: encoder.restarts, speed: media / sessionWall };
}

/** Plain ffmpeg doing the same with its own tee muxer: file only, or file + HLS + RTMP. */
async function plainTee(withOutputs, dir) {
  const args = buildEncoderArgs(plan);
  // Keep inputs and filters; replace the two pipe outputs with one tee per picture.
  const cut = args.indexOf('-map');
  const head = args.slice(0, cut);
  const port = 19000 + Math.floor(Math.random() * 900);
  let server;
  if (withOutputs) {
    server = rtmpServer(port, dir);
    await sleep(500);
  }
  const enc = (b) => [
    '-c:v',
    'libx264',
    '-preset',
    PRESET,
    '-tune',
    'zerolatency',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '30',
    '-keyint_min',
    '30',
    '-sc_threshold',
    '0',
    '-b:v',
    `${b}k`,
    '-maxrate',
    `${b}k`,
    '-bufsize',
    `${b * 2}k`,
    '-c:a',
    'aac',
    '-b:a',
    '128000',
  ];
  const hd = withOutputs
    ? `[f=mpegts]${join(dir, 'tee-hd.ts')}|[f=flv:onfail=ignore]rtmp\\://127.0.0.1\\:${port}/live/b`
    : `[f=mpegts]${join(dir, 'tee-hd.ts')}`;
  const sd = withOutputs
    ? `[f=mpegts]${join(dir, 'tee-sd.ts')}|[f=hls:hls_time=2:hls_list_size=6]${join(dir, 'tee.m3u8')}`
    : `[f=mpegts]${join(dir, 'tee-sd.ts')}`;
  const full = [
    ...head,
    '-map',
    '[hd]',
    '-map',
    '[aout]',
    ...enc(4000),
    '-f',
    'tee',
    hd,
    '-map',
    '[sd]',
    '-map',
    '[aoutsd]',
    ...enc(500),
    '-f',
    'tee',
    sd,
  ];
  const p = spawn('ffmpeg', full, { stdio: ['ignore', 'ignore', 'ignore'] });
  await sleep(1800);
  const c0 = cpuSeconds(p.pid);
  const t0 = Date.now();
  await sleep(SECONDS * 1000);
  const cpu = cpuSeconds(p.pid) - c0;
  const wall = (Date.now() - t0) / 1000;
  p.kill('SIGINT');
  await new Promise((r) => p.once('exit', r));
  server?.kill('SIGKILL');
  return { cpu, wall };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-media-'));
console.log('machine', JSON.stringify(machine()));
console.log(`default room: 1080p30 composite of 3 moving synthetic sources (testsrc2) + 360p SD, x264 ${PRESET}, ${SECONDS} s per run`);
const alone = await roomcast(false, join(dir, 'a'));
const fanned = await roomcast(true, join(dir, 'b'));
const teeAlone = await plainTee(false, dir);
const teeFanned = await plainTee(true, dir);
const cores = machine().cpus;
console.log(
  `roomcast record only:            CPU ${((alone.cpu / alone.wall) * 100).toFixed(1)} % of one core (${((alone.cpu / alone.wall / cores) * 100).toFixed(1)} % of the machine), HD ${alone.mbps.toFixed(2)} Mb/s, encoder restarts ${alone.restarts}`,
);
console.log(
  `roomcast record + HLS + RTMP:    CPU ${((fanned.cpu / fanned.wall) * 100).toFixed(1)} % of one core (${((fanned.cpu / fanned.wall / cores) * 100).toFixed(1)} % of the machine)`,
);
console.log(`fan-out CPU ratio (target <= 1.15): ${(fanned.cpu / fanned.wall / (alone.cpu / alone.wall)).toFixed(3)}`);
console.log(`plain ffmpeg tee, file only:     CPU ${((teeAlone.cpu / teeAlone.wall) * 100).toFixed(1)} % of one core`);
console.log(
  `plain ffmpeg tee, file+HLS+RTMP: CPU ${((teeFanned.cpu / teeFanned.wall) * 100).toFixed(1)} % of one core; ratio ${(teeFanned.cpu / teeFanned.wall / (teeAlone.cpu / teeAlone.wall)).toFixed(3)}`,
);
console.log(`speed (recorded media seconds / wall seconds, target >= 1.0; the first GOP is skipped): ${alone.speed.toFixed(3)}`);
console.log(`default room total CPU (target <= 70 % of the machine, live on): ${((fanned.cpu / fanned.wall / cores) * 100).toFixed(1)} %`);
rmSync(dir, { recursive: true, force: true });
