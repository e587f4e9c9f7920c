// Latency of the SRT outputs (issue 20): the clock camera (lib/clock-camera.mjs) is channel A, full screen, of the
// default encode; the SRT outputs main (HD) and sub (SD) call receivers here on loopback (Debian's ffmpeg with libsrt,
// listening at the latency the setting ships with, 200 ms, and with AES-128 when SRT_PASSPHRASE is set), which read
// the clock of each picture as it is decoded. Beside them, in the same seconds: the camera alone (its own share) and
// the service's WebSocket stream decoded as it arrives (what the encoder gives every output): SRT's own share is the
// difference. Target: SRT adds at most 0.2 s. Also counted: pictures the receivers' decoder reported corrupt.
// Env: LATENCY_SECONDS (default 20), LATENCY_WARMUP (default 5), LATENCY_QUALITY (main_quality, default 1080),
// SRT_LATENCY_MS (default 200, the setting's default), SRT_PASSPHRASE (default none), SRT_RECEIVER_FLAGS (more input options
// for the receivers, for an A/B), BENCH_SERVER_DIST (A/B).
import { freePort } from '@roomcast/test-servers';
import { watchCamera, watchClock } from './lib/clock-camera.mjs';
import { plausibleAge, sec, startClockRoom, stats, watchServiceStream } from './lib/clock-room.mjs';
import { machine, sleep } from './lib/machine.mjs';

const SECONDS = Number(process.env.LATENCY_SECONDS ?? 20);
const WARMUP = Number(process.env.LATENCY_WARMUP ?? 5);
const QUALITY = process.env.LATENCY_QUALITY ?? '1080';
const LATENCY_MS = Number(process.env.SRT_LATENCY_MS ?? 200);
const PASSPHRASE = process.env.SRT_PASSPHRASE ?? '';

const load = [machine().load1];
console.log('machine', JSON.stringify(machine()), process.env.BENCH_SERVER_DIST ? `service build ${process.env.BENCH_SERVER_DIST}` : '');
const room = await startClockRoom({ quality: QUALITY });
const { camera, svc } = room;
const must = svc.must;
let result;
try {
  const ports = { main: await freePort(), sub: await freePort() };
  const crypto = PASSPHRASE ? `&passphrase=${encodeURIComponent(PASSPHRASE)}&pbkeylen=16` : '';
  const listen = (port) => `srt://127.0.0.1:${port}?mode=listener&latency=${LATENCY_MS * 1000}${crypto}`;
  const ages = { camera: [], service: [], main: [], sub: [] };
  // The receivers listen first; the service calls them (caller, the setting's default mode).
  // Half a second of probing, as the WebSocket stream's client: ffmpeg's default (5 s) would leave a live input's
  // decoding that far behind what arrives, for good.
  const receiver = (port) => [
    ...(process.env.SRT_RECEIVER_FLAGS ?? '').split(' ').filter(Boolean),
    '-analyzeduration',
    '500000',
    '-i',
    listen(port),
  ];
  const receivers = {
    main: watchClock(receiver(ports.main), (a) => ages.main.push(a)),
    sub: watchClock(receiver(ports.sub), (a) => ages.sub.push(a)),
  };
  const srt = {
    mainenable: 'true',
    mainurl: `srt://127.0.0.1:${ports.main}`,
    subenable: 'true',
    suburl: `srt://127.0.0.1:${ports.sub}`,
    mode: 'caller',
    latency: String(LATENCY_MS),
    passphrase: PASSPHRASE,
    pbkeylen: '16',
  };
  await must('writeconfig', { settingcode: 'setting_live_srt', data: Object.entries(srt).map(([key, value]) => ({ key, value })) });
  await must('srtchannelctl', { channel: '1', control: 'start' });
  await must('srtchannelctl', { channel: '2', control: 'start' });
  // The WebSocket stream to compare with is the live room's.
  await must('roomlivectrl', { control: 'start' });
  const ws = (await must('livesource', {})).ws;
  const clients = {
    ...receivers,
    camera: watchCamera(camera.url, (a) => ages.camera.push(a)),
    service: watchServiceStream(svc, ws, (a) => ages.service.push(a), ['-analyzeduration', '500000']),
  };
  for (let i = 0; i < 120 && !(ages.main.length && ages.sub.length); i++) await sleep(500);
  if (!ages.main.length || !ages.sub.length) throw new Error('no picture came over SRT in 60 s');
  console.log(
    `clock camera 640x360p30 over RTSP as channel A, full screen; encode ${QUALITY}p30 + SD 360p; SRT latency ${LATENCY_MS} ms${PASSPHRASE ? ', AES-128' : ''}; ${SECONDS} s`,
  );
  await sleep(WARMUP * 1000);
  for (const [name, c] of Object.entries(clients)) {
    ages[name].length = 0;
    c.corrupt = 0;
  }
  await sleep(SECONDS * 1000);
  result = Object.fromEntries(
    Object.entries(ages).map(([name, a]) => [name, { ...stats(a, plausibleAge), corrupt: clients[name].corrupt }]),
  );
  for (const c of Object.values(clients)) c.stop();
  load.push(machine().load1);
} finally {
  await room.stop();
}

console.log(`load average ${load.join(' → ')} (${machine().cpus} cores)`);
console.log('median / p95, pictures read, reported corrupt:');
for (const [name, label] of [
  ['camera', 'the camera alone'],
  ['service', "the service's WebSocket stream"],
  ['main', 'SRT main (HD)'],
  ['sub', 'SRT sub (SD)'],
]) {
  const s = result[name];
  console.log(
    `  ${label.padEnd(32)} ${sec(s.median)} / ${sec(s.p95)}, ${s.n} read, ${s.corrupt} corrupt${s.misread ? `, ${s.misread} misread` : ''}`,
  );
}
console.log(`  SRT's own share (main - WebSocket stream): ${sec(result.main.median - result.service.median)} (target ≤ 0.20 s)`);
process.exit(0);
