// Live viewers while recording: LIVE_HLS (default 100) HLS clients and LIVE_WS (default 100) WebSocket (sub-second)
// clients watch the published live room on loopback for LIVE_SECONDS (default 30) while the room is recorded.
//  - a viewer stalls when it gets no new media for 3 s (HLS: no new segment; WebSocket: no message);
//  - the recording made meanwhile is probed: frames counted by ffprobe against its duration x frame rate (0 dropped);
//  - the service's CPU share and RSS (node only) while serving.
// Bounded: one service, LIVE_SECONDS of watching, every client closed at the end; about a minute on 2 cores.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { cpuSeconds, machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const HLS = Number(process.env.LIVE_HLS ?? 100);
const WS = Number(process.env.LIVE_WS ?? 100);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 30);
const STALL_MS = 3000;
console.log('machine', JSON.stringify(machine()));

const svc = await startService({ MIN_FREE_MB: '100' });
const base = `http://127.0.0.1:${svc.port}`;
const must = svc.must;
await must('setsetting', [{ section: 'setting_room', data: [{ key: 'publish', value: 'true' }] }]);
await must('recordctl', { control: 'start' });
await must('roomlivectrl', { control: 'start' });
const source = await must('livesource', {});
// The room is published: the plain paths, as anonymous viewers get them.
const playlistUrl = `${base}${source.hls}`;
for (let i = 0; i < 100; i++) {
  const res = await fetch(playlistUrl);
  if (res.ok && (await res.text()).includes('.ts')) break;
  await sleep(200);
}

let running = true;
const stalls = { hls: 0, ws: 0 };
const bytes = { hls: 0, ws: 0 };

async function hlsViewer() {
  const seen = new Set();
  let lastNew = Date.now();
  let stalled = false;
  while (running) {
    try {
      const text = await (await fetch(playlistUrl)).text();
      for (const line of text.split('\n')) {
        if (!line.endsWith('.ts') && !line.includes('.ts?')) continue;
        if (seen.has(line)) continue;
        seen.add(line);
        const seg = await fetch(new URL(line, playlistUrl));
        bytes.hls += (await seg.arrayBuffer()).byteLength;
        lastNew = Date.now();
      }
    } catch {
      /* counted as a stall below if it lasts */
    }
    if (!stalled && Date.now() - lastNew > STALL_MS) {
      stalled = true;
      stalls.hls++;
    }
    await sleep(500);
  }
}

function wsViewer() {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${svc.port}${source.ws}`);
    let last = Date.now();
    let stalled = false;
    ws.on('message', (data) => {
      bytes.ws += data.length;
      last = Date.now();
    });
    const check = setInterval(() => {
      if (!stalled && Date.now() - last > STALL_MS) {
        stalled = true;
        stalls.ws++;
      }
      if (!running) {
        clearInterval(check);
        ws.close();
        resolve();
      }
    }, 250);
    ws.on('error', () => undefined);
  });
}

const rss = [];
const cpu0 = cpuSeconds(svc.proc.pid);
const t0 = performance.now();
const sampler = setInterval(
  () => rss.push(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${svc.proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024),
  500,
);
const viewers = [...Array.from({ length: HLS }, hlsViewer), ...Array.from({ length: WS }, wsViewer)];
await sleep(SECONDS * 1000);
running = false;
await Promise.all(viewers);
clearInterval(sampler);
const wall = (performance.now() - t0) / 1000;
const cpuShare = (cpuSeconds(svc.proc.pid) - cpu0) / wall;

await must('roomlivectrl', { control: 'stop' });
await must('recordctl', { control: 'stop' });
const status = async () => (await svc.call('status', {}, svc.session)).data;
for (let i = 0; i < 200 && (await status()).isrecordpending === 'true'; i++) await sleep(100);
const root = join(svc.dataDir, 'media', 'recordings');
const rec = readdirSync(root)[0];
const hd = readdirSync(join(root, rec)).find((f) => f.endsWith('HD.mp4'));
const probe = JSON.parse(
  execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-count_frames',
      '-show_entries',
      'stream=nb_read_frames,r_frame_rate,duration',
      '-of',
      'json',
      join(root, rec, hd),
    ],
    {
      encoding: 'utf8',
    },
  ),
);
svc.stop();
const frames = Number(probe.streams[0].nb_read_frames);
const [num, den] = probe.streams[0].r_frame_rate.split('/').map(Number);
// The video stream's own duration (the container's also counts the audio, which may run a frame longer).
const duration = Number(probe.streams[0].duration);
const expected = duration * (num / den);
console.log(`viewers: ${HLS} HLS + ${WS} WebSocket for ${SECONDS} s, recording meanwhile`);
console.log(`stalled viewers (no new media for 3 s): HLS ${stalls.hls}, WebSocket ${stalls.ws} (target 0 at >= 100 each)`);
console.log(
  `delivered: HLS ${(bytes.hls / 1024 ** 2 / wall).toFixed(1)} MiB/s, WebSocket ${(bytes.ws / 1024 ** 2 / wall).toFixed(1)} MiB/s`,
);
console.log(`service CPU ${(cpuShare * 100).toFixed(0)} % of one core; RSS max ${Math.max(...rss).toFixed(0)} MiB`);
console.log(
  `recording: ${frames} frames in ${duration.toFixed(3)} s of video at ${(num / den).toFixed(2)} fps = ${expected.toFixed(0)} expected; dropped ${Math.max(0, Math.round(expected - frames))}`,
);
