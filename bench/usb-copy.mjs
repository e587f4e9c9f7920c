// usbdownload's copy throughput (issue 20; target: 80 % or more of `cp`): the built service copies its recordings to a
// USB disk stood in for by a loop-mounted ext4 image (root only), and `cp` then copies the same files to the same
// disk, each followed by `sync`, with the page cache dropped before each (the files are read from the disk, as on a
// box whose recordings are older than its memory). The service's copy includes reading each file back for its
// SHA-256 check (a thread hashes the recording while the kernel copies it), which `cp` does not do.
// The stand-in picture compresses to almost nothing, so each recording's HD file is then filled with
// USB_BENCH_FILE_MB of random bytes (a 90-minute lecture at 4 Mbit/s is 2.6 GB): the copy is of bytes, and the service
// computes the changed file's SHA-256 again before it copies it, as it does for any file changed since its finalize.
// A third line times `cp` with `openssl dgst -sha256` of the same files beside it: what the check costs by itself.
// Env: USB_BENCH_RECORDINGS (3), USB_BENCH_SECONDS (5), USB_BENCH_FILE_MB (200), USB_BENCH_IMAGE_MB (2048),
// USB_BENCH_WRITE_MBPS (0: the machine's disk; 100 is a USB 3 hard disk's or a good flash drive's sustained write).
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

if (process.getuid?.() !== 0) throw new Error('usb-copy.mjs mounts a loop image: run it as root');
const RECORDINGS = Number(process.env.USB_BENCH_RECORDINGS ?? 3);
const SECONDS = Number(process.env.USB_BENCH_SECONDS ?? 5);
const FILE_MB = Number(process.env.USB_BENCH_FILE_MB ?? 200);
const IMAGE_MB = Number(process.env.USB_BENCH_IMAGE_MB ?? 2048);

const execFileAsync = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'roomcast-usb-bench-'));
const image = join(work, 'usb.img');
const usb = join(work, 'usb');
execFileSync('mkdir', ['-p', usb]);
execFileSync('truncate', ['-s', `${IMAGE_MB}M`, image]);
execFileSync('mkfs.ext4', ['-q', '-F', image]);
execFileSync('mount', ['-o', 'loop', image, usb]);
// USB_BENCH_WRITE_MBPS caps the loop device's writes (cgroup v1 blkio throttle of the root group, which the kernel's
// writeback runs in) at a USB disk's speed; 0 leaves it at the speed of the machine's disk.
const WRITE_MBPS = Number(process.env.USB_BENCH_WRITE_MBPS ?? 0);
const throttle = '/sys/fs/cgroup/blkio/blkio.throttle.write_bps_device';
const loopDevice = execFileSync('findmnt', ['-n', '-o', 'MAJ:MIN', usb]).toString().trim();
if (WRITE_MBPS > 0) writeFileSync(throttle, `${loopDevice} ${WRITE_MBPS * 1_000_000}`);
const dropCaches = () => {
  execFileSync('sync');
  writeFileSync('/proc/sys/vm/drop_caches', '3');
};

const svc = await startService({ MIN_FREE_MB: '100', USB_PATH: usb });
try {
  await svc.must('writeconfig', {
    settingcode: 'setting_rec_video_codec',
    data: [
      { key: 'main_quality', value: '480' },
      { key: 'main_bitrate', value: '1000' },
    ],
  });
  await svc.must('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'usbdownload', value: 'true' }] });
  for (let i = 0; i < RECORDINGS; i++) {
    await svc.must('recordctl', { control: 'start' });
    for (;;) {
      const s = await svc.must('status', {});
      if (s.isrecording === 'true' && Number(s.current) >= SECONDS) break;
      await sleep(200);
    }
    await svc.must('recordctl', { control: 'stop' });
    while ((await svc.must('status', {})).isrecording === 'true') await sleep(100);
  }
  const listed = await svc.must('listmedia', { pagesize: 100 });
  const ids = listed.rows.map((r) => r.recordid);
  const root = join(svc.dataDir, 'media', 'recordings');
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.mp4'))
    .map((f) => join(root, f));
  for (const f of files.filter((f) => f.endsWith('_HD.mp4'))) {
    const out = openSync(f, 'w');
    for (let i = 0; i < FILE_MB; i++) writeSync(out, randomBytes(1024 * 1024));
    closeSync(out);
  }
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);

  const copyAll = async () => {
    await svc.must('usbcopy', { recordids: ids });
    for (;;) {
      const s = await svc.must('usbcopystate', {});
      if (s.state !== 'copying') {
        if (s.state !== 'done') throw new Error(`the copy ${s.state}: ${s.error}`);
        return;
      }
      await sleep(10);
    }
  };
  // A first copy stores the changed files' SHA-256 (a recording's is stored at its finalize); the second is timed,
  // to a disk without the first's files (as `cp` writes new files: replacing 600 MiB would time their deletion too).
  await copyAll();
  for (const name of readdirSync(usb)) if (name !== 'lost+found') rmSync(join(usb, name), { recursive: true, force: true });
  dropCaches();
  let t0 = performance.now();
  await copyAll();
  execFileSync('sync');
  const service = (performance.now() - t0) / 1000;

  dropCaches();
  const target = join(usb, 'cp');
  execFileSync('mkdir', ['-p', target]);
  t0 = performance.now();
  execFileSync('cp', [...files, target]);
  execFileSync('sync');
  const cp = (performance.now() - t0) / 1000;

  // The floor of any checked copy here: `cp` with `openssl dgst -sha256` of the same files beside it (both reading
  // them from the disk), then `sync`. Not the target's reference: it shows what the SHA-256 check itself costs.
  dropCaches();
  const checkedTarget = join(usb, 'cp-checked');
  execFileSync('mkdir', ['-p', checkedTarget]);
  t0 = performance.now();
  await Promise.all([execFileAsync('openssl', ['dgst', '-sha256', ...files]), execFileAsync('cp', [...files, checkedTarget])]);
  execFileSync('sync');
  const cpChecked = (performance.now() - t0) / 1000;

  const mb = bytes / 1024 / 1024;
  console.log('machine', JSON.stringify(machine()));
  const speed = WRITE_MBPS > 0 ? `, its writes capped at ${WRITE_MBPS} MB/s` : '';
  console.log(`${files.length} files of ${RECORDINGS} recordings, ${mb.toFixed(1)} MiB, to a loop-mounted ext4 image${speed}`);
  console.log(`  service (copy, SHA-256 check, flush): ${service.toFixed(2)} s, ${(mb / service).toFixed(1)} MiB/s`);
  console.log(`  cp + sync: ${cp.toFixed(2)} s, ${(mb / cp).toFixed(1)} MiB/s`);
  console.log(`  cp beside openssl dgst -sha256, + sync: ${cpChecked.toFixed(2)} s, ${(mb / cpChecked).toFixed(1)} MiB/s`);
  console.log(`  service / cp: ${((cp / service) * 100).toFixed(0)} % (target 80 % or more)`);
  console.log(`  service / (cp beside the hash): ${((cpChecked / service) * 100).toFixed(0)} %`);
} finally {
  await svc.close();
  if (WRITE_MBPS > 0) writeFileSync(throttle, `${loopDevice} 0`);
  execFileSync('umount', ['-l', usb]);
  rmSync(work, { recursive: true, force: true });
}
