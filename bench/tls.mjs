// HTTPS against plain HTTP, in one run (issue 19), against the built service with the box's own certificate:
//  1. TLS handshakes per second: TLS_CLIENTS (default 16) clients on loopback open full handshakes (no resumption)
//     for TLS_SECONDS (default 10), TLS 1.3 then 1.2; the service's CPU per handshake.
//  2. HLS_VIEWERS (default 100) HLS viewers of the published live room while it is recorded, each keeping one
//     connection as a browser does, over HTTP then HTTPS, twice in turns, HLS_SECONDS (default 20) each: the service's
//     CPU (node alone, and node with its ffmpeg) and RSS (node) per phase; the ratio HTTPS / HTTP (target <= 1.3).
//  3. Glass-to-glass latency of the WebSocket view over ws and wss in turns (the clock camera of live-latency.mjs, a
//     client decoding the service's stream as it arrives), LATENCY_SECONDS (default 20) per turn, two turns each:
//     median and p95 (target: wss at most 50 ms more).
// Bounded: two services, one after the other; every client closed at the end; about three minutes on 2 cores.
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import tls from 'node:tls';
import WebSocket from 'ws';
import { plausibleAge, sec, startClockRoom, stats } from './lib/clock-room.mjs';
import { watchClock } from './lib/clock-camera.mjs';
import { cpuSeconds, machine, sleep, treeCpuSeconds } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const CLIENTS = Number(process.env.TLS_CLIENTS ?? 16);
const HANDSHAKE_SECONDS = Number(process.env.TLS_SECONDS ?? 10);
const VIEWERS = Number(process.env.HLS_VIEWERS ?? 100);
const HLS_SECONDS = Number(process.env.HLS_SECONDS ?? 20);
const LATENCY_SECONDS = Number(process.env.LATENCY_SECONDS ?? 20);
const LATENCY_QUALITY = process.env.LATENCY_QUALITY ?? '1080';
// TLS_PARTS: which parts run (default all), e.g. `latency` alone.
const PARTS = (process.env.TLS_PARTS ?? 'handshakes,hls,latency').split(',');
console.log('machine', JSON.stringify(machine()));

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The service with an HTTPS port of its own; `ca` is its self-signed certificate (trusted by the clients here). */
async function serviceWithHttps(start) {
  const httpsPort = await freePort();
  const svc = await start({ HTTPS_PORT: String(httpsPort) });
  const s = svc.svc ?? svc;
  let ca = '';
  for (let i = 0; i < 100 && !ca; i++) {
    try {
      ca = readFileSync(join(s.dataDir, 'tls', 'cert.pem'), 'utf8');
    } catch {
      await sleep(100);
    }
  }
  return { ...svc, httpsPort, ca };
}

// 1. Handshakes per second.
async function handshakes(port, ca, version) {
  let done = 0;
  let failed = 0;
  const end = performance.now() + HANDSHAKE_SECONDS * 1000;
  const one = () =>
    new Promise((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: 'localhost', minVersion: version, maxVersion: version }, () => {
        done++;
        socket.destroy();
        resolve();
      });
      socket.on('error', () => {
        failed++;
        resolve();
      });
    });
  const client = async () => {
    while (performance.now() < end) await one();
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { done, failed };
}

const room = await serviceWithHttps((env) => startService({ MIN_FREE_MB: '100', ...env }));
const pid = room.proc.pid;
if (PARTS.includes('handshakes'))
  console.log(`\n1. full TLS handshakes, ${CLIENTS} clients on loopback, ${HANDSHAKE_SECONDS} s each (P-256 certificate):`);
for (const version of PARTS.includes('handshakes') ? ['TLSv1.3', 'TLSv1.2'] : []) {
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  const { done, failed } = await handshakes(room.httpsPort, room.ca, version);
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  console.log(
    `  ${version}: ${(done / wall).toFixed(0)} handshakes/s (${failed} failed); service CPU ${((cpu * 1000) / Math.max(done, 1)).toFixed(2)} ms per handshake, ${((100 * cpu) / wall).toFixed(0)} % of one core`,
  );
}

// 2. HLS viewers over HTTP and HTTPS.
await room.must('setsetting', [{ section: 'setting_room', data: [{ key: 'publish', value: 'true' }] }]);
await room.must('recordctl', { control: 'start' });
await room.must('roomlivectrl', { control: 'start' });
const source = await room.must('livesource', {});
const bases = { http: `http://127.0.0.1:${room.port}`, https: `https://localhost:${room.httpsPort}` };
for (let i = 0; i < 100; i++) {
  const res = await fetch(`${bases.http}${source.hls}`).catch(() => undefined);
  if (res?.ok && (await res.text()).includes('.ts')) break;
  await sleep(200);
}

/** GET over this viewer's one kept connection: the body's bytes, or throws. */
function get(url, agent) {
  const lib = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    lib
      .get(url, { agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`HTTP ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function hlsPhase(scheme) {
  let running = true;
  let bytes = 0;
  let errors = 0;
  const playlist = `${bases[scheme]}${source.hls}`;
  const viewer = async () => {
    const agent =
      scheme === 'https'
        ? new https.Agent({ keepAlive: true, maxSockets: 1, ca: room.ca })
        : new http.Agent({ keepAlive: true, maxSockets: 1 });
    const seen = new Set();
    while (running) {
      try {
        const text = (await get(playlist, agent)).toString();
        for (const line of text.split('\n').filter((l) => l.includes('.ts') && !seen.has(l))) {
          seen.add(line);
          // Read first, then add: `bytes += await ...` would add to the value read before the wait (other viewers' lost).
          const segment = await get(new URL(line, playlist).href, agent);
          bytes += segment.length;
        }
      } catch {
        errors++;
      }
      await sleep(500);
    }
    agent.destroy();
  };
  const rss = [];
  const sampler = setInterval(() => rss.push(rssMiB(pid)), 500);
  const node0 = cpuSeconds(pid);
  const tree0 = treeCpuSeconds(pid);
  const t0 = performance.now();
  const viewers = Array.from({ length: VIEWERS }, viewer);
  await sleep(HLS_SECONDS * 1000);
  running = false;
  await Promise.all(viewers);
  clearInterval(sampler);
  const wall = (performance.now() - t0) / 1000;
  return {
    node: (cpuSeconds(pid) - node0) / wall,
    tree: (treeCpuSeconds(pid) - tree0) / wall,
    rss: Math.max(...rss),
    mibps: bytes / 1024 ** 2 / wall,
    errors,
  };
}

if (PARTS.includes('hls'))
  console.log(`\n2. ${VIEWERS} HLS viewers of the live room while it is recorded, ${HLS_SECONDS} s per phase, in turns:`);
const phases = { http: [], https: [] };
for (const scheme of PARTS.includes('hls') ? ['http', 'https', 'http', 'https'] : []) {
  const p = await hlsPhase(scheme);
  phases[scheme].push(p);
  console.log(
    `  ${scheme.padEnd(5)}: node ${(100 * p.node).toFixed(0)} % of a core, node+ffmpeg ${(100 * p.tree).toFixed(0)} %, node RSS max ${p.rss.toFixed(0)} MiB, ${p.mibps.toFixed(1)} MiB/s delivered, ${p.errors} errors`,
  );
}
const mean = (list, key) => list.reduce((n, p) => n + p[key], 0) / list.length;
if (PARTS.includes('hls'))
  console.log(
    `  HTTPS / HTTP: node CPU x${(mean(phases.https, 'node') / mean(phases.http, 'node')).toFixed(2)}, node+ffmpeg CPU x${(mean(phases.https, 'tree') / mean(phases.http, 'tree')).toFixed(2)} (target <= 1.3); RSS added by TLS ${(mean(phases.https, 'rss') - mean(phases.http, 'rss')).toFixed(0)} MiB`,
  );
await room.must('roomlivectrl', { control: 'stop' });
await room.must('recordctl', { control: 'stop' });
await room.close();
rmSync(room.dataDir, { recursive: true, force: true });

// 3. Latency of the WebSocket view, ws against wss.
if (!PARTS.includes('latency')) process.exit(0);
const clock = await serviceWithHttps((env) => startClockRoom({ quality: LATENCY_QUALITY, env: { ...env } }));
const svc = clock.svc;
await svc.must('setsetting', [{ section: 'setting_room', data: [{ key: 'publish', value: 'true' }] }]);
await svc.must('roomlivectrl', { control: 'start' });
const live = await svc.must('livesource', {});
const ages = { ws: [], wss: [] };
console.log(`\n3. glass-to-glass latency of the WebSocket view (the clock camera, ${LATENCY_QUALITY}p30), ${LATENCY_SECONDS} s per turn:`);
for (const scheme of ['ws', 'wss', 'ws', 'wss']) {
  const url = scheme === 'ws' ? `ws://127.0.0.1:${svc.port}${live.ws}` : `wss://localhost:${clock.httpsPort}${live.ws}`;
  const turn = [];
  const client = watchClock(['-probesize', '32768', '-analyzeduration', '0', '-f', 'mpegts', '-i', 'pipe:0'], (age) => turn.push(age));
  const socket = new WebSocket(url, scheme === 'wss' ? { ca: clock.ca } : {});
  socket.on('message', (data) => client.write(data));
  socket.on('error', (err) => console.log(`  ${scheme}: ${err.message}`));
  await sleep(3000);
  turn.length = 0;
  await sleep(LATENCY_SECONDS * 1000);
  socket.close();
  client.stop();
  ages[scheme].push(...turn);
  const s = stats(turn, plausibleAge);
  console.log(`  ${scheme.padEnd(3)}: median ${sec(s.median)}, p95 ${sec(s.p95)} (${s.n} pictures)`);
}
const ws = stats(ages.ws, plausibleAge);
const wss = stats(ages.wss, plausibleAge);
console.log(
  `  wss - ws: median ${((wss.median - ws.median) / 1).toFixed(0)} ms, p95 ${((wss.p95 - ws.p95) / 1).toFixed(0)} ms (target <= +50 ms)`,
);
await svc.must('roomlivectrl', { control: 'stop' });
await clock.stop();
