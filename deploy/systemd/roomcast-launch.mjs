#!/usr/bin/env node
// Roomcast's launcher (docs/update.md): what the systemd unit runs. It starts the install root's `current` release
// and keeps it running as scripts/start.sh does for a checkout (exit code 75: start it again). A release on trial
// (just installed by an update) must answer POST /api/roominfo within UPDATE_HEALTH_SECONDS; if it exits or stays
// silent, it is stopped, `current` goes back to `previous` and the previous release starts. Node only, no packages:
// it is installed once beside the releases (INSTALL_ROOT/roomcast-launch.mjs), so an update cannot break it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readlinkSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const RESTART_EXIT_CODE = 75;
const STOP_GRACE_MS = 20_000;
const POLL_MS = 500;
const VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,6}(-[0-9A-Za-z][0-9A-Za-z.-]{0,40})?$/;

const env = process.env;
const root = env.INSTALL_ROOT || '/opt/roomcast';
const healthMs = (Number(env.UPDATE_HEALTH_SECONDS) > 0 ? Number(env.UPDATE_HEALTH_SECONDS) : 120) * 1000;
const port = Number(env.PORT || 8080);
// The service listens on HOST; a wildcard address is reached on loopback.
const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
const healthUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/roominfo`;

const log = (line) => console.log(`roomcast-launch: ${line}`);

/** The release a link of the install root names, or '' (the same rule as the service's update-releases.ts). */
function linked(name) {
  try {
    const target = readlinkSync(join(root, name));
    return dirname(target) === 'releases' && VERSION.test(basename(target)) ? basename(target) : '';
  } catch {
    return '';
  }
}

/** Removes a link, not what it names (Node 24's rmSync refuses a link to a folder: ERR_FS_EISDIR). */
function unlinkLink(path) {
  try {
    unlinkSync(path);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
}

function switchLink(name, version) {
  const path = join(root, name);
  if (!version) return unlinkLink(path);
  const tmp = join(root, `.${name}.${randomBytes(4).toString('hex')}`);
  symlinkSync(join('releases', version), tmp);
  renameSync(tmp, path);
}

function readState() {
  try {
    const s = JSON.parse(readFileSync(join(root, 'update-state.json'), 'utf8'));
    return { trial: s.trial ?? null, last: s.last ?? null };
  } catch {
    return { trial: null, last: null };
  }
}

function writeState(state) {
  const tmp = join(root, `.update-state.json.${randomBytes(4).toString('hex')}`);
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(tmp, join(root, 'update-state.json'));
}

let child;
let stopping = false;

function start(version) {
  const dir = join(root, 'releases', version);
  let flags = [];
  try {
    flags = readFileSync(join(dir, 'apps/server/node-flags'), 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    // A release without V8 flags runs with Node's defaults.
  }
  // A release brings the Node.js its native addons were built for (runtime/bin/node); one without runs on the launcher's.
  const node = existsSync(join(dir, 'runtime/bin/node')) ? join(dir, 'runtime/bin/node') : process.execPath;
  log(`starting ${version} on ${node}`);
  const proc = spawn(node, [...flags, join(dir, 'apps/server/dist/main.js')], { cwd: dir, env, stdio: 'inherit' });
  proc.exited = new Promise((resolve) => {
    proc.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    // A runtime that cannot be executed counts as an exit: a release on trial is rolled back.
    proc.once('error', (err) => {
      log(`${version} could not start: ${err.message}`);
      resolve(127);
    });
  });
  return proc;
}

async function answers() {
  try {
    const res = await fetch(healthUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(5000),
    });
    return res.ok && (await res.json()).result === true;
  } catch {
    return false;
  }
}

/**
 * Whether the release answers before it exits and before the time is up; why not, when not: `exit:<code>` or
 * `timeout:<seconds>` (the Update page says it in the reader's language).
 */
async function health(proc) {
  const deadline = Date.now() + healthMs;
  let exited;
  proc.exited.then((code) => {
    exited = code;
  });
  while (Date.now() < deadline) {
    if (stopping) return { ok: false, reason: 'stopped' };
    if (exited !== undefined) return { ok: false, reason: `exit:${exited}` };
    if (await answers()) return { ok: true };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { ok: false, reason: `timeout:${healthMs / 1000}` };
}

async function stop(proc) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
  await proc.exited;
  clearTimeout(timer);
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

while (!stopping) {
  const version = linked('current');
  if (!version) {
    log(`no release to start: ${join(root, 'current')} does not name one of ${join(root, 'releases')}`);
    process.exit(1);
  }
  const state = readState();
  const trial = state.trial?.version === version ? state.trial : null;
  // A trial `current` does not name: the switch never happened (the service stopped between the two steps).
  if (state.trial && !trial) writeState({ ...state, trial: null });
  child = start(version);
  if (trial) {
    const verdict = await health(child);
    const at = new Date().toISOString();
    // Stopped while the trial ran (a shutdown): the trial is left for the next start to finish.
    if (stopping) break;
    if (verdict.ok) {
      log(`${version} is healthy: the update is kept`);
      writeState({ trial: null, last: { version, from: trial.previous, result: 'installed', reason: '', at } });
    } else {
      const back = linked('previous');
      log(`${version} failed: ${verdict.reason}; rolling back to ${back || '(no previous release)'}`);
      await stop(child);
      child = undefined;
      if (back) {
        switchLink('current', back);
        switchLink('previous', '');
      }
      writeState({ trial: null, last: { version, from: back, result: 'rolledback', reason: verdict.reason, at } });
      if (!back) process.exit(1);
      continue;
    }
  }
  const code = await child.exited;
  child = undefined;
  if (stopping) break;
  if (code !== RESTART_EXIT_CODE) process.exit(code);
  log('restarting the service');
}
if (child) await child.exited;
process.exit(0);
