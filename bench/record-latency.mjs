// Record start latency: recordctl start (API call) → first video frame on disk. Target <= 1 s.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const svc = await startService({ MIN_FREE_MB: '100' });
console.log('machine', JSON.stringify(machine()));

function firstSegmentBytes(root) {
  try {
    for (const rec of readdirSync(root)) {
      for (const f of readdirSync(join(root, rec))) if (f.startsWith('HD-') && f.endsWith('.ts')) return statSync(join(root, rec, f)).size;
    }
  } catch {
    /* not yet */
  }
  return 0;
}

const figures = [];
for (let i = 0; i < RUNS; i++) {
  const root = join(svc.dataDir, 'media', 'recordings');
  const t0 = performance.now();
  const started = await svc.call('recordctl', { control: 'start' }, svc.session);
  if (!started.result) throw new Error(started.message);
  // The first bytes of a segment are the PAT, PMT and a keyframe: the first decodable frame.
  while (firstSegmentBytes(root) === 0 && performance.now() - t0 < 10_000) await sleep(5);
  figures.push(performance.now() - t0);
  await sleep(1000);
  await svc.call('recordctl', { control: 'stop' }, svc.session);
  // Next run: a fresh folder per recording, so move the finished ones out of the way by name.
  const { renameSync, mkdirSync } = await import('node:fs');
  mkdirSync(join(svc.dataDir, 'done'), { recursive: true });
  for (const rec of readdirSync(root)) renameSync(join(root, rec), join(svc.dataDir, 'done', `${i}-${rec}`));
  await sleep(500);
}
svc.stop();
figures.sort((a, b) => a - b);
console.log(
  `record start latency over ${RUNS} runs (encoder started on demand): min ${figures[0].toFixed(0)} ms, median ${figures[Math.floor(RUNS / 2)].toFixed(0)} ms, max ${figures.at(-1).toFixed(0)} ms (target <= 1000 ms)`,
);
