import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallData } from '@roomcast/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeClock, makeApp } from '../helpers.js';
import { waitFor } from '../wait.js';

const TOKEN = 'c7d0f3c59a1e47d28c3f90a1b2c4d6e9';

/** A HOST_ROOT whose only hwmon sensor reads 97 °C: the box check is in error. */
function hotHostRoot() {
  const root = mkdtempSync(join(tmpdir(), 'roomcast-selfcheck-'));
  const dir = join(root, 'sys/class/hwmon/hwmon0');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'name'), 'coretemp\n');
  writeFileSync(join(dir, 'temp1_input'), '97000\n');
  return root;
}

describe('the self-check before each scheduled recording', async () => {
  const root = hotHostRoot();
  // 2026-11-23 08:00 UTC: 16:00 on the device (UTC+08:00).
  const t = await makeApp({ clock: fakeClock(), env: { HOST_ROOT: root } });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_metrics: { enable: 'true', token: TOKEN },
    // The other test files load this machine: only the sensor may move the box check.
    setting_health: { loadpercent: '1000', memorymb: '65536' },
  });
  const add = async (name: string, start: string, stop: string) => {
    const res = await t.post('schedule', { operation: 'add', data: { name, start, stop, cycle: 'once' } }, admin);
    expect(res.body.result).toBe(true);
  };
  const list = async () => (await t.post('schedule', { operation: 'list' }, admin)).body.data as CallData<'schedule'> & object[];
  const selfCheckOf = async (name: string) => (await list())!.find((s) => s.name === name)!.selfcheck;
  const oplog = async () =>
    ((await t.post('getopelog', { pagesize: 100, pageindex: 0 }, admin)).body.data.list as { description: string }[]).map(
      (r) => r.description,
    );

  it('runs 10 minutes before a recording, keeps its result on the schedule, logs and exports it', async () => {
    await add('Physics', '2026-11-23 16:05:00', '2026-11-23 16:50:00');
    await add('Chemistry', '2026-11-23 16:40:00', '2026-11-23 17:30:00');
    // The scheduler plans the self-check of Physics (due now: it starts in 5 minutes) and runs it.
    const physics = await waitFor(() => selfCheckOf('Physics'), { what: "Physics's self-check" });
    expect(physics).toMatchObject({ start: '2026-11-23 16:05:00', at: '2026-11-23 16:00:00', state: 'error' });
    expect(physics!.problems).toEqual([
      { check: 'box', state: 'error', reason: 'boxTemperature', args: { sensor: 'coretemp/temp1', celsius: 97 } },
    ]);
    // Chemistry starts in 40 minutes: not yet.
    expect(await selfCheckOf('Chemistry')).toBeNull();
    expect(await oplog()).toContain(
      'Self-check before "Physics" at 2026-11-23 16:05:00: error (box: The sensor coretemp/temp1 reads 97 °C)',
    );
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(metrics).toMatch(/^roomcast_selfcheck_state 2$/m);
    expect(metrics).toMatch(
      new RegExp(`^roomcast_selfcheck_recording_start_timestamp_seconds ${Date.parse('2026-11-23T08:05:00Z') / 1000}$`, 'm'),
    );
  });

  it('runs once per recording; a longer lead time set by an administrator reaches the next one', async () => {
    expect(await t.internals.health.selfCheck()).toEqual([]);
    await t.writeSettings(admin, { setting_health: { selfcheckminutes: '45', temperature: '100' } });
    const chemistry = await waitFor(() => selfCheckOf('Chemistry'), { what: "Chemistry's self-check" });
    expect(chemistry).toMatchObject({ start: '2026-11-23 16:40:00', state: 'ok', problems: [] });
    expect(await oplog()).toContain('Self-check before "Chemistry" at 2026-11-23 16:40:00: ok');
    // Physics keeps its own result.
    expect((await selfCheckOf('Physics'))!.state).toBe('error');
  });

  it('is gone with its schedule, and off with a lead time of 0', async () => {
    const physics = (await list())!.find((s) => s.name === 'Physics')!;
    expect((await t.post('schedule', { operation: 'delete', data: { id: physics.id } }, admin)).body.result).toBe(true);
    expect(t.internals.repos.schedules.selfCheck(physics.id)).toBeUndefined();
    await t.writeSettings(admin, { setting_health: { selfcheckminutes: '0' } });
    await add('Biology', '2026-11-23 16:10:00', '2026-11-23 16:20:00');
    expect(await t.internals.health.selfCheck()).toEqual([]);
    expect(await selfCheckOf('Biology')).toBeNull();
  });
});
