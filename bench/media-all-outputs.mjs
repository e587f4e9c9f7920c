// Every output at once against recording alone (issue 9): the service's whole CPU (node, the encoder, every copy
// output, the RTSP helper, the preview's decoders: the process and all its descendants, ended ones included) while
// it records the default room, then while it also serves every output of the one encode:
//   recording (HD + SD files) + live HLS (ALL_HLS polling viewers) + WebSocket viewers (ALL_WS) + RTMP main (HD) and
//   sub (SD) to a loopback nginx-rtmp + RTSP (HD, one client pulling) + SRT main (HD) and sub (SD) calling two
//   receivers here (issue 20) + the dual recording to a USB disk (a tmpfs mounted at USB_PATH; root only, ALL_USB=0
//   leaves it out) + the confidence monitor's preview (asked once a second) and meters (one levels stream; the encoder
//   always measures them);
// beside it, in the same run, one plain ffmpeg with the very same inputs, filters and encodes (the service's encoder
// command line, read from /proc) writing the same outputs with its `tee` muxer: files only, then files + HLS + RTMP
// main and sub + the same RTSP feed (served by the same GStreamer helper, one client pulling). Viewers and the preview
// have no tee equivalent (a tee serves nobody): its ratio is the cost of its outputs alone.
// CPU is counted per second of media recorded (the HD file's duration), so a machine busy with other work, which
// slows the encode, changes the speed but hardly the cost of a second of media; the CPU share per wall second and the
// speed (media / wall seconds) are printed too. Target: the service's ratio <= 1.10.
// Two windows: the whole phase (from the recording's start, so every process's start is in it: each ffmpeg and the
// RTSP helper cost 0.05-0.1 s of CPU to start, 1-2 % of a 30 s phase) and the steady state (SECONDS after the outputs
// started and the warm-up, as an output that runs for an hour costs; its media seconds are its wall seconds times the
// phase's speed).
// ALL_ROUNDS (default 1) repeats the pair of phases (recording alone, every output) that many times, one after the
// other, and prints each round's steady ratio and their median: the encoder's own cost drifts by up to 15 % between
// phases on a shared machine, more than the outputs cost, and alternating phases lets the drift fall on both sides.
// Env: BENCH_SECONDS (default 30 a phase), ALL_WS / ALL_HLS (default 2 each). About 3 minutes on 2 cores (+80 s a round).
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort, NginxRtmp } from '@roomcast/test-servers';
import { RtspServer } from '../apps/server/dist/media/rtsp-server.js';
import { machine, processTree, sleep, treeCpuSeconds } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WS_VIEWERS = Number(process.env.ALL_WS ?? 2);
const HLS_VIEWERS = Number(process.env.ALL_HLS ?? 2);
const WARMUP_MS = 6000;
const TARGET = 1.1;
const ROUNDS = Math.max(1, Number(process.env.ALL_ROUNDS ?? 1));

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
console.log('machine', JSON.stringify(machine()));

/** A phase's cost: CPU seconds of these process trees between `start` and `end`. */
function meter(pids) {
  const cpu = () => pids().reduce((n, p) => n + treeCpuSeconds(p), 0);
  const at = { cpu: cpu(), t: performance.now() };
  return () => ({ cpu: cpu() - at.cpu, wall: (performance.now() - at.t) / 1000 });
}

/** What a process of the service is, by its command line. */
function labelOf(p, root) {
  if (p.pid === root) return 'service (node)';
  // The helper's command line may read as its bare name once GStreamer has renamed its process.
  if (p.cmd.includes('rtsp-serve.py') || p.cmd === '[python3]') return 'RTSP server (GStreamer helper)';
  if (p.cmd.includes('-filter_complex')) return 'encoder';
  if (p.cmd.includes('-skip_frame nokey')) return 'preview (keyframe decoder)';
  if (p.cmd.includes('pipe:0')) {
    if (p.cmd.includes('-f hls')) return 'copy: live HLS';
    if (p.cmd.includes('-f flv')) return 'copy: RTMP';
    if (p.cmd.includes('udp://')) return 'copy: RTSP feed';
    if (p.cmd.includes('srt://')) return 'copy: SRT';
  }
  return `other: ${p.cmd.slice(0, 60)}`;
}

/** Where a service's CPU goes between now and the call of the returned function, by kind of process. */
function breakdown(root) {
  const before = new Map(processTree(root).map((p) => [p.pid, p]));
  return () => {
    const spent = new Map();
    const add = (label, v) => spent.set(label, (spent.get(label) ?? 0) + v);
    const after = processTree(root);
    // The outputs started and stopped within the phase end in it: their CPU is here, with the snapshots'.
    const ended = 'processes ended in the phase (the outputs, snapshots)';
    for (const p of after) {
      const was = before.get(p.pid);
      add(labelOf(p, root), p.self - (was?.self ?? 0));
      // Node's time in the kernel apart: sending to viewers and pipes (loopback delivery is counted to the sender).
      if (p.pid === root) add('  of which in the kernel', p.system - (was?.system ?? 0));
      add(ended, p.reaped - (was?.reaped ?? 0));
      before.delete(p.pid);
    }
    for (const gone of before.values()) add(ended, -gone.self - gone.reaped);
    return spent;
  };
}

/** Seconds of video in a media file (ffprobe). */
const mediaSeconds = (file) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }).trim(),
  );

/** An RTSP client pulling a stream for as long as it runs (its own CPU is not the service's). */
const rtspClient = (url) =>
  spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', url, '-c', 'copy', '-f', 'null', '-'], {
    stdio: 'ignore',
  });

/** An SRT receiver listening here for the service to call, for as long as it runs (its own CPU is not the service's). */
const srtReceiver = (port) =>
  spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', `srt://127.0.0.1:${port}?mode=listener`, '-c', 'copy', '-f', 'null', '-'], {
    stdio: 'ignore',
  });

const nginx = await NginxRtmp.create();
const scratch = mkdtempSync(join(tmpdir(), 'bench-all-outputs-'));
// The USB disk: a tmpfs mounted at the service's USB_PATH (the service sees a disk when a file system is mounted there).
const usb = process.env.ALL_USB !== '0' && process.getuid?.() === 0 ? join(scratch, 'usb') : undefined;
if (usb) {
  execFileSync('mkdir', ['-p', usb]);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2g', 'tmpfs', usb]);
  process.once('exit', () => {
    try {
      execFileSync('umount', ['-l', usb], { stdio: 'ignore' });
    } catch {
      /* already gone */
    }
  });
}
const svc = await startService({ MIN_FREE_MB: '100', ...(usb ? { USB_PATH: usb } : {}) });
process.once('exit', () => svc.proc.kill('SIGTERM'));
const must = async (name, body, session = svc.session) => {
  const res = await svc.call(name, body, session);
  if (!res.result) throw new Error(`${name}: ${res.message}`);
  return res.data;
};
const status = () => must('status', {});
const write = (settingcode, values) =>
  must('writeconfig', { settingcode, data: Object.entries(values).map(([key, value]) => ({ key, value })) });
const base = `http://127.0.0.1:${svc.port}`;
const results = {};
let encoderArgs;

/** Records SECONDS (after `during` has set up what else runs) and answers the cost and the HD media recorded meanwhile. */
async function servicePhase(during = async () => async () => {}) {
  const stopped = async () => {
    for (let i = 0; i < 300 && (await status()).isrecordpending === 'true'; i++) await sleep(100);
  };
  const cost = meter(() => [svc.proc.pid]);
  const parts = breakdown(svc.proc.pid);
  await must('recordctl', { control: 'start' });
  const end = await during();
  const steadyCost = meter(() => [svc.proc.pid]);
  const steadyParts = breakdown(svc.proc.pid);
  await sleep(SECONDS * 1000);
  const steady = { ...steadyCost(), spent: steadyParts() };
  const extra = await end();
  // From the start to the stop of the recording: the same span as the media it recorded.
  const used = cost();
  const spent = parts();
  await must('recordctl', { control: 'stop' });
  await stopped();
  const [row] = (await must('listmedia', { usercode: '*', currentpage: 1, pagesize: 1 })).rows;
  const media = row.files.filter((f) => f.channel === 10).reduce((n, f) => n + f.duration, 0);
  steady.media = steady.wall * (media / used.wall);
  return { ...used, media, spent, steady, ...extra };
}

try {
  await write('setting_live_rtmp', { mainenable: 'true', mainurl: nginx.url('main'), subenable: 'true', suburl: nginx.url('sub') });
  await write('setting_room', { publish: 'true' });

  const rtspPort = await freePort();
  const rtspUrl = `rtsp://127.0.0.1:${rtspPort}/main`;
  const srtPorts = { main: await freePort(), sub: await freePort() };
  const srtTo = (port) => `srt://127.0.0.1:${port}`;
  results.rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Recording alone; the encoder's command line is read meanwhile for the tee.
    const recordOnly = await servicePhase(async () => {
      await sleep(WARMUP_MS);
      for (const pid of readFileSync(`/proc/${svc.proc.pid}/task/${svc.proc.pid}/children`, 'utf8').trim().split(/\s+/)) {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);
        if (argv.includes('pipe:1') && argv.includes('-filter_complex')) encoderArgs = argv.slice(1);
      }
      if (!encoderArgs) throw new Error('the encoder was not found among the service’s processes');
      return async () => ({});
    });

    // Every output.
    await write('setting_live_rtsp', { mainenable: 'true', mainurl: rtspUrl, type: 'unicast' });
    await write('setting_live_srt', { mainenable: 'true', mainurl: srtTo(srtPorts.main), subenable: 'true', suburl: srtTo(srtPorts.sub) });
    if (usb) await write('setting_advance_media_save', { usbenable: 'true' });
    const allOutputs = await servicePhase(async () => {
      const receivers = [srtReceiver(srtPorts.main), srtReceiver(srtPorts.sub)];
      await must('roomlivectrl', { control: 'start' });
      await must('rtmpctl', { control: 'start' });
      await must('srtchannelctl', { channel: '1', control: 'start' });
      await must('srtchannelctl', { channel: '2', control: 'start' });
      const source = await must('livesource', {});
      let running = true;
      const sockets = Array.from({ length: WS_VIEWERS }, () => {
        const ws = new WebSocket(`ws://127.0.0.1:${svc.port}${source.ws}`);
        ws.on('error', () => undefined);
        return ws;
      });
      const hlsViewer = async () => {
        const seen = new Set();
        while (running) {
          try {
            const text = await (await fetch(`${base}${source.hls}`)).text();
            for (const line of text.split('\n').filter((l) => l.endsWith('.ts') && !seen.has(l))) {
              seen.add(line);
              await (await fetch(`${base}/xlive/${line}`)).arrayBuffer();
            }
          } catch {
            /* the playlist appears a second after the start */
          }
          await sleep(500);
        }
      };
      const hls = Array.from({ length: HLS_VIEWERS }, hlsViewer);
      // The confidence monitor: the levels stream open, the preview asked once a second.
      const levels = new AbortController();
      const levelsRead = fetch(`${base}/api/monitor/levels`, { headers: { 'x-session-id': svc.session }, signal: levels.signal })
        .then(async (res) => {
          let events = 0;
          for await (const chunk of res.body) events += chunk.length > 0 ? 1 : 0;
          return events;
        })
        .catch(() => 0);
      let previews = 0;
      const previewing = (async () => {
        while (running) {
          const res = await fetch(`${base}/api/monitor/preview.jpg`, { headers: { 'x-session-id': svc.session } }).catch(() => undefined);
          if (res?.ok && (await res.arrayBuffer()).byteLength > 0) previews++;
          await sleep(1000);
        }
      })();
      const rtsp = rtspClient(rtspUrl);
      await sleep(WARMUP_MS);
      const s = await status();
      const bytes = { main: nginx.recordedBytes('main'), sub: nginx.recordedBytes('sub') };
      return async () => {
        const seen = {
          living: s.isliving,
          rtmp: [s.ismainliving, s.issubliving],
          rtmpReceived: nginx.recordedBytes('main') > bytes.main && nginx.recordedBytes('sub') > bytes.sub,
          rtspClient: rtsp.exitCode === null,
          srt: [s.ismainsrt, s.issubsrt],
          srtReceivers: receivers.map((r) => r.exitCode === null),
          usb: usb ? readdirSync(usb).filter((f) => f !== 'lost+found').length > 0 : 'not measured (ALL_USB=0 or not root)',
          previews,
        };
        running = false;
        rtsp.kill('SIGTERM');
        for (const r of receivers) r.kill('SIGTERM');
        for (const ws of sockets) ws.close();
        levels.abort();
        await Promise.all([...hls, previewing, levelsRead]);
        await must('rtmpctl', { control: 'stop' });
        await must('srtchannelctl', { channel: '1', control: 'stop' });
        await must('srtchannelctl', { channel: '2', control: 'stop' });
        await must('roomlivectrl', { control: 'stop' });
        await write('setting_live_rtsp', { mainenable: 'false' });
        if (usb) await write('setting_advance_media_save', { usbenable: 'false' });
        return { seen };
      };
    });
    results.rounds.push({ recordOnly, allOutputs });
  }
  // The first round's phases are shown whole below; every round's ratio at the end.
  results.recordOnly = results.rounds[0].recordOnly;
  results.allOutputs = results.rounds[0].allOutputs;
} finally {
  svc.stop();
  if (svc.proc.exitCode === null && svc.proc.signalCode === null) await once(svc.proc, 'exit');
}

/** The service's encoder command line with its two MPEG-TS pipes replaced by tee outputs. */
function teeArgs(hdOutputs, sdOutputs) {
  const args = [...encoderArgs];
  const replace = (pipe, outputs) => {
    const at = args.indexOf(pipe);
    if (at < 2 || args[at - 2] !== '-f') throw new Error(`unexpected encoder output ${pipe}`);
    args.splice(at - 1, 2, 'tee', outputs.join('|'));
  };
  replace('pipe:1', hdOutputs);
  replace('pipe:3', sdOutputs);
  return args;
}

/** One tee ffmpeg for SECONDS after the warm-up (and `others`, e.g. the RTSP helper); its meters' fd 4 is read and dropped. */
async function teePhase(args, hdFile, others = () => []) {
  const p = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe', 'ignore', 'pipe'] });
  let err = '';
  p.stderr.on('data', (d) => {
    err = (err + d).slice(-2000);
  });
  p.stdio[4].resume();
  const cost = meter(() => [p.pid, ...others()]);
  await sleep(WARMUP_MS);
  const steadyCost = meter(() => [p.pid, ...others()]);
  await sleep(SECONDS * 1000);
  if (p.exitCode !== null) throw new Error(`the tee ffmpeg ended: ${err}`);
  const steady = steadyCost();
  const used = cost();
  p.kill('SIGINT');
  await once(p, 'exit');
  const media = mediaSeconds(hdFile);
  return { ...used, media, steady: { ...steady, media: steady.wall * (media / used.wall) } };
}

const file = (name) => `[f=mpegts]${join(scratch, name)}`;
try {
  results.teeRecordOnly = await teePhase(teeArgs([file('hd.ts')], [file('sd.ts')]), join(scratch, 'hd.ts'));
  const rtspPort = await freePort();
  const feed = 40000 + Math.floor(Math.random() * 20000);
  const helper = new RtspServer();
  await helper.configure([{ address: '127.0.0.1', port: rtspPort, mounts: [{ path: '/main', feed, audio: true }] }]);
  const hlsOut = `[f=hls:hls_time=1:hls_list_size=6:hls_flags=delete_segments+independent_segments+omit_endlist+temp_file:hls_segment_filename=${join(scratch, 'live-%d.ts')}]${join(scratch, 'live.m3u8')}`;
  const rtmp = (key) => `[f=flv:flvflags=no_duration_filesize:onfail=ignore]${nginx.url(key).replaceAll(':', '\\:')}`;
  const rtspFeed = `[f=mpegts:onfail=ignore]udp\\://127.0.0.1\\:${feed}?pkt_size=1316`;
  const client = rtspClient(`rtsp://127.0.0.1:${rtspPort}/main`);
  results.teeAllOutputs = await teePhase(
    teeArgs([file('hd2.ts'), hlsOut, rtmp('teemain'), rtspFeed], [file('sd2.ts'), rtmp('teesub')]),
    join(scratch, 'hd2.ts'),
    () => [helper.pid].filter(Boolean),
  );
  client.kill('SIGTERM');
  results.teeRtmpReceived = nginx.recordedBytes('teemain') > 0 && nginx.recordedBytes('teesub') > 0;
  await helper.stop();
} finally {
  await nginx.dispose();
  if (usb) execFileSync('umount', ['-l', usb]);
  rmSync(scratch, { recursive: true, force: true });
  rmSync(svc.dataDir, { recursive: true, force: true });
}

const r = results;
const perMedia = (p) => p.cpu / p.media;
const line = (name, p) =>
  `${name.padEnd(32)} ${(perMedia(p) * 100).toFixed(1)} % of a core per second of media (${((p.cpu / p.wall) * 100).toFixed(1)} % of a core per wall second; speed ${(p.media / p.wall).toFixed(2)})`;
// The encode is the same in both phases, and its cost per second of media varies with the machine's load more than
// the outputs cost: the outputs' own share, with the encoder's cost taken from recording alone, is the steadier ratio.
const besidesEncoder = (p) => (p.cpu - (p.spent.get('encoder') ?? 0)) / p.media;
const ratios = (alone, all) => ({
  raw: perMedia(all) / perMedia(alone),
  outputs: (perMedia(alone) + besidesEncoder(all) - besidesEncoder(alone)) / perMedia(alone),
});
const verdict = (v) => `${v.toFixed(3)} (${v <= TARGET ? 'meets' : 'MISSES'} <= ${TARGET})`;
console.log(
  `default room (three synthetic 1080p30 sources composed, HD + SD x264 ${process.env.MEDIA_PRESET ?? 'veryfast'}), ${SECONDS} s a phase; load average at the end ${machine().load1} (${machine().cpus} cores)`,
);
console.log(`outputs while measured: ${JSON.stringify(r.allOutputs.seen)}; tee RTMP received: ${r.teeRtmpReceived}`);
for (const [window, pick] of [
  ['whole phase (process starts included)', (p) => p],
  [`steady state (${SECONDS} s after the warm-up)`, (p) => p.steady],
]) {
  const alone = pick(r.recordOnly);
  const all = pick(r.allOutputs);
  console.log(`-- ${window}`);
  console.log(line('Roomcast recording alone:', alone));
  console.log(line('Roomcast every output:', all));
  for (const [name, phase] of [
    ['recording alone', alone],
    ['every output', all],
  ]) {
    const parts = [...phase.spent].filter(([, v]) => v > 0.001 * phase.media).sort((a, b) => b[1] - a[1]);
    console.log(`  ${name}: ${parts.map(([label, v]) => `${label} ${((v / phase.media) * 100).toFixed(1)} %`).join(', ')}`);
  }
  const ratio = ratios(alone, all);
  console.log(`Roomcast ratio:                  ${verdict(ratio.raw)}`);
  console.log(`Roomcast ratio, the encode's cost taken from recording alone: ${verdict(ratio.outputs)}`);
  const teeAlone = pick(r.teeRecordOnly);
  const teeAll = pick(r.teeAllOutputs);
  console.log(line('plain ffmpeg tee, files only:', teeAlone));
  console.log(line('plain ffmpeg tee, every output:', teeAll));
  console.log(`tee ratio:                       ${(perMedia(teeAll) / perMedia(teeAlone)).toFixed(3)}`);
  console.log(`Roomcast every output / tee every output: ${(perMedia(all) / perMedia(teeAll)).toFixed(3)}`);
}
if (ROUNDS > 1) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const each = r.rounds.map((round) => ratios(round.recordOnly.steady, round.allOutputs.steady));
  console.log(`-- ${ROUNDS} rounds, steady state, alone and every output in turn`);
  each.forEach((ratio, i) => {
    const alone = r.rounds[i].recordOnly.steady;
    const all = r.rounds[i].allOutputs.steady;
    console.log(
      `round ${i + 1}: ${(perMedia(alone) * 100).toFixed(1)} % → ${(perMedia(all) * 100).toFixed(1)} %, ratio ${ratio.raw.toFixed(3)}, the encode's cost taken from recording alone ${ratio.outputs.toFixed(3)}`,
    );
  });
  console.log(`median ratio:                    ${verdict(median(each.map((x) => x.raw)))}`);
  console.log(`median ratio, the encode's cost taken from recording alone: ${verdict(median(each.map((x) => x.outputs)))}`);
  const pooled = (pick) =>
    r.rounds.reduce((n, round) => n + pick(round).steady.cpu, 0) / r.rounds.reduce((n, round) => n + pick(round).steady.media, 0);
  console.log(`all rounds pooled:               ${verdict(pooled((x) => x.allOutputs) / pooled((x) => x.recordOnly))}`);
}
process.exit(0);
