import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallData } from '@roomcast/contract';
import { afterAll, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitFor, waitRecorded } from '../wait.js';
import { describeAsRoot } from '../as-root.js';

const MB = 1024 * 1024;

/** Bytes under a folder (the service's logs). */
const sizeOf = (dir: string): number =>
  readdirSync(dir, { recursive: true }).reduce<number>((n, f) => {
    const st = statSync(join(dir, String(f)));
    return n + (st.isFile() ? st.size : 0);
  }, 0);

// A 40 MB tmpfs as the recording disk (root only: the appliance and CI run as root). Galicaster #441: a disk filled
// by error spam; here the disk check must say what is coming, then what happened, once, and nothing more.
describeAsRoot('the recording disk fills: the health check warns, then errors; nothing floods the logs', async () => {
  const mount = mkdtempSync(join(tmpdir(), 'roomcast-fills-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=40m', 'tmpfs', mount]);
  afterAll(() => {
    execFileSync('umount', ['-l', mount]);
    rmSync(mount, { recursive: true, force: true });
  });
  const t = await makeApp({ env: { MIN_FREE_MB: '4' }, fileLogs: true });
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_rec_video_codec: { main_quality: '270', main_bitrate: '4000' },
    setting_advance_media_save: { savepath: mount, movie_low_enable: 'false' },
    // The other test files load this machine: only the disk may move the checks asserted here.
    setting_health: { loadpercent: '1000', memorymb: '65536' },
  });
  const disk = async () => {
    await t.internals.health.runChecks();
    const r = (await t.post('health', { check: 'disk' }, admin)).body.data as CallData<'health'>;
    return r.checks.find((c) => c.check === 'disk')!;
  };
  const oplogRows = async () => (await t.post('getopelog', { pagesize: 1, pageindex: 0 }, admin)).body.data.size as number;
  const fill = (leaveMb: number) => {
    rmSync(join(mount, 'filler'), { force: true });
    const free = Number(execFileSync('df', ['--output=avail', '-B1', mount], { encoding: 'utf8' }).split('\n')[1]);
    try {
      writeFileSync(join(mount, 'filler'), Buffer.alloc(Math.max(0, free - leaveMb * MB)));
    } catch {
      /* ENOSPC: as full as it gets */
    }
  };

  // Must hold: the check tells a short disk before a lecture is lost, and the reason names the figures.
  it('warns when the reserve does not fit and errors when the next 24 h of schedules do not', async () => {
    // 40 MB against 2 h of 4 Mbit/s in reserve: a warning.
    expect(await disk()).toMatchObject({ state: 'warning', reason: 'diskLow', args: { disk: 'hdd', hours: 2 } });
    await t.writeSettings(admin, { setting_health: { diskreservehours: '0' } });
    expect(await disk()).toMatchObject({ state: 'ok', reason: 'fine' });
    // A 10-minute lecture in an hour needs ~300 MB: an error, and the room's health says so.
    const device = t.internals.device;
    const at = (ms: number) => device.format(device.now() + ms);
    const added = await t.post(
      'schedule',
      { operation: 'add', data: { name: 'Lecture', start: at(3_600_000), stop: at(4_200_000), cycle: 'once' } },
      admin,
    );
    expect(added.body.result).toBe(true);
    const short = await disk();
    expect(short).toMatchObject({ state: 'error', reason: 'diskShort', args: { disk: 'hdd' } });
    expect(Number(short.args.need)).toBeGreaterThan(0.25);
    expect((await t.post('status', {}, admin)).body.data.health).toBe('error');
    const id = (added.body.data as { id: number; name: string }[]).find((s) => s.name === 'Lecture')!.id;
    expect((await t.post('schedule', { operation: 'delete', data: { id } }, admin)).body.result).toBe(true);
    expect((await disk()).state).toBe('ok');
  });

  // Must hold: a recording on a disk that fills stops by itself, is kept, the check errors once, and the service
  // writes no more to its logs and operation log while the disk stays full than it would anyway.
  it('a disk that fills during a recording: stopped and kept, the check in error once, no flood of rows or lines', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 2);
    fill(0);
    await waitFor(async () => (await t.post('status', {}, admin)).body.data.isrecording === 'false', {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: 'the recording to stop by itself on the full disk',
    });
    const [rec] = await waitFor(
      () => {
        const done = t.internals.repos.recordings.inState('done');
        return done.length ? done : undefined;
      },
      { what: 'the recording to be finalized' },
    );
    expect(rec!.note).toBe('storage full');
    expect(t.internals.repos.recordings.files(rec!.id).length).toBeGreaterThan(0);
    expect(await disk()).toMatchObject({ state: 'error', reason: 'diskFull', args: { disk: 'hdd', floor: 0 } });
    expect((await t.post('recordctl', { control: 'start' }, admin)).body).toEqual({
      result: false,
      message: 'Not enough free space on the recording storage.',
    });

    // The disk stays full for 40 rounds of checks (over three minutes of the 5 s job) and a refused start a round.
    const rows = await oplogRows();
    const logs = sizeOf(join(t.dataDir, 'logs'));
    for (let i = 0; i < 40; i++) {
      await disk();
      await t.post('recordctl', { control: 'start' }, admin);
    }
    // Each refused start is a row of its own (who tried, when); the checks add none: the change was logged once.
    expect((await oplogRows()) - rows).toBeLessThanOrEqual(40);
    const history = (await t.post('health', { check: 'disk', limit: 500 }, admin)).body.data as CallData<'health'>;
    expect(history.history.filter((h) => h.reason === 'diskFull')).toHaveLength(1);
    expect(sizeOf(join(t.dataDir, 'logs')) - logs).toBeLessThan(64 * 1024);

    // Space again: the check recovers by itself.
    rmSync(join(mount, 'filler'), { force: true });
    expect((await disk()).state).toBe('ok');
  }, 60_000);
});
