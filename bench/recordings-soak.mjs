// Recordings back to back (issue 21's long-run proof, Galicaster #401 "too many open files" after 130-150 recordings):
// the built service records SOAK_COUNT (default 150) short recordings one after another, and after each one reads
// its open file descriptors, resident memory and child processes from /proc. They must be flat at the end: within 5 %
// of what they were after the first ten. Every finished file is then checked with ffprobe.
// Env: SOAK_COUNT (150), SOAK_SECONDS (2, recorded each time). About 10 s a recording on 2 cores.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine, processTree, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const COUNT = Number(process.env.SOAK_COUNT ?? 150);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 2);
const svc = await startService({ MIN_FREE_MB: '100' });
const pid = svc.proc.pid;

function reading() {
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return {
    fds: readdirSync(`/proc/${pid}/fd`).length,
    rssMiB: rssKb / 1024,
    children: processTree(pid).length - 1,
  };
}

async function until(what, ok, ms = 30_000) {
  const t0 = performance.now();
  while (!(await ok())) {
    if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
const status = () => svc.must('status', {});

const readings = [];
const t0 = performance.now();
for (let i = 0; i < COUNT; i++) {
  await svc.must('recordctl', { control: 'start' });
  await until('the recording', async () => {
    const s = await status();
    return s.isrecording === 'true' && s.isrecordpending === 'false' && Number(s.current) >= SECONDS;
  });
  await svc.must('recordctl', { control: 'stop' });
  await until('the stop', async () => {
    const s = await status();
    return s.isrecording === 'false' && s.isrecordpending === 'false';
  });
  // What is left after a recording settles: the encoder stops when nothing needs it.
  await until('the encoder to stop', () => reading().children === 0, 10_000).catch(() => {});
  readings.push(reading());
  if ((i + 1) % 25 === 0)
    console.log(`${i + 1} recordings, ${((performance.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(readings.at(-1))}`);
}
await svc.close();

// Every finished file plays: ffprobe reads its streams and duration.
const root = join(svc.dataDir, 'media', 'recordings');
const files = readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.mp4'));
const bad = files.filter((f) => {
  try {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(root, String(f))], {
      encoding: 'utf8',
    });
    return !(Number(out.trim()) > 0);
  } catch {
    return true;
  }
});

const mean = (rs, k) => rs.reduce((n, r) => n + r[k], 0) / rs.length;
const early = readings.slice(5, 10);
const late = readings.slice(-5);
console.log('machine', JSON.stringify(machine()));
console.log(`${COUNT} recordings of ${SECONDS} s back to back in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
for (const k of ['fds', 'rssMiB', 'children']) {
  const a = mean(early, k);
  const b = mean(late, k);
  const change = a ? ((b - a) / a) * 100 : b ? Infinity : 0;
  console.log(
    `  ${k}: after recordings 6-10 ${a.toFixed(1)}, after the last five ${b.toFixed(1)} (${change >= 0 ? '+' : ''}${change.toFixed(1)} %, target within 5 %)`,
  );
}
console.log(`  files: ${files.length} MP4, ${bad.length} that ffprobe does not read${bad.length ? `: ${bad.slice(0, 5).join(', ')}` : ''}`);
