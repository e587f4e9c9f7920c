// The newcomer's path, as one test: clone the committed HEAD into a temporary directory, run the README's
// first command there exactly as written (`npm start`: apt check, `npm ci`, builds, service), wait until
// `POST /api/roominfo` answers `{result: true}`, stop it with SIGTERM to its process group, and check that it
// stopped cleanly and freed its port. The temporary directory is removed at the end, pass or fail.
//
// Usage: node scripts/newcomer-path.mjs [result.json]
// Writes {name, passed, failed, seconds, ...} to result.json for summarize-tests.mjs. The whole output of the
// clone's `npm start` is kept in .tmp/newcomer-path.log; its last lines are printed on failure.
//
// One deviation from a newcomer's terminal: PORT is set to a free port (the service honours PORT), so the run
// can never collide with a service on 8080. Everything else comes from the README: no DATA_DIR (./data in the
// clone), no ADMIN_PASSWORD (the service generates one), and none of the npm_* variables of an enclosing
// `npm test`, so the clone's npm sees only its own project.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RESULT_FILE = resolve(process.argv[2] ?? join(ROOT, '.tmp/newcomer-path.json'));
const LOG_FILE = join(ROOT, '.tmp/newcomer-path.log');
/** The whole run (clone, npm ci, builds, start) must answer within this; NEWCOMER_TIMEOUT_S overrides it. */
const TIMEOUT_MS = Number(process.env.NEWCOMER_TIMEOUT_S ?? 600) * 1000;
/** After SIGTERM: the service closes within this, or the stop counts as unclean. */
const STOP_MS = 20_000;
/** Variables the service reads: a newcomer has none of them set. */
const SERVICE_ENV = [
  'PORT',
  'HTTPS_PORT',
  'HOST',
  'DATA_DIR',
  'ADMIN_PASSWORD',
  'HOST_ADAPTER',
  'USB_PATH',
  'CONSOLE_DIR',
  'LOG_LEVEL',
  'MIN_FREE_MB',
  'PART_LIMIT_SECONDS',
  'MEDIA_PRESET',
  'INIT_CWD',
];

const started = Date.now();
const seconds = (ms) => Math.round(ms / 100) / 10;
const say = (line) => console.log(`newcomer: ${line}`);
const failures = [];
const phases = {};
let tail = '';

/** The first line of README.md's first code block: what a newcomer types first. */
function readmeFirstCommand() {
  const block = /```[^\n]*\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  const command = block?.[1]
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  if (!command) throw new Error('README.md has no code block with a command in it');
  // `npm test` runs this test: running it here would recurse.
  if (/\bnpm\s+(run\s+)?test\b|\bnpm\s+t\b/.test(command))
    throw new Error(`README.md's first command is "${command}"; this test runs only a start command`);
  return command;
}

function freePort() {
  return new Promise((res, rej) => {
    const server = createServer();
    server.on('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
  });
}

/** True when nothing listens on the port: we can bind it ourselves. */
function portIsFree(port) {
  return new Promise((res) => {
    const server = createServer();
    server.once('error', () => res(false));
    server.listen(port, '127.0.0.1', () => server.close(() => res(true)));
  });
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

async function until(test, ms, stepMs = 250) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await test()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return test();
}

/** `{result: true}` from POST /api/roominfo, or the reason it is not healthy yet. */
async function roominfo(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/roominfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(5000),
    });
    const body = await res.json().catch(() => undefined);
    return res.ok && body?.result === true ? { ok: true, body } : { ok: false, why: `HTTP ${res.status} ${JSON.stringify(body)}` };
  } catch (err) {
    return { ok: false, why: err.cause?.code ?? err.message };
  }
}

/** The environment of a fresh terminal: ours without npm's lifecycle variables and the service's settings. */
function newcomerEnv(port) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && !SERVICE_ENV.includes(k)) env[k] = v;
  return { ...env, PORT: String(port), HTTPS_PORT: '0' };
}

const lastLines = (text, n) => text.split('\n').slice(-n).join('\n');

async function run(work) {
  const command = readmeFirstCommand();
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim();
  say(`cloning HEAD ${head} (committed files only${dirty ? '; uncommitted changes are not part of this test' : ''})`);
  let t = Date.now();
  const clone = join(work, 'roomcast');
  execFileSync('git', ['clone', '--quiet', ROOT, clone], { stdio: ['ignore', 'ignore', 'pipe'] });
  phases.clone = seconds(Date.now() - t);

  const port = await freePort();
  say(`running "${command}" in the clone with PORT=${port} (README default 8080; a free port so it cannot collide)`);
  mkdirSync(dirname(LOG_FILE), { recursive: true });
  const log = createWriteStream(LOG_FILE);
  t = Date.now();
  // detached: the command and everything it starts form one process group, which SIGTERM stops as a whole.
  const child = spawn(command, { shell: true, cwd: clone, env: newcomerEnv(port), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pgid = child.pid;
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-20_000);
    log.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));

  try {
    // Healthy, or the command ended, or time is up.
    let last = 'not started';
    const healthy = await until(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) return true;
        const answer = await roominfo(port);
        if (!answer.ok) last = answer.why;
        return answer.ok;
      },
      Math.max(0, TIMEOUT_MS - (Date.now() - started)),
      500,
    );
    if (child.exitCode !== null || child.signalCode !== null) {
      failures.push(`"${command}" ended before the service answered (code ${child.exitCode}, signal ${child.signalCode})`);
      return;
    }
    if (!healthy) {
      failures.push(`POST /api/roominfo did not answer {result: true} within ${seconds(TIMEOUT_MS)} s (last: ${last})`);
      return;
    }
    phases.startToHealthy = seconds(Date.now() - t);
    say(`healthy after ${phases.startToHealthy} s: POST /api/roominfo → ${JSON.stringify((await roominfo(port)).body)}`);
    // README: the first start creates `admin` and writes the generated password to data/initial-admin-password.
    const passwordFile = join(clone, 'data/initial-admin-password');
    const password = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : '';
    if (!password) failures.push('data/initial-admin-password was not written on the first start');
    else if (!tail.includes(`Initial password: ${password}`))
      failures.push('the generated admin password was not printed on the first start');

    t = Date.now();
    process.kill(-pgid, 'SIGTERM');
    const stopped = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), STOP_MS))]);
    const groupGone = await until(() => !groupAlive(pgid), stopped ? 5000 : 0);
    phases.stop = seconds(Date.now() - t);
    if (!stopped || !groupGone) {
      failures.push(
        `still running ${seconds(STOP_MS)} s after SIGTERM (${stopped ? 'processes of its group remain' : `"${command}" has not exited`})`,
      );
    } else {
      say(
        `stopped ${phases.stop} s after SIGTERM ("${command}" ended ${stopped.signal ? `by ${stopped.signal}` : `with code ${stopped.code}`}; no process of its group left)`,
      );
      // npm ends the way its script's shell ended: that shell got our SIGTERM too, so npm re-raises it (a
      // terminal's Ctrl-C ends the same way). Anything else means something in the group failed.
      if (!(stopped.code === 0 || stopped.signal === 'SIGTERM'))
        failures.push(`"${command}" ended with code ${stopped.code}, signal ${stopped.signal} after SIGTERM`);
    }
    // A clean stop closes the database: SQLite folds the WAL back into roomcast.db and removes it.
    if (existsSync(join(clone, 'data/roomcast.db-wal'))) failures.push('data/roomcast.db-wal remains: the database was not closed');
    const serviceLog = join(clone, 'data/logs/log.txt');
    const logText = existsSync(serviceLog) ? readFileSync(serviceLog, 'utf8') : '';
    if (!logText.includes('SIGTERM: shutting down')) failures.push('the service log has no "SIGTERM: shutting down"');
    // pino levels: 50 error, 60 fatal.
    const errors = logText.split('\n').filter((l) => /"level":(5|6)\d/.test(l));
    if (errors.length) failures.push(`the service logged ${errors.length} error(s), first: ${errors[0].slice(0, 300)}`);
    if (!(await portIsFree(port))) failures.push(`port ${port} is still in use after the stop`);
    if ((await roominfo(port)).ok) failures.push(`POST /api/roominfo still answers on port ${port} after the stop`);
  } finally {
    if (groupAlive(pgid)) {
      process.kill(-pgid, 'SIGKILL');
      await until(() => !groupAlive(pgid), 5000);
    }
    await new Promise((r) => log.end(r));
    if (failures.length) {
      const serviceLog = join(clone, 'data/logs/log.txt');
      if (existsSync(serviceLog)) tail += `\n--- data/logs/log.txt (last lines) ---\n${lastLines(readFileSync(serviceLog, 'utf8'), 15)}`;
    }
  }
}

const work = mkdtempSync(join(tmpdir(), 'roomcast-newcomer-'));
try {
  await run(work);
} catch (err) {
  failures.push(err.message);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (existsSync(work)) failures.push(`could not remove ${work}`);

const total = seconds(Date.now() - started);
const passed = failures.length === 0;
mkdirSync(dirname(RESULT_FILE), { recursive: true });
writeFileSync(
  RESULT_FILE,
  `${JSON.stringify({ name: 'newcomer path: clone, npm start, healthy, SIGTERM', passed: passed ? 1 : 0, failed: passed ? 0 : 1, seconds: total, phases, failures }, null, 2)}\n`,
);
if (passed) {
  say(`passed in ${total} s (clone ${phases.clone} s, start to healthy ${phases.startToHealthy} s, stop ${phases.stop} s)`);
} else {
  for (const f of failures) console.error(`newcomer: FAILED: ${f}`);
  if (tail) console.error(`newcomer: last lines of the output (all of it in ${LOG_FILE}):\n${lastLines(tail, 40)}`);
  console.error(`newcomer: failed after ${total} s`);
}
process.exit(passed ? 0 : 1);
