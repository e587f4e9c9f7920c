import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROOT } from '../../src/build-info.js';

const UNIT = resolve(APP_ROOT, 'deploy/systemd/roomcast.service');
const text = readFileSync(UNIT, 'utf8');
const values = (key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());
const SYSTEMD_ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));

describe('deploy/systemd/roomcast.service', () => {
  it('runs the launcher over the install root, as the host adapter, restarting on failure', () => {
    const env = Object.fromEntries(values('Environment').map((v) => v.split(/=(.*)/s).slice(0, 2)));
    expect(env).toMatchObject({ HOST_ADAPTER: 'host', INSTALL_ROOT: '/opt/roomcast', DATA_DIR: '/var/lib/roomcast' });
    expect(values('ExecStart')).toEqual([`${env.INSTALL_ROOT}/node/bin/node ${env.INSTALL_ROOT}/roomcast-launch.mjs`]);
    expect(values('WorkingDirectory')).toEqual([`${env.INSTALL_ROOT}/current`]);
    expect(values('Restart')).toEqual(['on-failure']);
    expect(values('User')).toEqual(['roomcast']);
    expect(values('ReadWritePaths').join(' ')).toContain(env.INSTALL_ROOT);
  });

  it('is hardened but lets ffmpeg open the capture devices', () => {
    expect(values('ProtectSystem')).toEqual(['strict']);
    expect(values('NoNewPrivileges')).toEqual(['yes']);
    expect(values('PrivateDevices')).toEqual([]);
    expect(values('DevicePolicy')).toEqual(['closed']);
    expect(values('DeviceAllow')).toEqual(expect.arrayContaining(['char-video4linux rw', 'char-alsa rw']));
    expect(values('SupplementaryGroups')[0]!.split(' ')).toEqual(expect.arrayContaining(['video', 'audio']));
    // V8 writes machine code at run time.
    expect(values('MemoryDenyWriteExecute')).toEqual([]);
  });

  it.skipIf(!SYSTEMD_ANALYZE)('parses cleanly (systemd-analyze verify)', () => {
    // It warns on stderr (and still exits 0) for a line it cannot parse. It also wants ExecStart's program to exist:
    // the launcher's Node.js (INSTALL_ROOT/node) is this machine's for the check, its path is the first test's.
    const dir = mkdtempSync(join(tmpdir(), 'roomcast-unit-'));
    const copy = join(dir, 'roomcast.service');
    writeFileSync(copy, text.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    const run = spawnSync(SYSTEMD_ANALYZE!, ['verify', copy], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
  });
});
