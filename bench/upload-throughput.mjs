// FTP and SFTP uploads of UPLOAD_GB (default 2) GiB on loopback, through the service's upload queue
// (services/sync: basic-ftp; ssh2-sftp-client with pipelined writes), against the stock command-line clients on
// the same file in the same run: `curl -T` to the same FTP server, OpenSSH's `sftp` to the same sshd.
//  - throughput: the service from `resyncrecord` to the transfer's `done` (part file, size check, rename, the
//    .sha256 written beside it, all included); the references from start to exit;
//  - the service's RSS (node only) sampled every 100 ms during each of its uploads: flat whatever the size;
//  - the stored file's SHA-256 against the source's.
// The seeded recording's file gets its SHA-256 the way a finalized recording's does (the service's own
// services/recording/recording-file-hash.js, in its hash thread, stored in the file's row), timed and printed
// apart ("finalize hash"); the uploads then take it from the row, as they do for a real recording. A build without
// that module (BENCH_SERVER_DIST of an older one) hashes while it uploads, as it did.
// Servers: pyftpdlib and OpenSSH's sshd from @roomcast/test-servers (sshd needs root; SFTP is left out without it).
// Bounded: one file, 2 x UPLOAD_ROUNDS uploads per protocol taking turns (best of each reported, every ratio
// printed), each stored copy removed after its check; everything in one temporary folder.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRoot, startFtpServer, startSshd } from '@roomcast/test-servers';
import { cpuSeconds, machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const GB = Number(process.env.UPLOAD_GB ?? 2);
/** Service and reference take turns this many times; the figures are the best of each (a loaded machine only slows). */
const ROUNDS = Number(process.env.UPLOAD_ROUNDS ?? 2);
/** Which protocols to measure (UPLOAD_PROTOCOLS=ftp: FTP only, e.g. for an A/B of the FTP path). */
const PROTOCOLS = (process.env.UPLOAD_PROTOCOLS ?? 'ftp,sftp').split(',');
/** The service build measured (as bench/lib/service.mjs starts it): its database and hash modules are used here. */
const DIST = process.env.BENCH_SERVER_DIST ?? new URL('../apps/server/dist', import.meta.url).pathname;
const fromDist = (rel) => import(pathToFileURL(join(DIST, rel)).href);
const { openDatabase } = await fromDist('db/open.js');
const work = mkdtempSync(join(tmpdir(), 'roomcast-upload-bench-'));
chmodSync(work, 0o755);
const dataDir = join(work, 'data');
const recName = '20261124-090000';
const recDir = join(dataDir, 'media', 'recordings', recName);
mkdirSync(recDir, { recursive: true });
console.log('machine', JSON.stringify(machine()));

const sha256 = (path) =>
  new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path, { highWaterMark: 1 << 20 })
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });

/** Runs a command (argument array, no shell) with `input` on stdin; resolves with the seconds it took. */
function timed(cmd, args, { input = '', env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (b) => (err += b));
    p.on('exit', (code) => (code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`${cmd} exited ${code}: ${err}`))));
    p.stdin.end(input);
  });
}

const mibs = (size, s) => size / 1024 ** 2 / s;
const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const load1 = () => loadavg()[0].toFixed(1);
const results = [];

try {
  // 1. One file (incompressible bytes), seeded as a finished recording's only file.
  const fileName = 'Room_1_20261124-090000_HD.mp4';
  const source = join(recDir, fileName);
  const block = randomBytes(8 * 1024 ** 2);
  const out = createWriteStream(source);
  for (let written = 0; written < GB * 1024 ** 3; written += block.length) {
    if (!out.write(block)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
  chmodSync(source, 0o644);
  const size = statSync(source).size;
  const sourceSha = await sha256(source);
  const db = openDatabase(join(dataDir, 'roomcast.db'));
  const recId = Number(
    db
      .prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, stoptime)
        VALUES ('Bench', ?, 'admin', 'admin', 'Room', (SELECT id FROM albums WHERE isdefault = 1), ?, 'done', '2026-11-24 09:00:00', '2026-11-24 10:00:00')`)
      .run(recName, recDir).lastInsertRowid,
  );
  const fileId = Number(
    db
      .prepare(
        "INSERT INTO recording_files (recording_id, channel, filepath, title, filesize, starttime) VALUES (?, 10, ?, ?, ?, '2026-11-24 09:00:00')",
      )
      .run(recId, source, fileName, size).lastInsertRowid,
  );
  console.log(`media: 1 file, ${(size / 1024 ** 3).toFixed(2)} GiB`);
  // As the recording's finalize does: the file's SHA-256 in the hash thread, kept in its row (a build before
  // recording-file-hash.js has none: its uploads hash beside the sending).
  const hashModule = await fromDist('services/recording/recording-file-hash.js').catch(() => undefined);
  if (hashModule) {
    const { createRepositories } = await fromDist('db/repositories/index.js');
    const hashes = hashModule.recordingFileHashes({ repos: createRepositories(db) });
    const t0 = performance.now();
    const hex = await hashes.sha256({ path: source, fileId });
    const took = (performance.now() - t0) / 1000;
    console.log(
      `finalize hash: ${took.toFixed(2)} s for ${(size / 1024 ** 3).toFixed(2)} GiB (${mibs(size, took).toFixed(0)} MiB/s, load ${load1()}), ` +
        `${hex === sourceSha ? 'equal to' : 'DIFFERS from'} the source's SHA-256`,
    );
  } else console.log('finalize hash: none in this build (its uploads hash the file while sending)');
  db.close();

  const svc = await startService({ DATA_DIR: dataDir });
  const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${svc.proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const kv = (o) => Object.entries(o).map(([key, value]) => ({ key, value }));
  console.log(`service RSS before: ${rssMiB().toFixed(0)} MiB`);

  /** The service's upload of the recording to `server` over `protocol`: resyncrecord, then wait for done. */
  async function serviceUpload(protocol, server) {
    const settings = {
      enable: 'true',
      protocol,
      host: '127.0.0.1',
      port: String(server.port),
      username: server.user,
      password: server.password,
      path: 'svc',
      uploadmodel: 'videoonly',
    };
    const saved = await svc.call('writeconfig', { settingcode: 'setting_advance_ftp', data: kv(settings) }, svc.session);
    if (!saved.result) throw new Error(saved.message);
    const tested = await svc.call('testftp', { data: [] }, svc.session);
    if (!tested.result) throw new Error(tested.message);
    // The .sha256 of the previous round goes too, so each round writes the same files.
    rmSync(join(server.root, 'svc'), { recursive: true, force: true });
    const rss = [];
    const sampler = setInterval(() => rss.push(rssMiB()), 100);
    const cpu0 = cpuSeconds(svc.proc.pid);
    const t0 = performance.now();
    const res = await svc.call('resyncrecord', { recordid: recId }, svc.session);
    if (!res.result) throw new Error(res.message);
    let state;
    for (;;) {
      const [x] = (await svc.call('listupload', { recordids: [recId] }, svc.session)).data.filter((u) => u.target === 'ftp');
      state = x;
      if (x && (x.state === 'done' || x.state === 'failed')) break;
      await sleep(50);
    }
    const seconds = (performance.now() - t0) / 1000;
    // The service's CPU for the upload (all its threads: sending, and hashing where it hashes): the machine's load
    // stretches the seconds, much less the CPU.
    const cpu = cpuSeconds(svc.proc.pid) - cpu0;
    clearInterval(sampler);
    if (state.state !== 'done') throw new Error(`${protocol}: ${state.error}`);
    rss.sort((a, b) => a - b);
    return { seconds, cpu, rssPeak: rss.at(-1), rssMedian: rss[Math.floor(rss.length / 2)], stored: join(server.root, 'svc', fileName) };
  }

  /** Service and reference in turns; prints each round and the best of each (the machine's load only slows). */
  async function compare(what, refName, serviceRun, referenceRun) {
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const load = load1();
      const ours = await serviceRun();
      const oursSame = (await sha256(ours.stored)) === sourceSha;
      rmSync(ours.stored);
      const ref = await referenceRun();
      const refSame = (await sha256(ref.stored)) === sourceSha;
      rmSync(ref.stored);
      rounds.push({ ...ours, ref: ref.seconds, same: oursSame && refSame });
      console.log(
        `${what} round ${i + 1} (load ${load} → ${load1()}): service ${mibs(size, ours.seconds).toFixed(1)} MiB/s, ` +
          `${refName} ${mibs(size, ref.seconds).toFixed(1)} MiB/s (${((ref.seconds / ours.seconds) * 100).toFixed(0)} %), ` +
          `service CPU ${ours.cpu.toFixed(2)} s, RSS peak ${ours.rssPeak.toFixed(0)} MiB`,
      );
    }
    const best = Math.min(...rounds.map((r) => r.seconds));
    const bestRef = Math.min(...rounds.map((r) => r.ref));
    const line =
      `${what}: service ${mibs(size, best).toFixed(1)} MiB/s, ${refName} ${mibs(size, bestRef).toFixed(1)} MiB/s (best of ${ROUNDS} each): ` +
      `${((bestRef / best) * 100).toFixed(0)} % (target >= 80 %); medians: service ${median(rounds.map((r) => mibs(size, r.seconds))).toFixed(1)}, ` +
      `${refName} ${median(rounds.map((r) => mibs(size, r.ref))).toFixed(1)} MiB/s, per-round ratio ` +
      `${median(rounds.map((r) => (r.ref / r.seconds) * 100)).toFixed(0)} %; service CPU per upload, median ` +
      `${median(rounds.map((r) => r.cpu)).toFixed(2)} s; service RSS peak ${Math.max(...rounds.map((r) => r.rssPeak)).toFixed(0)} MiB, ` +
      `median ${rounds[0].rssMedian.toFixed(0)} MiB (target flat); stored files ${rounds.every((r) => r.same) ? 'SHA-256 equal' : 'DIFFER'}`;
    console.log(line);
    results.push(line);
  }

  // 2. FTP: pyftpdlib; the service and curl on the same file, in turns.
  const ftp = PROTOCOLS.includes('ftp') ? await startFtpServer() : undefined;
  if (ftp)
    try {
      mkdirSync(join(ftp.root, 'curl'));
      const curl = async () => ({
        seconds: await timed('curl', [
          '-sS',
          '-T',
          source,
          '--user',
          `${ftp.user}:${ftp.password}`,
          `ftp://127.0.0.1:${ftp.port}/curl/${fileName}`,
        ]),
        stored: join(ftp.root, 'curl', fileName),
      });
      await compare('FTP', 'curl -T', () => serviceUpload('ftp', ftp), curl);
    } finally {
      await ftp.stop();
    }

  // 3. SFTP: OpenSSH's sshd; the service and OpenSSH's sftp (password through SSH_ASKPASS) on the same file, in turns.
  if (!PROTOCOLS.includes('sftp')) console.log('SFTP: not asked for');
  else if (!isRoot()) console.log('SFTP: skipped (sshd with a scratch account needs root)');
  else {
    const sshd = await startSshd();
    try {
      const askpass = join(work, 'askpass.sh');
      writeFileSync(askpass, `#!/bin/sh\nprintf '%s\\n' '${sshd.password}'\n`, { mode: 0o700 });
      const sftp = async () => ({
        seconds: await timed(
          'sftp',
          [
            '-q',
            '-P',
            String(sshd.port),
            '-o',
            'StrictHostKeyChecking=no',
            '-o',
            'UserKnownHostsFile=/dev/null',
            '-o',
            'PubkeyAuthentication=no',
            `${sshd.user}@127.0.0.1`,
          ],
          { input: `put ${source} ${fileName}\nquit\n`, env: { SSH_ASKPASS: askpass, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0' } },
        ),
        stored: join(sshd.root, fileName),
      });
      await compare('SFTP', 'OpenSSH sftp', () => serviceUpload('sftp', sshd), sftp);
    } finally {
      await sshd.stop();
    }
  }
  svc.stop();
  await sleep(300);
} finally {
  rmSync(work, { recursive: true, force: true });
}
