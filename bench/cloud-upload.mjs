// Cloud sharing of CLOUD_GB (default 1) GB through the service's upload queue to the loopback Google Drive and
// Dropbox doubles (packages/cloud-doubles, the real clients on the service's side):
//  - throughput from `share` to the transfer's `done` in listtransfer, per provider (8 MiB chunks, as shipped);
//  - the service's RSS (node only) sampled every 100 ms during each upload: memory stays flat whatever the size;
//  - the stored file's SHA-256 against the source's.
// The doubles run in this process and write to disk, so their memory does not count against the service.
// Bounded: one file, two uploads; about a minute on 2 cores; everything lives in one temporary folder, removed.
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDropbox, startFakeGoogleDrive } from '@roomcast/cloud-doubles';
import { openDatabase } from '../apps/server/dist/db/open.js';
import { machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const GB = Number(process.env.CLOUD_GB ?? 1);
const work = mkdtempSync(join(tmpdir(), 'roomcast-cloud-bench-'));
const dataDir = join(work, 'data');
const recDir = join(dataDir, 'media', 'recordings', '20261123-101500');
mkdirSync(recDir, { recursive: true });
const GOOGLE = { clientId: '1-bench.apps.googleusercontent.com', clientSecret: 'bench-secret', refreshToken: '1//0g-bench' };
const DROPBOX = { accessToken: 'sl.bench-token' };
console.log('machine', JSON.stringify(machine()));

const sha256 = (path) =>
  new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(path)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });

try {
  // 1. One file of GB GiB (incompressible bytes; the transfer does not look inside), seeded as a recording's file.
  const name = 'Room_1_HD.ts';
  const source = join(recDir, name);
  const block = randomBytes(8 * 1024 ** 2);
  const out = createWriteStream(source);
  for (let written = 0; written < GB * 1024 ** 3; written += block.length) {
    if (!out.write(block)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
  const size = statSync(source).size;
  const sourceSha = await sha256(source);
  const db = openDatabase(join(dataDir, 'roomcast.db'));
  const recId = Number(
    db
      .prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, stoptime)
        VALUES ('Bench', '20261123-101500', 'admin', 'admin', 'Room', (SELECT id FROM albums WHERE isdefault = 1), ?, 'done', '2026-11-23 10:15:00', '2026-11-23 11:15:00')`)
      .run(recDir).lastInsertRowid,
  );
  db.prepare(
    "INSERT INTO recording_files (recording_id, channel, filepath, title, filesize, starttime) VALUES (?, 10, ?, ?, ?, '2026-11-23 10:15:00')",
  ).run(recId, source, name, size);
  db.close();
  console.log(`media: 1 file, ${(size / 1024 ** 3).toFixed(2)} GiB`);

  // 2. The doubles, and the service pointed at them with sharing on.
  const drive = await startFakeGoogleDrive({ dir: join(work, 'google'), ...GOOGLE });
  const dropbox = await startFakeDropbox({ dir: join(work, 'dropbox'), ...DROPBOX });
  writeFileSync(join(dataDir, 'webconfig.json'), JSON.stringify({ site: { cloundShare: true } }));
  const svc = await startService({
    DATA_DIR: dataDir,
    GOOGLE_OAUTH_URL: drive.url,
    GOOGLE_API_URL: drive.url,
    DROPBOX_API_URL: dropbox.url,
    DROPBOX_CONTENT_URL: dropbox.url,
  });
  const rssMiB = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${svc.proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const kv = (o) => Object.entries(o).map(([key, value]) => ({ key, value }));
  const saved = await svc.call(
    'setsetting',
    [
      {
        section: 'setting_cloud_google',
        data: kv({ enable: 'true', clientid: GOOGLE.clientId, clientsecret: GOOGLE.clientSecret, refreshtoken: GOOGLE.refreshToken }),
      },
      { section: 'setting_cloud_dropbox', data: kv({ enable: 'true', accesstoken: DROPBOX.accessToken }) },
    ],
    svc.session,
  );
  if (!saved.result) throw new Error(saved.message);
  const listed = await svc.call('listmedia', { usercode: '*', recordid: recId }, svc.session);
  const file = listed.data.rows[0].files[0].filepath;

  // 3. Each provider in turn: share, wait for done, sample RSS meanwhile.
  const rssIdle = rssMiB();
  console.log(`service RSS before: ${rssIdle.toFixed(0)} MiB`);
  for (const [type, stored] of [
    ['google', () => drive.files().find((f) => f.name === name)?.path],
    ['dropbox', () => dropbox.files().find((f) => f.path.endsWith(name))?.diskPath],
  ]) {
    const rss = [];
    const sampler = setInterval(() => rss.push(rssMiB()), 100);
    const t0 = performance.now();
    const res = await svc.call('share', { type, file }, svc.session);
    if (!res.result) throw new Error(res.message);
    let state;
    for (;;) {
      const transfers = (await svc.call('listtransfer', { recordid: recId }, svc.session)).data;
      state = transfers.find((x) => x.target === type);
      if (state && (state.state === 'done' || state.state === 'failed')) break;
      await sleep(200);
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (state.state !== 'done') throw new Error(`${type}: ${state.error}`);
    const path = stored();
    const same = path && (await sha256(path)) === sourceSha;
    console.log(
      `${type}: ${(size / 1024 ** 2 / seconds).toFixed(1)} MiB/s (${seconds.toFixed(1)} s for ${(size / 1024 ** 3).toFixed(2)} GiB), ` +
        `service RSS peak ${Math.max(...rss).toFixed(0)} MiB, median ${rss.sort((a, b) => a - b)[Math.floor(rss.length / 2)].toFixed(0)} MiB (target flat, <= 150 MiB), ` +
        `stored file ${same ? 'SHA-256 equal' : 'DIFFERS'}`,
    );
    if (path) rmSync(path);
  }
  svc.stop();
  await sleep(300);
  await drive.stop();
  await dropbox.stop();
  console.log(`temporary files: ${readdirSync(work).length} entries removed`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
