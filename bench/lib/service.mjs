// Starts the built service as `npm start` does (its own port and DATA_DIR) for benchmarks.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkNodeRuntime } from '../../scripts/node-runtime-check.mjs';
import { sleep } from './machine.mjs';

export const PASSWORD = 'Bench-Pass-12345';

export async function startService(env = {}) {
  // A benchmark may hand over a DATA_DIR it prepared (e.g. a seeded database).
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'roomcast-bench-'));
  const port = 18000 + Math.floor(Math.random() * 900);
  // The same V8 flags as `npm start` (apps/server/node-flags).
  const flags = readFileSync(new URL('../../apps/server/node-flags', import.meta.url), 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  // BENCH_SERVER_DIST: another build of the service (e.g. the one before a change, for an A/B in one sitting).
  const dist = process.env.BENCH_SERVER_DIST ?? new URL('../../apps/server/dist', import.meta.url).pathname;
  // The service runs on this Node.js: the one that built this checkout's native addons (`npm run bench` sees to it).
  if (!process.env.BENCH_SERVER_DIST) checkNodeRuntime();
  // BENCH_NODE_FLAGS: more flags for the service's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its CPU goes).
  const more = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const proc = spawn(process.execPath, [...flags, ...more, join(dist, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HTTPS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      CONSOLE_DIR: '',
      ...env,
    },
    stdio: 'ignore',
  });
  const call = async (name, body, session) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session ? { 'x-session-id': session } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    return res.json();
  };
  // Up to 30 s: a loaded machine starts it slowly (migrations, the certificate, ffmpeg's probes).
  let answered = false;
  for (let i = 0; i < 300 && !answered; i++) {
    try {
      answered = (await call('roominfo')).result;
    } catch {
      /* starting */
    }
    if (!answered) await sleep(100);
  }
  // A service that never answered is not left behind the benchmark.
  if (!answered) {
    proc.kill('SIGKILL');
    throw new Error(`the service did not answer on port ${port} within 30 s`);
  }
  const session = (await call('login', { usercode: 'admin', password: PASSWORD })).data.sessionID;
  /** A call that must succeed (as the admin unless another session is given): its data, or it throws. */
  const must = async (name, body, as = session) => {
    const res = await call(name, body, as);
    if (!res.result) throw new Error(`${name}: ${res.message}`);
    return res.data;
  };
  const stop = () => proc.kill('SIGTERM');
  /** Stops it and waits until it has exited. */
  const close = async () => {
    stop();
    if (proc.exitCode === null && proc.signalCode === null) await once(proc, 'exit');
  };
  return { dataDir, port, proc, call, must, session, stop, close };
}
