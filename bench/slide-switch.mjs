// Slide switching (issue 12, setting_ppt): what slide detection costs and how fast the picture follows a slide.
//  1. Latency. The built service with channel C on the synthetic slides (`"hdmi3": "slides:N"`, a new slide every N s
//     on the wall clock's multiples of N), switching on (5 s), the layout A alone, the layout animation a cut, the room
//     live. A WebSocket viewer's stream (what the room's viewers get) is decoded as it arrives; for each slide change
//     the time from the change to the service's log line (detection), to the first media of the switched encode, and
//     to the first frame with the slides first.
//  2. CPU. The same service, live, on one slides source at a time: the synthetic slides, and a 1080p30 H.264 RTSP
//     source (GStreamer's RTSP server, as a computer's encoder box or a camera would be) showing a still picture and a
//     moving one, with the slides channel not on the picture (layout A) and on it (C full frame, A in the corner).
//     Phases with slide detection on (push on, no switching) and off (switching and push off) alternate, SLIDE_ROUNDS
//     times SLIDE_PHASE_S seconds each, after a settling time; the CPU of the service and every process it runs
//     (/proc) over each phase, and the difference on minus off: what detecting the slides costs there.
//  3. Single processes on the same RTSP source, alternating, SLIDE_ROUNDS times SLIDE_PHASE_S seconds: ffmpeg decoding
//     it only (what the encode does anyway for a channel on the picture), and decoding it with the slides branch
//     (apps/server/dist/media/slide-branch.ts, without the picture): the branch's own cost is the difference; and as
//     the encode opens a channel the picture does not show (`slidesOnlyInputArgs`: no deblocking, one thread), what
//     detection costs for such a channel. With SLIDE_WATCHER_DIST=<a dist of the
//     build before, which had it>, the former slide watcher (a second ffmpeg) on the same source beside them.
// BENCH_SERVER_DIST=<another build's dist> runs 1 and 2 against that build (e.g. the one before a change).
// Needs `npm run build` first. Prints figures; never fails the build.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { inputArgs, slidesOnlyInputArgs } from '../apps/server/dist/media/encoder-inputs.js';
import { slideBranchGraph, slideBranchOutputs } from '../apps/server/dist/media/slide-branch.js';
import { cpuSeconds, machine, sleep, treeCpuSeconds } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const PERIOD = Number(process.env.SLIDE_PERIOD_S ?? 8);
const CHANGES = Number(process.env.SLIDE_CHANGES ?? 5);
const ROUNDS = Number(process.env.SLIDE_ROUNDS ?? 3);
const PHASE_S = Number(process.env.SLIDE_PHASE_S ?? 15);
const SETTLE_S = Number(process.env.SLIDE_SETTLE_S ?? 4);
// SLIDE_PARTS=latency,cpu,processes (default all); SLIDE_SOURCES=synthetic,still,moving (default all).
const PARTS = (process.env.SLIDE_PARTS ?? 'latency,cpu,processes').split(',');
const SOURCES = (process.env.SLIDE_SOURCES ?? 'synthetic,still,moving').split(',');
console.log('machine', JSON.stringify(machine()), 'service', process.env.BENCH_SERVER_DIST ?? 'apps/server/dist');

const near = (got, want, tol = 45) => got.every((v, i) => Math.abs(v - want[i]) <= tol);
const RED = [0xc0, 0x39, 0x2b];
const YELLOW = [0xf2, 0xc1, 0x4e];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => (xs.length ? `min ${Math.min(...xs)} / median ${median(xs)} / max ${Math.max(...xs)} ms` : 'none');
const load = () => os.loadavg()[0].toFixed(1);
/** Processes to end if the benchmark is interrupted (the services and the RTSP camera). */
const started = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const p of started) p.kill('SIGTERM');
    setTimeout(() => process.exit(1), 1000);
  });
const kv = (o) => Object.entries(o).map(([key, value]) => ({ key, value }));

/** A started service, logged in, with `must` (a call that has to succeed). */
async function service(sources) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-bench-slides-'));
  writeFileSync(join(dataDir, 'sources.json'), JSON.stringify(sources));
  const svc = await startService({ DATA_DIR: dataDir, MIN_FREE_MB: '100' });
  started.add(svc.proc);
  const must = async (name, body) => {
    const res = await svc.call(name, body, svc.session);
    if (!res.result) throw new Error(`${name}: ${res.message}`);
    return res.data;
  };
  return { ...svc, dataDir, must };
}

// ---- 1. latency: slide change -> detected -> switched picture at a viewer -------------------------------------
if (PARTS.includes('latency')) {
  const svc = await service({ hdmi3: `slides:${PERIOD}` });
  const { must } = svc;
  await must('setsetting', [
    { section: 'setting_room', data: kv({ publish: 'true' }) },
    // The default room: a 1080p30 HD picture at 4 Mbit/s (and the 360p SD picture).
    { section: 'setting_rec_video_codec', data: kv({ main_quality: '1080', main_bitrate: '4000' }) },
    { section: 'setting_layout_animate', data: kv({ type: '0' }) },
    { section: 'setting_ppt', data: kv({ switchenable: 'true', switchduration: '5', switchdiff: '10', slidechannel: 'C' }) },
  ]);
  await must('savelayout', [{ index: 0, type: 0, channels: 1, channeldata: ['A'] }]);
  await must('setlayoutid', { id: 0 });
  await must('roomlivectrl', { control: 'start' });
  const source = await must('livesource', {});

  // The viewer: the room's MPEG-TS over the WebSocket, decoded to 64x36 frames as they arrive.
  const decoder = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-threads', '1', '-fflags', 'nobuffer', '-probesize', '65536', '-analyzeduration', '0'],
      ...[
        '-f',
        'mpegts',
        '-i',
        'pipe:0',
        '-vf',
        'scale=64:36',
        '-fps_mode',
        'passthrough',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        'pipe:1',
      ],
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  decoder.stdin.on('error', () => undefined);
  const ws = new WebSocket(`ws://127.0.0.1:${svc.port}${source.ws}`);
  /** When the viewer got media again after a pause of 150 ms or more (the new encode after a switch). */
  const resumed = [];
  let lastMessage = 0;
  ws.on('message', (data) => {
    const now = Date.now();
    if (lastMessage && now - lastMessage >= 150) resumed.push(now);
    lastMessage = now;
    decoder.stdin.write(data);
  });
  ws.on('error', () => undefined);
  const FRAME = 64 * 36 * 3;
  let pending = Buffer.alloc(0);
  let shown = '?';
  /** When the viewer first saw the slides first after seeing A: arrival times (epoch ms). */
  const slidesSeen = [];
  decoder.stdout.on('data', (d) => {
    pending = Buffer.concat([pending, d]);
    while (pending.length >= FRAME) {
      const f = pending.subarray(0, FRAME);
      pending = pending.subarray(FRAME);
      const px = (x, y) => [...f.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3)];
      const kind = near(px(60, 2), RED) ? 'A' : near(px(60, 2), YELLOW) && near(px(53, 30), RED) ? 'slides' : '?';
      if (kind === '?') continue;
      if (kind === 'slides' && shown === 'A') slidesSeen.push(Date.now());
      shown = kind;
    }
  });

  const periodMs = PERIOD * 1000;
  const load0 = load();
  // Give the encode time to start: its first picture is the reference of the first change.
  const firstChange = Math.ceil((Date.now() + 3000) / periodMs) * periodMs;
  const lastChange = firstChange + (CHANGES - 1) * periodMs;
  while (Date.now() < lastChange + 6000) await sleep(200);
  ws.close();
  decoder.stdin.end();
  await must('roomlivectrl', { control: 'stop' });
  svc.stop();

  // Per change: the service's log line (detection) and the first switched frame at the viewer.
  const log = readFileSync(join(svc.dataDir, 'logs', 'mp.log'), 'utf8');
  const detected = [...log.matchAll(/^(\S+) slide switching: new slide/gm)].map((m) => Date.parse(m[1]));
  const detect = [];
  const media = [];
  const picture = [];
  for (let b = firstChange; b <= lastChange; b += periodMs) {
    const d = detected.find((t) => t >= b && t < b + periodMs);
    const p = slidesSeen.find((t) => t >= b && t < b + periodMs);
    if (d !== undefined) detect.push(d - b);
    const m = resumed.find((t) => d !== undefined && t >= d && t < b + periodMs);
    if (m !== undefined) media.push(m - b);
    if (p !== undefined) picture.push(p - b);
  }
  console.log(
    `\n1. latency: synthetic slides on C (not on the picture), a new slide every ${PERIOD} s, ${CHANGES} changes, load ${load0} -> ${load()}`,
  );
  console.log(`slide change -> detected (service's log line): ${fmt(detect)} (${detect.length} of ${CHANGES})`);
  console.log(`slide change -> first media of the switched encode at the viewer: ${fmt(media)}`);
  console.log(
    `slide change -> slides first at a live WebSocket viewer (decoded frame): ${fmt(picture)} (${picture.length} of ${CHANGES}; target <= 1000 ms)`,
  );
}

// ---- 2. CPU of slide detection: phases on and off on the same source ----------------------------------------------
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const CAMERA = `
import sys, gi
gi.require_version('Gst', '1.0'); gi.require_version('GstRtspServer', '1.0')
from gi.repository import Gst, GstRtspServer, GLib
Gst.init(None)
server = GstRtspServer.RTSPServer(); server.set_address('127.0.0.1'); server.set_service(sys.argv[1])
factory = GstRtspServer.RTSPMediaFactory()
factory.set_launch('( videotestsrc is-live=true pattern=' + sys.argv[2] + ' ! video/x-raw,width=1920,height=1080,framerate=30/1 '
                   '! x264enc tune=zerolatency speed-preset=ultrafast key-int-max=60 bitrate=4000 ! rtph264pay name=pay0 pt=96 )')
factory.set_shared(True)
server.get_mount_points().add_factory('/slides', factory)
server.attach(None)
print('ready', flush=True)
GLib.MainLoop().run()
`;

/** CPU (% of one core) of the service and its processes with slide detection on and off, alternating. */
async function cpuPhases(what, sources, video, layout) {
  const svc = await service(sources);
  const { must } = svc;
  await must('setsetting', [
    { section: 'setting_room', data: kv({ publish: 'true' }) },
    { section: 'setting_rec_video_codec', data: kv({ main_quality: '1080', main_bitrate: '4000' }) },
    { section: 'setting_layout_animate', data: kv({ type: '0' }) },
    { section: 'setting_video_input', data: kv(video) },
    { section: 'setting_ppt', data: kv({ switchenable: 'false', pushenable: 'false', switchdiff: '10', slidechannel: 'C' }) },
  ]);
  await must('savelayout', [{ index: 0, ...layout }]);
  await must('setlayoutid', { id: 0 });
  await must('roomlivectrl', { control: 'start' });
  const load0 = load();
  const on = [];
  const off = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const detect of [true, false]) {
      await must('setsetting', [{ section: 'setting_ppt', data: kv({ pushenable: String(detect) }) }]);
      await sleep(SETTLE_S * 1000);
      const c0 = treeCpuSeconds(svc.proc.pid);
      const t0 = Date.now();
      await sleep(PHASE_S * 1000);
      const pct = ((treeCpuSeconds(svc.proc.pid) - c0) / ((Date.now() - t0) / 1000)) * 100;
      (detect ? on : off).push(pct);
    }
  }
  await must('roomlivectrl', { control: 'stop' });
  svc.stop();
  await sleep(500);
  const diffs = on.map((v, i) => v - off[i]);
  const f = (xs) => `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;
  console.log(
    `${what}: detection on ${f(on)} %, off ${f(off)} %, on - off ${f(diffs)} % of one core, median (min-max) of ${ROUNDS} rounds; load ${load0} -> ${load()}`,
  );
}

/** CPU (% of one core) of single ffmpeg processes on one RTSP source, run in turns. */
async function processes(what, url) {
  const source = { kind: 'rtsp', url };
  const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error'];
  const kinds = {
    'decode only': { args: [...quiet, ...inputArgs(source, 1920, 1080, 30), '-map', '0:v', '-f', 'null', '-'], pipes: 0 },
    'decode + slides branch': {
      args: [
        ...quiet,
        ...inputArgs(source, 1920, 1080, 30),
        '-filter_complex',
        slideBranchGraph({ plan: { channel: 'C', thresholdPercent: 10 }, source, input: 0, others: [] }),
        ...slideBranchOutputs(),
      ],
      pipes: 5,
    },
    // What the encode does for a slides channel it does not show (encoder-inputs.ts).
    'decoded for the slides alone + branch': {
      args: [
        ...quiet,
        ...slidesOnlyInputArgs(source, 30),
        '-filter_complex',
        slideBranchGraph({ plan: { channel: 'C', thresholdPercent: 10 }, source, input: 0, others: [] }),
        ...slideBranchOutputs(),
      ],
      pipes: 5,
    },
  };
  if (process.env.SLIDE_WATCHER_DIST) {
    const { slideWatchArgs } = await import(join(process.env.SLIDE_WATCHER_DIST, 'media/slide-watch.js'));
    kinds['former slide watcher'] = { args: slideWatchArgs({ source, thresholdPercent: 10 }), pipes: 1 };
  }
  const pct = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const load0 = load();
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, k] of Object.entries(kinds)) {
      const p = spawn('ffmpeg', k.args, { stdio: ['ignore', 'pipe', 'ignore', ...Array(k.pipes).fill('pipe')] });
      started.add(p);
      for (const stream of p.stdio.slice(1)) stream?.resume();
      await sleep(SETTLE_S * 1000);
      const c0 = cpuSeconds(p.pid);
      const t0 = Date.now();
      await sleep(PHASE_S * 1000);
      pct[name].push(((cpuSeconds(p.pid) - c0) / ((Date.now() - t0) / 1000)) * 100);
      p.kill('SIGTERM');
      await new Promise((r) => p.once('close', r));
      started.delete(p);
    }
  }
  const f = (xs) => `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;
  const branch = pct['decode + slides branch'].map((v, i) => v - pct['decode only'][i]);
  const parts = [...Object.entries(pct).map(([k, xs]) => `${k} ${f(xs)} %`), `the branch alone (difference) ${f(branch)} %`];
  console.log(`${what}: ${parts.join(', ')} of one core, median (min-max) of ${ROUNDS} rounds; load ${load0} -> ${load()}`);
}

let python = '';
try {
  execFileSync('/usr/bin/python3', ['-c', 'import gi; gi.require_version("GstRtspServer", "1.0")'], { stdio: 'ignore' });
  python = '/usr/bin/python3';
} catch {
  console.log('RTSP source: skipped (GStreamer RTSP server not installed: scripts/setup.sh test installs it)');
}
/** Runs `use` with an RTSP camera (1080p30 H.264, a still or a moving picture) at its URL. */
async function withCamera(pattern, use) {
  const port = await freePort();
  const camera = spawn(python, ['-c', CAMERA, String(port), pattern], { stdio: ['ignore', 'pipe', 'ignore'] });
  started.add(camera);
  await new Promise((resolve) => camera.stdout.once('data', resolve));
  await use(`rtsp://127.0.0.1:${port}/slides`, pattern === 'smpte' ? 'a still picture' : 'a moving picture');
  camera.kill('SIGTERM');
  started.delete(camera);
}
const patterns = python ? ['smpte', 'ball'].filter((p) => SOURCES.includes(p === 'smpte' ? 'still' : 'moving')) : [];

if (PARTS.includes('cpu')) {
  console.log(
    `\n2. CPU of the service and its processes (% of one core), default room 1080p30 live, ${ROUNDS} x (${PHASE_S} s on, ${PHASE_S} s off):`,
  );
  const hdmi = { channelA: 'hdmi1', channelB: 'hdmi2', channelC: 'hdmi3' };
  const alone = { type: 0, channels: 1, channeldata: ['A'] };
  const slidesFirst = { type: 3, channels: 2, channeldata: ['C', 'A'] };
  if (SOURCES.includes('synthetic')) {
    await cpuPhases('synthetic slides, not on the picture', { hdmi3: `slides:${PERIOD}` }, hdmi, alone);
    await cpuPhases('synthetic slides, on the picture', { hdmi3: `slides:${PERIOD}` }, hdmi, slidesFirst);
  }
  for (const pattern of patterns)
    await withCamera(pattern, async (url, what) => {
      const rtsp = { ...hdmi, channelC: 'rtsp', rtspURLC: url };
      await cpuPhases(`1080p30 H.264 over RTSP (4 Mbit/s), ${what}, not on the picture`, {}, rtsp, alone);
      await cpuPhases(`1080p30 H.264 over RTSP (4 Mbit/s), ${what}, on the picture`, {}, rtsp, slidesFirst);
    });
}

if (PARTS.includes('processes')) {
  console.log(`\n3. Single ffmpeg processes on the RTSP source (% of one core), ${ROUNDS} x ${PHASE_S} s each in turns:`);
  for (const pattern of patterns) await withCamera(pattern, (url, what) => processes(`1080p30 H.264 over RTSP (4 Mbit/s), ${what}`, url));
}
