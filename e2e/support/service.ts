import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@roomcast/test-servers';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'apps/server/dist/main.js');
const CONSOLE_DIST = join(ROOT, 'apps/console/dist');
const CONSOLE_INDEX = join(CONSOLE_DIST, 'index.html');
/** A service's own output, kept after the run for when a test fails because of the service. */
export const serviceLog = (name: string) => join(ROOT, `.tmp/e2e-service${name ? `-${name}` : ''}.log`);

export interface RunningService {
  baseURL: string;
  adminPassword: string;
  stop: () => Promise<void>;
  /** How many times it was started again after a "restart me" exit (a restore, a reboot). */
  restarts: () => number;
}

/** The service's "restart me" exit code (the sandbox reboot, apps/server/src/host/power.ts). */
const RESTART_EXIT_CODE = 75;

/** A strong password for the test admin: the service refuses short ones. */
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

/**
 * Starts the service the way `npm start` does (`node apps/server/dist/main.js`), on a free port with a fresh
 * DATA_DIR, and resolves once `POST /api/roominfo` answers.
 */
export async function startService(
  opts: { env?: Record<string, string>; webconfig?: object; name?: string } = {},
): Promise<RunningService> {
  const logFile = serviceLog(opts.name ?? '');
  for (const [file, what] of [
    [MAIN, 'service'],
    [CONSOLE_INDEX, 'console'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`The ${what} is not built (${file} is missing): run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-e2e-'));
  // The service serves a copy of the built console, so a rebuild during the run cannot pull files from
  // under the browser. Everything else is as `npm start` runs it.
  const consoleDir = join(dataDir, 'console-dist');
  // An operator's web config (e.g. site.cloundShare), read by the service at start.
  if (opts.webconfig) writeFileSync(join(dataDir, 'webconfig.json'), JSON.stringify(opts.webconfig));
  cpSync(CONSOLE_DIST, consoleDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  // The same V8 flags as `npm start` (apps/server/node-flags).
  const flags = readFileSync(join(ROOT, 'apps/server/node-flags'), 'utf8').trim().split(/\s+/).filter(Boolean);
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const log = createWriteStream(logFile);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    log.write(chunk);
  };
  let stopping = false;
  let restarts = 0;
  // As `npm start` (scripts/start.sh): exit code 75 is the sandbox's reboot, and the service is started again.
  const launch = (): ChildProcess => {
    const proc = spawn(process.execPath, [...flags, MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        // Any free port: services of parallel workers must not share 8443.
        HTTPS_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        CONSOLE_DIR: consoleDir,
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    proc.on('exit', (code, signal) => {
      if (code === RESTART_EXIT_CODE && !stopping) {
        log.write(`\n[exit code ${code}: restarting, as npm start does]\n`);
        restarts++;
        child = launch();
        return;
      }
      if (!stopping) console.error(`\nThe Roomcast service exited during the tests (code ${code}, signal ${signal}); see ${logFile}`);
      log.end(`\n[exit code ${code} signal ${signal}]\n`);
    });
    return proc;
  };
  let child = launch();

  const stop = async () => {
    stopping = true;
    await terminate(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(
      baseURL,
      () => child,
      () => output,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, adminPassword: E2E_ADMIN_PASSWORD, stop, restarts: () => restarts };
}

async function waitUntilAnswering(baseURL: string, child: () => ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { exitCode } = child();
    if (exitCode !== null && exitCode !== RESTART_EXIT_CODE) throw new Error(`The service exited with code ${exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/roominfo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The service did not answer POST /api/roominfo within 30 s:\n${output()}`);
}

/** SIGTERM, as an operator would; SIGKILL only if it has not stopped after 10 s. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
