import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@roomcast/test-servers';
import { installRelease, readState, switchLink } from '../../src/services/system/update/update-releases.js';
import { waitFor } from '../wait.js';

/*
 * The real launcher of the systemd unit (deploy/systemd/roomcast-launch.mjs) over a scratch install root whose
 * releases are tiny scripts at the place of the service's entry point: one answers POST /api/roominfo with its
 * version (and exits 75, "restart me", when asked), one exits at once, one never answers.
 */
const LAUNCHER = resolve(import.meta.dirname, '../../../../deploy/systemd/roomcast-launch.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'roomcast-launcher-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const RELEASES = {
  good: `const { createServer } = require('node:http');
const server = createServer((req, res) => {
  if (req.url === '/restart') { res.end('{}'); setTimeout(() => process.exit(75), 50); return; }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ result: true, message: '', data: { roomname: VERSION } }));
});
server.listen(Number(process.env.PORT), process.env.HOST);
process.on('SIGTERM', () => server.close(() => process.exit(0)));`,
  exits: 'process.exit(3);',
  silent: `require('node:fs').writeFileSync(require('node:path').join(__dirname, 'pid'), String(process.pid));
setInterval(() => {}, 1000);`,
};

/** A release folder in the root, made as the service would leave it (the bundle's payload unpacked). */
function release(root: string, version: string, kind: keyof typeof RELEASES, where = join(root, 'releases', version)): string {
  mkdirSync(join(where, 'apps/server/dist'), { recursive: true });
  writeFileSync(join(where, 'package.json'), JSON.stringify({ version }));
  writeFileSync(join(where, 'apps/server/dist/main.js'), `const VERSION = ${JSON.stringify(version)};\n${RELEASES[kind]}\n`);
  return where;
}

/** The service's own installation step: a staged release put in place, on trial, `current` switched. */
function install(root: string, version: string, kind: keyof typeof RELEASES): void {
  const staged = release(root, version, kind, join(root, 'incoming', version));
  installRelease(root, staged, version, new Date());
}

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) if (p.exitCode === null) await stop(p);
});

async function launch(root: string, port: number, healthSeconds = 10) {
  let output = '';
  const proc = spawn(process.execPath, [LAUNCHER], {
    env: { ...process.env, INSTALL_ROOT: root, PORT: String(port), HOST: '127.0.0.1', UPDATE_HEALTH_SECONDS: String(healthSeconds) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (c: Buffer) => (output += c));
  proc.stderr!.on('data', (c: Buffer) => (output += c));
  running.push(proc);
  return { proc, output: () => output };
}

function stop(proc: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  proc.kill('SIGTERM');
  return exited;
}

async function answering(port: number): Promise<string | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/roominfo`, { method: 'POST', body: '{}' });
    return ((await res.json()) as { data: { roomname: string } }).data.roomname;
  } catch {
    return undefined;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function root(): string {
  const dir = mkdtempSync(join(scratch, 'root-'));
  release(dir, '1.0.0', 'good');
  switchLink(dir, 'current', '1.0.0');
  return dir;
}

describe('the launcher', () => {
  it('keeps a new release that answers in time', async () => {
    const dir = root();
    install(dir, '2.0.0', 'good');
    const port = await freePort();
    const l = await launch(dir, port);
    await waitFor(() => readState(dir).last?.result === 'installed', { what: 'the trial to pass', detail: l.output });
    expect(await answering(port)).toBe('2.0.0');
    expect(readState(dir)).toMatchObject({ trial: null, last: { version: '2.0.0', from: '1.0.0', reason: '' } });
    expect(readlinkSync(join(dir, 'current'))).toBe('releases/2.0.0');
    expect(readlinkSync(join(dir, 'previous'))).toBe('releases/1.0.0');
    expect(await stop(l.proc)).toBe(0);
    expect(await answering(port)).toBeUndefined();
  });

  it('rolls back a release that exits before it answers, and starts the previous one', async () => {
    const dir = root();
    install(dir, '2.0.0', 'exits');
    const port = await freePort();
    const l = await launch(dir, port);
    await waitFor(() => answering(port), { what: 'the previous release to answer', detail: l.output });
    expect(await answering(port)).toBe('1.0.0');
    expect(readlinkSync(join(dir, 'current'))).toBe('releases/1.0.0');
    expect(existsSync(join(dir, 'previous'))).toBe(false);
    expect(readState(dir)).toMatchObject({
      trial: null,
      last: { version: '2.0.0', from: '1.0.0', result: 'rolledback', reason: 'exit:3' },
    });
    expect(l.output()).toContain('rolling back to 1.0.0');
  });

  it('rolls back a release that stays silent past UPDATE_HEALTH_SECONDS, and stops it', async () => {
    const dir = root();
    install(dir, '2.0.0', 'silent');
    const port = await freePort();
    const l = await launch(dir, port, 1.5);
    await waitFor(() => answering(port), { what: 'the previous release to answer', timeoutMs: 20_000, detail: l.output });
    expect(await answering(port)).toBe('1.0.0');
    expect(readState(dir).last).toMatchObject({ result: 'rolledback', reason: 'timeout:1.5' });
    const pid = Number(readFileSync(join(dir, 'releases/2.0.0/apps/server/dist/pid'), 'utf8'));
    await waitFor(() => !alive(pid), { what: 'the silent release to be stopped' });
  });

  it('starts the service again on exit code 75: after an update, the new release on trial', async () => {
    const dir = root();
    const port = await freePort();
    const l = await launch(dir, port);
    await waitFor(() => answering(port), { what: '1.0.0 to answer', detail: l.output });
    expect(await answering(port)).toBe('1.0.0');
    // What uploadupdate does in the running service: install beside it, switch, then exit 75.
    install(dir, '2.0.0', 'good');
    await fetch(`http://127.0.0.1:${port}/restart`, { method: 'POST' });
    await waitFor(() => readState(dir).last?.result === 'installed', { what: '2.0.0 to pass its trial', detail: l.output });
    expect(await answering(port)).toBe('2.0.0');
    expect(l.output()).toContain('restarting the service');
    expect(await stop(l.proc)).toBe(0);
  });

  it('drops a trial that current does not name (the switch never happened) and runs current', async () => {
    const dir = root();
    writeFileSync(
      join(dir, 'update-state.json'),
      JSON.stringify({ trial: { version: '9.9.9', previous: '1.0.0', since: '' }, last: null }),
    );
    const port = await freePort();
    const l = await launch(dir, port);
    await waitFor(() => answering(port), { what: '1.0.0 to answer', detail: l.output });
    expect(readState(dir)).toEqual({ trial: null, last: null });
  });

  it('starts a release on the Node.js it brings (runtime/bin/node), and rolls back one whose runtime cannot run', async () => {
    const dir = root();
    // A runtime that notes its start, then runs the service on this Node.js.
    const staged = release(dir, '2.0.0', 'good', join(dir, 'incoming', '2.0.0'));
    mkdirSync(join(staged, 'runtime/bin'), { recursive: true });
    writeFileSync(
      join(staged, 'runtime/bin/node'),
      `#!/bin/sh\necho "$@" > "$(dirname "$0")/started"\nexec ${JSON.stringify(process.execPath)} "$@"\n`,
      { mode: 0o755 },
    );
    installRelease(dir, staged, '2.0.0', new Date());
    const port = await freePort();
    const l = await launch(dir, port);
    await waitFor(() => readState(dir).last?.result === 'installed', { what: 'the trial to pass', detail: l.output });
    expect(readFileSync(join(dir, 'releases/2.0.0/runtime/bin/node/../started'), 'utf8')).toContain('apps/server/dist/main.js');
    expect(l.output()).toContain(`starting 2.0.0 on ${join(dir, 'releases/2.0.0/runtime/bin/node')}`);
    await stop(l.proc);

    // 3.0.0's runtime is not executable: the launcher counts it as an exit and goes back to 2.0.0.
    const broken = release(dir, '3.0.0', 'good', join(dir, 'incoming', '3.0.0'));
    mkdirSync(join(broken, 'runtime/bin'), { recursive: true });
    writeFileSync(join(broken, 'runtime/bin/node'), 'not a program', { mode: 0o644 });
    installRelease(dir, broken, '3.0.0', new Date());
    const again = await launch(dir, port);
    await waitFor(() => readState(dir).last?.result === 'rolledback', { what: 'the rollback', detail: again.output });
    expect(readState(dir).last).toMatchObject({ version: '3.0.0', from: '2.0.0', reason: 'exit:127' });
    await waitFor(() => answering(port), { what: '2.0.0 to answer', detail: again.output });
    expect(await answering(port)).toBe('2.0.0');
  });

  it('exits with the code of a service that fails outside a trial (systemd restarts it)', async () => {
    const dir = root();
    release(dir, '1.0.0', 'exits');
    const l = await launch(dir, await freePort());
    expect(await new Promise((r) => l.proc.once('exit', r))).toBe(3);
  });
});
