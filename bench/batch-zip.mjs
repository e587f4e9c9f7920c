// Batch download (batchdownload + GET /static/recordTemp/<token>.zip) of BATCH_GB (default 2) GB of real media:
//  - time to first byte of the zip (from the GET; and from the batchdownload call), target <= 1 s;
//  - throughput of the streamed zip against `zip -0` of the same files in the same run (both read the same
//    files, zip -0 writes to a file, the service's zip is read over loopback HTTP and counted);
//  - the service's RSS (node only) sampled every 100 ms during the download, target <= 150 MB;
//  - the zip is checked: its length equals Content-Length and `unzip -t` passes (BATCH_VERIFY=0 skips it).
// Media: an MPEG-TS file encoded by ffmpeg (testsrc2 at 40 Mbit/s), concatenated into FILES files (TS joins
// by concatenation), seeded as one recording's files straight into SQLite (the service's own openDatabase).
// Bounded: the whole run takes about 1-2 minutes on 2 cores; everything lives in one temporary folder, removed.
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../apps/server/dist/db/open.js';
import { machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const GB = Number(process.env.BATCH_GB ?? 2);
const FILES = Number(process.env.BATCH_FILES ?? 4);
const VERIFY = process.env.BATCH_VERIFY !== '0';
const work = mkdtempSync(join(tmpdir(), 'roomcast-batch-'));
const dataDir = join(work, 'data');
const recDir = join(dataDir, 'media', 'recordings', '20261123-101500');
mkdirSync(recDir, { recursive: true });
console.log('machine', JSON.stringify(machine()));

try {
  // 1. Real media: ~30 MB of TS from ffmpeg, repeated into FILES files of GB/FILES each.
  const unit = join(work, 'unit.ts');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '6'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '40M', '-maxrate', '40M', '-bufsize', '80M', '-f', 'mpegts', unit],
  ]);
  const unitBytes = readFileSync(unit);
  const perFile = Math.floor((GB * 1024 ** 3) / FILES);
  const names = [];
  for (let i = 0; i < FILES; i++) {
    const name = `Room_${i + 1}_HD.ts`;
    const out = createWriteStream(join(recDir, name));
    for (let written = 0; written < perFile; written += unitBytes.length) {
      const chunk = written + unitBytes.length <= perFile ? unitBytes : unitBytes.subarray(0, perFile - written);
      if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
    }
    await new Promise((r) => out.end(r));
    names.push(name);
  }
  const total = names.reduce((s, n) => s + statSync(join(recDir, n)).size, 0);
  console.log(
    `media: ${FILES} files, ${(total / 1024 ** 3).toFixed(2)} GiB (unit TS ${(unitBytes.length / 1024 ** 2).toFixed(1)} MiB from ffmpeg)`,
  );

  // 2. One recording with these files, seeded before the service starts.
  const db = openDatabase(join(dataDir, 'roomcast.db'));
  const recId = Number(
    db
      .prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, stoptime)
        VALUES ('Bench', '20261123-101500', 'admin', 'admin', 'Room', (SELECT id FROM albums WHERE isdefault = 1), ?, 'done', '2026-11-23 10:15:00', '2026-11-23 11:15:00')`)
      .run(recDir).lastInsertRowid,
  );
  const addFile = db.prepare(
    "INSERT INTO recording_files (recording_id, channel, filepath, title, filesize, starttime) VALUES (?, 10, ?, ?, ?, '2026-11-23 10:15:00')",
  );
  for (const n of names) addFile.run(recId, join(recDir, n), n, statSync(join(recDir, n)).size);
  db.close();

  // 3. zip -0 of the same files (page cache warmed for both by the write above and this run).
  let t0 = performance.now();
  const zip0 = spawnSync('zip', ['-0', '-q', '-j', join(work, 'ref.zip'), ...names.map((n) => join(recDir, n))]);
  if (zip0.status !== 0) throw new Error(`zip -0 failed: ${zip0.stderr}`);
  const zipSeconds = (performance.now() - t0) / 1000;
  const refSize = statSync(join(work, 'ref.zip')).size;
  rmSync(join(work, 'ref.zip'));

  // 4. The service: batchdownload, then GET the zip and count it (or write it for unzip -t).
  const svc = await startService({ DATA_DIR: dataDir });
  const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${svc.proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const rssIdle = rssMiB();
  const listed = await svc.call('listmedia', { usercode: '*', recordid: recId }, svc.session);
  const files = listed.data.rows[0].files.map((f) => f.filepath);
  t0 = performance.now();
  const prepared = await svc.call('batchdownload', { files }, svc.session);
  if (!prepared.result) throw new Error(prepared.message);
  const callMs = performance.now() - t0;

  const rss = [];
  const sampler = setInterval(() => rss.push(rssMiB()), 100);
  const target = VERIFY ? join(work, 'got.zip') : undefined;
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  const headers = await new Promise((resolve, reject) => {
    get(`http://127.0.0.1:${svc.port}${prepared.data.url}`, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET zip: ${res.statusCode}`));
      res.once('data', () => {
        firstByteMs = performance.now() - started;
      });
      res.on('data', (c) => {
        bytes += c.length;
      });
      const sink = target ? createWriteStream(target) : createWriteStream('/dev/null');
      pipeline(res, sink).then(() => resolve(res.headers), reject);
    }).on('error', reject);
  });
  const streamSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  svc.stop();
  await sleep(300);

  let verified = 'skipped';
  if (target) {
    const t = spawnSync('unzip', ['-tq', target], { encoding: 'utf8' });
    verified = t.status === 0 ? 'unzip -t OK' : `unzip -t FAILED: ${t.stdout}${t.stderr}`;
    rmSync(target);
  }
  const mib = total / 1024 ** 2;
  console.log(`batchdownload call: ${callMs.toFixed(1)} ms`);
  console.log(
    `time to first byte of the zip: ${firstByteMs.toFixed(1)} ms (GET), ${(callMs + firstByteMs).toFixed(1)} ms from the call (target <= 1000 ms)`,
  );
  console.log(
    `streamed zip: ${(bytes / 1024 ** 2).toFixed(0)} MiB in ${streamSeconds.toFixed(2)} s = ${(mib / streamSeconds).toFixed(0)} MiB/s; ` +
      `zip -0: ${(refSize / 1024 ** 2).toFixed(0)} MiB in ${zipSeconds.toFixed(2)} s = ${(mib / zipSeconds).toFixed(0)} MiB/s; ratio ${(zipSeconds / streamSeconds).toFixed(2)}`,
  );
  console.log(
    `Content-Length ${headers['content-length']} = bytes received ${bytes}: ${Number(headers['content-length']) === bytes}; ${verified}`,
  );
  console.log(
    `service RSS: idle ${rssIdle.toFixed(1)} MiB, during the download max ${Math.max(...rss).toFixed(1)} MiB, median ${[...rss].sort((a, b) => a - b)[Math.floor(rss.length / 2)].toFixed(1)} MiB (${rss.length} samples; target <= 150 MB)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
