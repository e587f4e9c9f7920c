// One long lecture (issue 21's long-run proof; OBS #5828 and #7386: memory growth over 20-24 h): the built service
// records for LONG_RUN_MINUTES (default 120) with the live room on, LONG_RUN_HLS (2) HLS players and LONG_RUN_WS (2)
// WebSocket viewers, RTMP main and sub to a loopback nginx-rtmp, and the FTP upload (pyftpdlib) of a recording made
// just before (LONG_RUN_PREVIOUS_SECONDS, 20) going on meanwhile; every LONG_RUN_SAMPLE_SECONDS
// (30) reads its resident memory, open file descriptors, child processes and the CPU of its process tree from /proc,
// and the encoder's speed, dropped frames, restarts and the room's health from its own /metrics. At the end the
// recording's parts are read by ffprobe: their duration must be the wall time recorded.
// Env: LONG_RUN_MINUTES (120), LONG_RUN_SAMPLE_SECONDS (30), LONG_RUN_PART_SECONDS (the segmentation mode's limit;
// shorter to try the end window across parts), LONG_RUN_LIVE (1; 0: record only: no live room, viewers,
// RTMP or upload), LONG_RUN_HLS (2), LONG_RUN_WS (2), LONG_RUN_PREVIOUS_SECONDS (20).
// Audio/video sync: channel A (hdmi1) is the A/V sync source's picture (`sync:10`, a white flash every 10 s) and mic1
// the only sound (`beep:10`, a beep with each flash); the flashes and beeps are found in the recorded file's first and
// last LONG_RUN_SYNC_WINDOW_SECONDS (60) (bench/lib/av-sync.mjs) and their offset reported against one frame.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { avSync } from './lib/av-sync.mjs';
import WebSocket from 'ws';
import { NginxRtmp, startFtpServer, startNtpServer } from '@roomcast/test-servers';
import { machine, processTree, sleep, treeCpuSeconds } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const MINUTES = Number(process.env.LONG_RUN_MINUTES ?? 120);
const SAMPLE_MS = Number(process.env.LONG_RUN_SAMPLE_SECONDS ?? 30) * 1000;
const LIVE = process.env.LONG_RUN_LIVE !== '0';
const HLS_PLAYERS = Number(process.env.LONG_RUN_HLS ?? 2);
const WS_VIEWERS = Number(process.env.LONG_RUN_WS ?? 2);
const PREVIOUS_S = Number(process.env.LONG_RUN_PREVIOUS_SECONDS ?? 20);
const SYNC_WINDOW_S = Number(process.env.LONG_RUN_SYNC_WINDOW_SECONDS ?? 60);
const SYNC_PERIOD_S = 10;
const TOKEN = 'long-run-bench-metrics-token-0123456789abcdef';

// An NTP server on loopback, on time: the clock check has a server to ask, as a campus box has (else it warns all along).
const ntp = await startNtpServer({ aheadMs: 0 });
const svc = await startService({
  MIN_FREE_MB: '100',
  NTP_PORT: String(ntp.port),
  ...(process.env.LONG_RUN_PART_SECONDS ? { PART_LIMIT_SECONDS: process.env.LONG_RUN_PART_SECONDS } : {}),
});
const pid = svc.proc.pid;
await svc.must('setsetting', [
  {
    section: 'setting_ntp',
    data: [
      { key: 'enable', value: 'true' },
      { key: 'server', value: '127.0.0.1' },
    ],
  },
  // The A/V sync source: A flashes and mic1 beeps together every 10 s; the other inputs off, so the beep is the sound.
  { section: 'setting_video_devices', data: [{ key: 'hdmi1', value: `sync:${SYNC_PERIOD_S}` }] },
  { section: 'setting_audio_devices', data: [{ key: 'mic1', value: `beep:${SYNC_PERIOD_S}` }] },
  {
    section: 'setting_audio_input',
    data: ['macin1', 'macin2', 'linein1', 'linein2', 'hdmi5'].map((key) => ({ key, value: String(key === 'macin1') })),
  },
  { section: 'setting_video_input', data: [{ key: 'channelA', value: 'hdmi1' }] },
  {
    section: 'setting_metrics',
    data: [
      { key: 'enable', value: 'true' },
      { key: 'token', value: TOKEN },
    ],
  },
]);

async function metrics() {
  const text = await (await fetch(`http://127.0.0.1:${svc.port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const values = new Map();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) values.set(m[1], Number(m[2]));
  }
  return values;
}

function reading() {
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return { fds: readdirSync(`/proc/${pid}/fd`).length, rssMiB: rssKb / 1024, children: processTree(pid).length - 1 };
}

const kv = (o) => Object.entries(o).map(([key, value]) => ({ key, value }));
const waitIdle = async () => {
  for (let i = 0; i < 600; i++) {
    const s = await svc.must('status', {});
    if (s.isrecording === 'false' && s.isrecordpending === 'false') return;
    await sleep(100);
  }
};

// The recording before, whose FTP upload runs during the long one (the upload queue beside the recording).
let previous;
let ftp;
let nginx;
if (LIVE) {
  await svc.must('recordctl', { control: 'start' });
  await sleep(PREVIOUS_S * 1000);
  await svc.must('recordctl', { control: 'stop' });
  await waitIdle();
  previous = (await svc.must('listmedia', { usercode: '*', currentpage: 1, pagesize: 1 })).rows[0].recordid;
  ftp = await startFtpServer();
  const ftpSettings = {
    enable: 'true',
    protocol: 'ftp',
    host: '127.0.0.1',
    port: String(ftp.port),
    username: ftp.user,
    password: ftp.password,
    path: 'rooms',
  };
  await svc.must('writeconfig', { settingcode: 'setting_advance_ftp', data: kv(ftpSettings) });
  nginx = await NginxRtmp.create();
  await svc.must('writeconfig', {
    settingcode: 'setting_live_rtmp',
    data: kv({ mainenable: 'true', mainurl: nginx.url('main'), subenable: 'true', suburl: nginx.url('sub') }),
  });
}

await svc.must('recordctl', { control: 'start' });
const viewers = [];
const viewed = { hls: 0, ws: 0 };
if (LIVE) {
  await svc.must('roomlivectrl', { control: 'start' });
  await svc.must('rtmpctl', { control: 'start' });
  const { hls, ws } = await svc.must('livesource', {});
  // HLS players: the playlist and its newest segment every 2 s, as a browser would.
  let playing = true;
  for (let i = 0; i < HLS_PLAYERS; i++)
    viewers.push(
      (async () => {
        while (playing) {
          try {
            const list = await (await fetch(`http://127.0.0.1:${svc.port}${hls}`)).text();
            const seg = list
              .split('\n')
              .filter((l) => l && !l.startsWith('#'))
              .at(-1);
            if (seg) viewed.hls += (await (await fetch(new URL(seg, `http://127.0.0.1:${svc.port}${hls}`))).arrayBuffer()).byteLength;
          } catch {
            /* not there yet */
          }
          await sleep(2000);
        }
      })(),
    );
  // WebSocket viewers: the sub-second stream, read as it comes (a viewer that drops is opened again).
  const sockets = new Set();
  const openViewer = () => {
    const socket = new WebSocket(`ws://127.0.0.1:${svc.port}${ws}`);
    sockets.add(socket);
    socket.on('message', (data) => {
      viewed.ws += data.length;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (playing) setTimeout(openViewer, 1000);
    });
  };
  for (let i = 0; i < WS_VIEWERS; i++) openViewer();
  viewers.stop = () => {
    playing = false;
    for (const socket of sockets) socket.close();
  };
  // The previous recording's upload, queued once the long one runs.
  await svc.must('resyncrecord', { recordid: previous });
}

const t0 = performance.now();
const samples = [];
let cpu0 = treeCpuSeconds(pid);
let at0 = performance.now();
while (performance.now() - t0 < MINUTES * 60_000) {
  await sleep(SAMPLE_MS);
  const m = await metrics();
  const now = performance.now();
  const cpu = treeCpuSeconds(pid);
  const sample = {
    minute: (now - t0) / 60_000,
    ...reading(),
    cpuPercent: ((cpu - cpu0) / ((now - at0) / 1000)) * 100,
    speed: m.get('roomcast_encoder_speed_ratio'),
    dropped: m.get('roomcast_encoder_frames_dropped_total') ?? 0,
    duplicated: m.get('roomcast_encoder_frames_duplicated_total') ?? 0,
    restarts: m.get('roomcast_encoder_restarts_total') ?? 0,
    recorded: m.get('roomcast_recording_elapsed_seconds') ?? 0,
    health: [...m]
      .filter(([k, v]) => k.startsWith('roomcast_health_check_state') && v > 0)
      .map(([k, v]) => `${/check="(\w+)"/.exec(k)?.[1]}=${v}`),
  };
  cpu0 = cpu;
  at0 = now;
  samples.push(sample);
  if (samples.length % 10 === 0 || samples.length === 1)
    console.log(
      `${sample.minute.toFixed(1)} min: rss ${sample.rssMiB.toFixed(1)} MiB, fds ${sample.fds}, children ${sample.children}, cpu ${sample.cpuPercent.toFixed(0)} %, speed ${sample.speed?.toFixed(3)}, dropped ${sample.dropped}, restarts ${sample.restarts}, health ${sample.health.join(' ') || 'ok'}`,
    );
}
const wallS = (performance.now() - t0) / 1000;
viewers.stop?.();
await Promise.all(viewers);
let rtmpReceived;
let upload;
if (LIVE) {
  rtmpReceived = { main: nginx.recordedBytes('main'), sub: nginx.recordedBytes('sub') };
  await svc.must('rtmpctl', { control: 'stop' });
  await svc.must('roomlivectrl', { control: 'stop' });
  upload = (await svc.must('listupload', { recordids: [previous] })).find((u) => u.target === 'ftp');
}
await svc.must('recordctl', { control: 'stop' });
await waitIdle();
await svc.close();
await nginx?.dispose();
await ftp?.stop();
await ntp.close();

const root = join(svc.dataDir, 'media', 'recordings');
// The long recording's HD parts (the previous recording's folder is the older one).
const folders = readdirSync(root).sort();
const longDir = join(root, folders.at(-1));
// In recorded order: `x_HD.mp4`, `x_HD_1.mp4` ... `x_HD_10.mp4` (by the number, not the name: _10 is after _9).
const partNumber = (f) => Number(/_HD_(\d+)\.mp4$/.exec(f)?.[1] ?? 0);
const parts = readdirSync(longDir)
  .filter((f) => /_HD(_\d+)?\.mp4$/.test(f))
  .sort((a, b) => partNumber(a) - partNumber(b))
  .map((f) => join(folders.at(-1), f));
const durations = parts.map((f) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(root, String(f))], {
      encoding: 'utf8',
    }).trim(),
  ),
);
const recordedS = durations.reduce((a, b) => a + b, 0);
// A/V sync at the start (the first part's first window) and at the end: the recording's last window, which reaches
// back into the part before when the last part is shorter (a 2-hour lecture in 1-hour parts ends with a part of seconds).
const syncStart = await avSync(join(root, parts[0]), { periodSeconds: SYNC_PERIOD_S, toSeconds: SYNC_WINDOW_S });
const syncEnd = { flashes: 0, beeps: 0, pairs: [] };
for (let i = parts.length - 1, left = SYNC_WINDOW_S; i >= 0 && left > 0; left -= durations[i], i--) {
  const w = await avSync(join(root, parts[i]), { periodSeconds: SYNC_PERIOD_S, fromSeconds: Math.max(0, durations[i] - left) });
  syncEnd.flashes += w.flashes;
  syncEnd.beeps += w.beeps;
  syncEnd.pairs.unshift(...w.pairs);
}

// Memory growth: a least-squares line through the samples after the first 10 minutes (warm-up: caches, JIT).
const settled = samples.filter((s) => s.minute >= Math.min(10, MINUTES / 4));
const slope = (k) => {
  const n = settled.length;
  const mx = settled.reduce((a, s) => a + s.minute, 0) / n;
  const my = settled.reduce((a, s) => a + s[k], 0) / n;
  const num = settled.reduce((a, s) => a + (s.minute - mx) * (s[k] - my), 0);
  const den = settled.reduce((a, s) => a + (s.minute - mx) ** 2, 0);
  return den ? (num / den) * 60 : 0;
};
const speeds = samples.map((s) => s.speed).filter((v) => v !== undefined);
const last = samples.at(-1);
console.log('machine', JSON.stringify(machine()));
console.log(
  `one recording${LIVE ? ` with the live room, ${HLS_PLAYERS} HLS players, ${WS_VIEWERS} WebSocket viewers, RTMP main and sub, and the previous recording's FTP upload` : ''} for ${(wallS / 60).toFixed(1)} min, a sample every ${SAMPLE_MS / 1000} s`,
);
if (LIVE) {
  console.log(
    `  delivered: HLS ${(viewed.hls / 2 ** 20).toFixed(1)} MiB, WebSocket ${(viewed.ws / 2 ** 20).toFixed(1)} MiB, RTMP main ${(rtmpReceived.main / 2 ** 20).toFixed(1)} MiB, sub ${(rtmpReceived.sub / 2 ** 20).toFixed(1)} MiB; the FTP upload ${upload ? `${upload.state} (${upload.done}/${upload.files} files)` : 'not queued'}`,
  );
}
console.log(
  `  rss: first ${samples[0].rssMiB.toFixed(1)} MiB, last ${last.rssMiB.toFixed(1)} MiB, max ${Math.max(...samples.map((s) => s.rssMiB)).toFixed(1)} MiB, trend after warm-up ${slope('rssMiB').toFixed(2)} MiB/h`,
);
console.log(
  `  fds: first ${samples[0].fds}, last ${last.fds}, max ${Math.max(...samples.map((s) => s.fds))}; children: ${[...new Set(samples.map((s) => s.children))].join(', ')}`,
);
console.log(`  cpu of the process tree: mean ${(samples.reduce((a, s) => a + s.cpuPercent, 0) / samples.length).toFixed(0)} % of a core`);
console.log(
  `  encoder speed (each over 10 s): min ${Math.min(...speeds).toFixed(3)}, mean ${(speeds.reduce((a, b) => a + b, 0) / speeds.length).toFixed(3)}, below the health check's 0.95 in ${speeds.filter((v) => v < 0.95).length} of ${speeds.length} samples; dropped ${last.dropped}, repeated ${last.duplicated}, restarts ${last.restarts}`,
);
// Flapping: how often the set of checks not ok changed from one sample to the next.
const healthChanges = samples.slice(1).filter((s, i) => s.health.join() !== samples[i].health.join()).length;
console.log(
  `  health changes between samples: ${healthChanges}; not ok in ${samples.filter((s) => s.health.length).length} of ${samples.length} samples${samples.some((s) => s.health.length) ? `: ${[...new Set(samples.flatMap((s) => s.health))].join(', ')}` : ''}`,
);
console.log(
  `  recording: ${parts.length} part(s), ${recordedS.toFixed(1)} s by ffprobe for ${wallS.toFixed(1)} s of wall time (${(recordedS - wallS).toFixed(1)} s; speed over the whole run ${(recordedS / wallS).toFixed(4)})`,
);
const FRAME_MS = 1000 / 30;
const syncLine = (w) =>
  w.pairs.length
    ? `${w.pairs.length} flash(es) with their beep, offset (beep - flash) ${w.pairs.map((p) => p.offsetMs).join(', ')} ms`
    : `no flash paired with a beep (${w.flashes} flash(es), ${w.beeps} beep(s))`;
const worstEnd = Math.max(...syncEnd.pairs.map((p) => Math.abs(p.offsetMs)));
console.log(`  a/v sync at the start: ${syncLine(syncStart)}`);
console.log(
  `  a/v sync at the end: ${syncLine(syncEnd)}; ${syncEnd.pairs.length && worstEnd <= FRAME_MS ? 'within' : 'NOT within'} one frame (${FRAME_MS.toFixed(1)} ms)`,
);
