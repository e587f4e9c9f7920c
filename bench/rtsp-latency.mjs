// Latency of the RTSP outputs (issue 9): the clock camera (lib/clock-camera.mjs) is channel A, full screen, of the
// default encode; the RTSP outputs main (HD) and sub (SD) are served on loopback; clients here pull them (ffmpeg, RTSP
// over TCP, then over UDP) and read the clock of each picture as it is decoded. Beside them, in the same seconds: the
// camera alone (its own share) and the service's WebSocket stream decoded as it arrives (what the encoder gives every
// output): RTSP's own share is the difference. Also counted: pictures the clients' decoder reported corrupt.
// Env: LATENCY_SECONDS (default 20 per transport), LATENCY_WARMUP (default 5), LATENCY_QUALITY (main_quality, default
// 1080), RTSP_TRANSPORTS (default tcp,udp), BENCH_SERVER_DIST (another build, for A/B).
import { execFile } from 'node:child_process';
import { freePort } from '@roomcast/test-servers';
import { watchCamera, watchClock } from './lib/clock-camera.mjs';
import { plausibleAge, sec, startClockRoom, stats, watchServiceStream } from './lib/clock-room.mjs';
import { machine, sleep } from './lib/machine.mjs';

const SECONDS = Number(process.env.LATENCY_SECONDS ?? 20);
const WARMUP = Number(process.env.LATENCY_WARMUP ?? 5);
const QUALITY = process.env.LATENCY_QUALITY ?? '1080';
const TRANSPORTS = (process.env.RTSP_TRANSPORTS ?? 'tcp,udp').split(',');

const load = [machine().load1];
console.log('machine', JSON.stringify(machine()), process.env.BENCH_SERVER_DIST ? `service build ${process.env.BENCH_SERVER_DIST}` : '');
// Interrupted: 'exit' handlers stop the camera and the service.
const room = await startClockRoom({ quality: QUALITY });
const { camera, svc } = room;
const must = svc.must;
const results = [];
try {
  const port = await freePort();
  const url = (path) => `rtsp://127.0.0.1:${port}/${path}`;
  const rtsp = { mainenable: 'true', mainurl: url('main'), subenable: 'true', suburl: url('sub'), type: 'unicast' };
  await must('writeconfig', { settingcode: 'setting_live_rtsp', data: Object.entries(rtsp).map(([key, value]) => ({ key, value })) });
  await must('roomlivectrl', { control: 'start' });
  const ws = (await must('livesource', {})).ws;
  // The outputs are served once the encoder runs (again, when the SD picture was added for the sub output).
  const probe = (u) =>
    new Promise((resolve) =>
      execFile('ffprobe', ['-v', 'error', '-rtsp_transport', 'tcp', '-show_entries', 'stream=codec_name', u], { timeout: 10_000 }, (err) =>
        resolve(!err),
      ),
    );
  for (let i = 0; i < 60 && !((await probe(url('main'))) && (await probe(url('sub')))); i++) await sleep(500);
  console.log(`clock camera 640x360p30 over RTSP as channel A, full screen; encode ${QUALITY}p30 + SD 360p; ${SECONDS} s per transport`);

  for (const transport of TRANSPORTS) {
    const ages = { camera: [], service: [], main: [], sub: [] };
    const clients = {
      camera: watchCamera(camera.url, (a) => ages.camera.push(a)),
      // Half a second of probing (ffmpeg's default, 5 s, would leave it that far behind the stream until it caught up).
      service: watchServiceStream(svc, ws, (a) => ages.service.push(a), ['-analyzeduration', '500000']),
      main: watchClock(['-rtsp_transport', transport, '-i', url('main')], (a) => ages.main.push(a)),
      sub: watchClock(['-rtsp_transport', transport, '-i', url('sub')], (a) => ages.sub.push(a)),
    };
    await sleep(WARMUP * 1000);
    for (const [name, c] of Object.entries(clients)) {
      ages[name].length = 0;
      c.corrupt = 0;
    }
    await sleep(SECONDS * 1000);
    results.push({
      transport,
      ...Object.fromEntries(Object.entries(ages).map(([name, a]) => [name, { ...stats(a, plausibleAge), corrupt: clients[name].corrupt }])),
    });
    for (const c of Object.values(clients)) c.stop();
    load.push(machine().load1);
  }
} finally {
  await room.stop();
}

console.log(`load average ${load.join(' → ')} (${machine().cpus} cores)`);
for (const r of results) {
  console.log(`RTSP over ${r.transport.toUpperCase()} (median / p95, pictures read, reported corrupt):`);
  for (const [name, label] of [
    ['camera', 'the camera alone'],
    ['service', "the service's WebSocket stream"],
    ['main', 'RTSP main (HD)'],
    ['sub', 'RTSP sub (SD)'],
  ]) {
    const s = r[name];
    console.log(
      `  ${label.padEnd(32)} ${sec(s.median)} / ${sec(s.p95)}, ${s.n} read, ${s.corrupt} corrupt${s.misread ? `, ${s.misread} misread` : ''}`,
    );
  }
  console.log(`  RTSP's own share (main - WebSocket stream): ${sec(r.main.median - r.service.median)}`);
}
process.exit(0);
