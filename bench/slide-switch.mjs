// Slide switching (issue 12, setting_ppt): what the slide watcher costs and how fast the picture follows a slide.
//  1. The built service with channel C on the synthetic slides (`"hdmi3": "slides:N"`, a new slide every N s on the
//     wall clock's multiples of N), switching on (5 s), the layout A alone, the layout animation a cut, the room live.
//     A WebSocket viewer's stream (what the room's viewers get) is decoded as it arrives; for each slide change the
//     time from the change to the first frame with the slides first, and to the watcher's log line (detection).
//     The watcher's own CPU (its ffmpeg process, found among the service's children) meanwhile.
//  2. The watcher alone (SlideWatch from apps/server/dist) on a 1080p30 H.264 RTSP source (GStreamer's RTSP server,
//     as a computer's encoder box or a camera would be), a still picture and a moving one: CPU of the decode.
// Needs `npm run build` first. Prints figures; never fails the build.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { SlideWatch } from '../apps/server/dist/media/slide-watch.js';
import { cpuSeconds, machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const PERIOD = Number(process.env.SLIDE_PERIOD_S ?? 8);
const CHANGES = Number(process.env.SLIDE_CHANGES ?? 5);
const RTSP_SECONDS = Number(process.env.SLIDE_RTSP_SECONDS ?? 15);
console.log('machine', JSON.stringify(machine()));

const near = (got, want, tol = 45) => got.every((v, i) => Math.abs(v - want[i]) <= tol);
const RED = [0xc0, 0x39, 0x2b];
const YELLOW = [0xf2, 0xc1, 0x4e];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs) => (xs.length ? `min ${Math.min(...xs)} / median ${median(xs)} / max ${Math.max(...xs)} ms` : 'none');

/** The service's child processes whose command line contains `needle`. */
function childrenWith(ppid, needle) {
  const out = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === ppid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle)) out.push(Number(pid));
    } catch {
      /* gone */
    }
  }
  return out;
}

// ---- 1. the service: change -> switched picture, and the watcher's CPU --------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-bench-slides-'));
writeFileSync(join(dataDir, 'sources.json'), JSON.stringify({ hdmi3: `slides:${PERIOD}` }));
const svc = await startService({ DATA_DIR: dataDir, MIN_FREE_MB: '100' });
const must = async (name, body) => {
  const res = await svc.call(name, body, svc.session);
  if (!res.result) throw new Error(`${name}: ${res.message}`);
  return res.data;
};
const kv = (o) => Object.entries(o).map(([key, value]) => ({ key, value }));
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
    ...['-f', 'mpegts', '-i', 'pipe:0', '-vf', 'scale=64:36', '-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
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

// Wait for the watcher, then measure over CHANGES slide changes.
let watcher;
for (let i = 0; i < 100 && !watcher; i++) {
  [watcher] = childrenWith(svc.proc.pid, 'lavfi.scene_score');
  if (!watcher) await sleep(100);
}
const encoderPid = () => childrenWith(svc.proc.pid, 'libx264')[0];
const periodMs = PERIOD * 1000;
const t0 = Date.now();
const cpu0 = cpuSeconds(watcher);
// The watcher's first picture is the reference of the first change: give it time to start.
const firstChange = Math.ceil((t0 + 3000) / periodMs) * periodMs;
const lastChange = firstChange + (CHANGES - 1) * periodMs;
while (Date.now() < lastChange + 6000) await sleep(200);
const cpu1 = cpuSeconds(watcher);
const wall = (Date.now() - t0) / 1000;
const stillWatcher = childrenWith(svc.proc.pid, 'lavfi.scene_score')[0] === watcher;
ws.close();
decoder.stdin.end();
await must('roomlivectrl', { control: 'stop' });
svc.stop();

// Per change: the watcher's log line (detection) and the first switched frame at the viewer.
const log = readFileSync(join(dataDir, 'logs', 'mp.log'), 'utf8');
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
console.log(`slides channel: synthetic slides (1280x720 at 5 fps in the watcher), a new slide every ${PERIOD} s, ${CHANGES} changes`);
console.log(`slide change -> detected (watcher's log line): ${fmt(detect)} (${detect.length} of ${CHANGES})`);
console.log(`slide change -> first media of the switched encode at the viewer: ${fmt(media)}`);
console.log(
  `slide change -> slides first at a live WebSocket viewer (decoded frame): ${fmt(picture)} (${picture.length} of ${CHANGES}; target <= 1000 ms)`,
);
console.log(
  `slide watcher CPU: ${(((cpu1 - cpu0) / wall) * 100).toFixed(1)} % of one core over ${wall.toFixed(0)} s (target <= 5 %)${stillWatcher ? '' : ' (the watcher restarted meanwhile: figure incomplete)'}; encoder pid ${encoderPid() ?? 'stopped'}`,
);

// ---- 2. the watcher alone on a 1080p30 H.264 RTSP source ------------------------------------------------------
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
let python = '';
try {
  execFileSync('/usr/bin/python3', ['-c', 'import gi; gi.require_version("GstRtspServer", "1.0")'], { stdio: 'ignore' });
  python = '/usr/bin/python3';
} catch {
  console.log('RTSP source: skipped (GStreamer RTSP server not installed: scripts/setup.sh test installs it)');
}
for (const pattern of python ? ['smpte', 'ball'] : []) {
  const port = await freePort();
  const camera = spawn(python, ['-c', CAMERA, String(port), pattern], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise((resolve) => camera.stdout.once('data', resolve));
  const watch = new SlideWatch();
  let pictures = 0;
  watch.on('picture', () => pictures++);
  await watch.watch({ source: { kind: 'rtsp', url: `rtsp://127.0.0.1:${port}/slides` }, thresholdPercent: 10 });
  for (let i = 0; i < 100 && !pictures; i++) await sleep(100);
  const c0 = cpuSeconds(watch.pid);
  const w0 = Date.now();
  await sleep(RTSP_SECONDS * 1000);
  const c1 = cpuSeconds(watch.pid);
  const w = (Date.now() - w0) / 1000;
  await watch.stop();
  camera.kill('SIGTERM');
  const what = pattern === 'smpte' ? 'a still picture (a slide)' : 'a moving picture (worst case)';
  console.log(
    `slide watcher CPU, 1080p30 H.264 over RTSP, ${what}: ${(((c1 - c0) / w) * 100).toFixed(1)} % of one core over ${w.toFixed(0)} s`,
  );
}
