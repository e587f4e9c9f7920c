// API figures against the built service (`npm run build` first; uses apps/server/dist):
//  - listmedia p50/p99 with 100 and with 100,000 recordings in the database;
//  - status p99 with 200 simulated consoles, each with its own session, polling every 5 s, first without a
//    recording (BENCH_IDLE_POLL_SECONDS, default 20) and then while one runs (BENCH_POLL_SECONDS, default 60),
//    and whether that recording dropped frames (ffprobe);
//  - the service's RSS (the node process only, not ffmpeg) idle and while recording.
// Seeding: before the service starts, the database is created by the service's own openDatabase (dist, so the
// migrations apply) and filled in one transaction of prepared INSERTs: recordings with two files each (HD, SD;
// rows only, no media on disk), 50 owners in 5 groups, a shared and a private album, 200 console users and one
// myrecord user ('member', group g0, recording access to g1) sharing one argon2id hash. 100,000 take ~2 s.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/dist/db/open.js';
import { hashPassword } from '../apps/server/dist/services/core/passwords.js';
import { machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const SIZES = (process.env.BENCH_RECORDINGS ?? '100,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONSOLES = Number(process.env.BENCH_CONSOLES ?? 200);
const POLL_MS = 5000;
const POLL_SECONDS = Number(process.env.BENCH_POLL_SECONDS ?? 60);
const IDLE_POLL_SECONDS = Number(process.env.BENCH_IDLE_POLL_SECONDS ?? 20);
const USER_PASSWORD = 'Console-Pass-123';
const p2 = (n) => String(n).padStart(2, '0');
const SEED_START = Date.parse('2020-01-01T08:00:00Z');
const deviceTime = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

async function seed(dataDir, count) {
  const t0 = performance.now();
  const db = openDatabase(join(dataDir, 'roomcast.db'));
  const hash = await hashPassword(USER_PASSWORD);
  const now = new Date().toISOString();
  const user = db.prepare(
    "INSERT INTO users (usercode, username, password_hash, role, groupcode, functions, created_at) VALUES (?, ?, ?, 'user', ?, ?, ?)",
  );
  const rec =
    db.prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, stoptime, duration_ms)
    VALUES (?, ?, ?, ?, 'Room 1', ?, ?, 'done', ?, ?, 3600000)`);
  const file = db.prepare(
    'INSERT INTO recording_files (recording_id, channel, filepath, title, filesize, starttime, duration_ms) VALUES (?, ?, ?, ?, ?, ?, 3600000)',
  );
  db.transaction(() => {
    for (let g = 0; g < 5; g++) db.prepare('INSERT INTO user_groups (groupcode, groupname) VALUES (?, ?)').run(`g${g}`, `Group ${g}`);
    for (let u = 1; u < 50; u++) user.run(`u${p2(u)}`, `User ${u}`, hash, `g${u % 5}`, '[]', now);
    user.run('member', 'Member', hash, 'g0', '["myrecord"]', now);
    db.prepare("INSERT INTO recording_access (code, code_type, access_groupcode) VALUES ('member', 'user', 'g1')").run();
    for (let c = 0; c < CONSOLES; c++) user.run(`c${String(c).padStart(3, '0')}`, `Console ${c}`, hash, '', '[]', now);
    const shared = db
      .prepare("INSERT INTO albums (name, share, createtime) VALUES ('Shared', 1, '2020-01-01 00:00:00')")
      .run().lastInsertRowid;
    const priv = db
      .prepare("INSERT INTO albums (name, share, createtime) VALUES ('Private', 0, '2020-01-01 00:00:00')")
      .run().lastInsertRowid;
    for (let i = 0; i < count; i++) {
      const t = deviceTime(SEED_START + i * 30 * 60_000);
      const name = t.replace(/[-:]/g, '').replace(' ', '-');
      const owner = i % 50 === 0 ? 'member' : `u${p2(i % 50)}`;
      const album = i % 10 === 0 ? shared : i % 10 === 1 ? priv : 1;
      const dir = join(dataDir, 'media', 'recordings', name);
      const id = rec.run(
        `Room 1 ${t}`,
        name,
        owner,
        owner,
        album,
        dir,
        t,
        deviceTime(SEED_START + i * 30 * 60_000 + 3600_000),
      ).lastInsertRowid;
      file.run(id, 10, join(dir, `Room 1_${name}_HD.mp4`), `Room 1 ${t} HD`, 2e9, t);
      file.run(id, 11, join(dir, `Room 1_${name}_SD.mp4`), `Room 1 ${t} SD`, 2.5e8, t);
    }
  })();
  db.close();
  return { ms: performance.now() - t0, lastDay: deviceTime(SEED_START + (count - 1) * 30 * 60_000).slice(0, 10) };
}

const agent = new Agent({ keepAlive: true, maxSockets: CONSOLES + 10 });
function post(port, name, body, session) {
  const payload = JSON.stringify(body ?? {});
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/${name}`,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(session ? { 'x-session-id': session } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, json: JSON.parse(Buffer.concat(chunks).toString('utf8')), ms: performance.now() - t0 }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Stops the service and removes its DATA_DIR once the process has exited (it writes logs until then). */
async function discard(svc, dataDir) {
  const exited = new Promise((r) => (svc.proc.exitCode !== null ? r() : svc.proc.once('exit', r)));
  svc.stop();
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const fmt = (ms) => `${ms.toFixed(2)} ms`;
function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 0.5), p99: pct(s, 0.99), max: s.at(-1) };
}
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
async function rssOver(pid, ms) {
  const samples = [];
  for (const until = Date.now() + ms; Date.now() < until; await sleep(250)) samples.push(rssMiB(pid));
  return { max: Math.max(...samples), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

async function listmediaFigures(count) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-bench-api-'));
  const seeded = await seed(dataDir, count);
  // SERVICE_NODE_OPTIONS: V8 flags for the service alone (e.g. --max-semi-space-size=1 to compare RSS).
  const svc = await startService({
    DATA_DIR: dataDir,
    MIN_FREE_MB: '100',
    ...(process.env.SERVICE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVICE_NODE_OPTIONS } : {}),
  });
  const rssStart = rssMiB(svc.proc.pid);
  const member = (await post(svc.port, 'login', { usercode: 'member', password: USER_PASSWORD })).json.data.sessionID;
  const pages = Math.ceil(count / 10);
  const scenarios = [
    ['admin, all users ("*"), page 1', { usercode: '*' }, svc.session],
    ['admin, all users, last page', { usercode: '*', currentpage: pages }, svc.session],
    ['admin, all users, page 1 of 100 rows', { usercode: '*', pagesize: 100 }, svc.session],
    ['admin, all users, name contains (trigram index)', { usercode: '*', queryfields: { name: `${seeded.lastDay} 0` } }, svc.session],
    ['admin, all users, one day (start/end)', { usercode: '*', queryfields: { start: seeded.lastDay, end: seeded.lastDay } }, svc.session],
    ['admin, all users, one album', { usercode: '*', albumid: 3 }, svc.session],
    ['myrecord user, own ("")', { usercode: '' }, member],
    ['myrecord user, a user of an accessible group', { usercode: 'u01' }, member],
    ['myrecord user, a user of another group (shared only)', { usercode: 'u02' }, member],
    ['no session (shared albums only)', {}, undefined],
  ];
  const rows = [];
  for (const [label, body, session] of scenarios) {
    const first = await post(svc.port, 'listmedia', body, session);
    if (first.status !== 200 || !first.json.result) throw new Error(`${label}: ${first.status} ${first.json.message}`);
    for (let i = 0; i < 20; i++) await post(svc.port, 'listmedia', body, session);
    const ms = [];
    for (let i = 0; i < REQUESTS; i++) ms.push((await post(svc.port, 'listmedia', body, session)).ms);
    rows.push({ label, total: first.json.data.total, rows: first.json.data.rows.length, ...summary(ms) });
  }
  const idle = await rssOver(svc.proc.pid, 3000);
  return { svc, dataDir, seeded, rows, rssStart, idle };
}

/** Every console polls `status` every 5 s (first poll at a random offset) for `seconds`; RSS sampled meanwhile. */
async function poll(svc, sessions, seconds, recording) {
  const latencies = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  const consoles = sessions.map(async (session) => {
    await sleep(Math.random() * POLL_MS);
    while (Date.now() < until) {
      const next = Date.now() + POLL_MS;
      const r = await post(svc.port, 'status', {}, session);
      if (r.status !== 200 || r.json.data.isrecording !== String(recording)) errors++;
      latencies.push(r.ms);
      await sleep(Math.max(0, next - Date.now()));
    }
  });
  const rss = [];
  while (Date.now() < until) {
    rss.push(rssMiB(svc.proc.pid));
    await sleep(500);
  }
  await Promise.all(consoles);
  return { status: summary(latencies), errors, rss: { max: Math.max(...rss), mean: rss.reduce((a, b) => a + b, 0) / rss.length } };
}

async function statusUnderRecording(svc) {
  const sessions = [];
  const t0 = performance.now();
  for (let c = 0; c < CONSOLES; c += 4) {
    const batch = await Promise.all(
      [0, 1, 2, 3]
        .filter((k) => c + k < CONSOLES)
        .map((k) => post(svc.port, 'login', { usercode: `c${String(c + k).padStart(3, '0')}`, password: USER_PASSWORD })),
    );
    for (const r of batch) sessions.push(r.json.data.sessionID);
  }
  const loginMs = performance.now() - t0;
  // The same load without a recording first, to tell the service's own latency from the encoder's CPU share.
  const idle = await poll(svc, sessions, IDLE_POLL_SECONDS, false);
  const started = await post(svc.port, 'recordctl', { control: 'start' }, svc.session);
  if (!started.json.result) throw new Error(`recordctl start: ${started.json.message}`);
  const recordStart = Date.now();
  const busy = await poll(svc, sessions, POLL_SECONDS, true);
  const stopAt = Date.now();
  await post(svc.port, 'recordctl', { control: 'stop' }, svc.session);
  const wallS = (stopAt - recordStart) / 1000;
  // The newest of admin's own recordings is this one; its HD file, probed without decoding (packets = frames).
  const row = (await post(svc.port, 'listmedia', { usercode: '' }, svc.session)).json.data.rows[0];
  const hd = row.files.find((f) => f.channel === 10);
  const probe = JSON.parse(
    execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-count_packets',
        '-show_entries',
        'stream=nb_read_packets,r_frame_rate:format=duration',
        '-of',
        'json',
        join(svc.dataDir, 'media', hd.filepath),
      ],
      { encoding: 'utf8' },
    ),
  );
  const [num, den] = probe.streams[0].r_frame_rate.split('/').map(Number);
  const fps = num / (den || 1);
  const frames = Number(probe.streams[0].nb_read_packets);
  const durationS = Number(probe.format.duration);
  return { loginMs, idle, busy, wallS, frames, fps, durationS };
}

console.log('machine', JSON.stringify(machine()));
let last;
for (const count of SIZES) {
  const r = await listmediaFigures(count);
  console.log(
    `\nlistmedia with ${count.toLocaleString('en')} recordings (seeded in ${(r.seeded.ms / 1000).toFixed(1)} s; ${REQUESTS} sequential requests per row, keep-alive):`,
  );
  console.log('| request | total | rows | p50 | p99 | max |\n|---|---|---|---|---|---|');
  for (const x of r.rows) console.log(`| ${x.label} | ${x.total} | ${x.rows} | ${fmt(x.p50)} | ${fmt(x.p99)} | ${fmt(x.max)} |`);
  console.log(
    `service RSS: ${r.rssStart.toFixed(1)} MiB just after start; idle after the listings: max ${r.idle.max.toFixed(1)} MiB (target <= 100 MB)`,
  );
  if (last) await discard(last.svc, last.dataDir);
  last = r;
}

console.log(
  `\nstatus: ${CONSOLES} consoles (own sessions, own keep-alive connections) polling every ${POLL_MS / 1000} s (database of ${SIZES.at(-1).toLocaleString('en')} recordings):`,
);
const s = await statusUnderRecording(last.svc);
console.log(`  ${CONSOLES} logins in ${(s.loginMs / 1000).toFixed(1)} s`);
for (const [label, x] of [
  [`not recording (${IDLE_POLL_SECONDS} s)`, s.idle],
  [`recording (${POLL_SECONDS} s)`, s.busy],
]) {
  console.log(
    `  ${label}: ${x.status.n} status calls, ${x.errors} errors; p50 ${fmt(x.status.p50)}, p99 ${fmt(x.status.p99)}, max ${fmt(x.status.max)} (target p99 <= 20 ms); service RSS max ${x.rss.max.toFixed(1)} MiB, mean ${x.rss.mean.toFixed(1)} MiB`,
  );
}
console.log('  (RSS targets: <= 100 MB idle, <= 150 MB recording; the node process only, ffmpeg not counted)');
const expected = s.durationS * s.fps;
console.log(
  `  recording: ${s.wallS.toFixed(1)} s wall, HD file ${s.durationS.toFixed(2)} s at ${s.fps} fps: ${s.frames} frames of ${expected.toFixed(0)} expected (${((100 * s.frames) / expected).toFixed(1)} %); media/wall ${(s.durationS / s.wallS).toFixed(3)}`,
);
await discard(last.svc, last.dataDir);
agent.destroy();
console.log(`load average at the end: ${machine().load1}`);
