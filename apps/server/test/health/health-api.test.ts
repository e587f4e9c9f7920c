import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEALTH_CHECKS, Status, STATUS_EVENT, STATUS_EVENTS_PATH, type CallData } from '@roomcast/contract';
import { startNtpServer } from '@roomcast/test-servers';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { openEventStream } from '../sse-client.js';
import { waitFor } from '../wait.js';

const TOKEN = 'b6d0f3c59a1e47d28c3f90a1b2c4d6e8';

/** A HOST_ROOT whose hwmon has one sensor, at `celsius`. */
function hostRoot(celsius: number) {
  const root = mkdtempSync(join(tmpdir(), 'roomcast-health-'));
  const dir = join(root, 'sys/class/hwmon/hwmon2');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'name'), 'coretemp\n');
  writeFileSync(join(dir, 'temp1_label'), 'Package id 0\n');
  const heat = (c: number) => writeFileSync(join(dir, 'temp1_input'), `${c * 1000}\n`);
  heat(celsius);
  return { root, heat };
}

describe("the room's health: the health call, status and its push, the operation log, metrics", async () => {
  const sensors = hostRoot(45);
  // An NTP server 5 s ahead of this machine: the clock check measures the offset without changing the clock.
  const ntp = await startNtpServer({ aheadMs: 5_000 });
  const t = await makeApp({ env: { HOST_ROOT: sensors.root, HEALTH_CLOCK_MINUTES: '1', NTP_PORT: String(ntp.port) } });
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_ntp: { enable: 'true', server: '127.0.0.1' },
    setting_metrics: { enable: 'true', token: TOKEN },
    // The other test files load this machine: only the sensor may move the box check.
    setting_health: { loadpercent: '1000', memorymb: '65536' },
  });
  const health = t.internals.health;
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const stream = await openEventStream(`${base}${STATUS_EVENTS_PATH}`, admin, STATUS_EVENT, Status);
  afterAll(async () => {
    await stream.close();
    await ntp.close();
    rmSync(sensors.root, { recursive: true, force: true });
  });

  const report = async (body: object = {}) => {
    const res = await t.post('health', body, admin);
    expect(res.body.result).toBe(true);
    return res.body.data as CallData<'health'>;
  };
  const check = (r: CallData<'health'>, name: string) => r.checks.find((c) => c.check === name)!;
  const oplog = async () =>
    ((await t.post('getopelog', { pagesize: 200, pageindex: 0 }, admin)).body.data.list as { description: string }[]).map(
      (r) => r.description,
    );
  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('answers every check with its state, reason and since; the clock is measured against the NTP server', async () => {
    await waitFor(
      async () => {
        await health.runChecks();
        return check(await report(), 'clock').reason === 'clockOffset';
      },
      { what: 'the clock check to measure the NTP server', timeoutMs: 15_000 },
    );
    const r = await report();
    expect(r.checks.map((c) => c.check)).toEqual([...HEALTH_CHECKS]);
    const clock = check(r, 'clock');
    expect(clock.state).toBe('warning');
    expect(clock.args.server).toBe('127.0.0.1');
    expect(Number(clock.args.seconds)).toBeGreaterThan(4);
    expect(Number(clock.args.seconds)).toBeLessThan(6);
    expect(clock.since).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(check(r, 'opencast')).toMatchObject({ state: 'ok', reason: 'notUsed' });
    expect(check(r, 'box')).toMatchObject({ state: 'ok', reason: 'fine' });
    expect(r.state).toBe('warning');
    expect((await oplog()).some((d) => /^Health: clock (ok|warning) → warning: The clock is [45](\.\d)? s off 127\.0\.0\.1$/.test(d))).toBe(
      true,
    );
  });

  it('a hot sensor turns the box check to error: status, its push, the history, the log and the metric follow', async () => {
    const pushes = stream.events.length;
    sensors.heat(96);
    await health.runChecks();
    const r = await report();
    expect(check(r, 'box')).toMatchObject({
      state: 'error',
      reason: 'boxTemperature',
      args: { sensor: 'coretemp/Package id 0', celsius: 96 },
    });
    expect(r.state).toBe('error');
    expect((await t.post('status', {}, admin)).body.data.health).toBe('error');
    await waitFor(() => stream.events.slice(pushes).some((e) => e.message.health === 'error'), {
      what: 'the status push with health error',
    });
    expect(r.history[0]).toMatchObject({ check: 'box', state: 'error', reason: 'boxTemperature' });
    expect(await oplog()).toContain('Health: box ok → error: The sensor coretemp/Package id 0 reads 96 °C');
    expect(await scrape()).toMatch(/^roomcast_health_check_state\{check="box"\} 2$/m);

    // Cooler than the threshold the administrator set: back to ok, the change kept in the history.
    await t.writeSettings(admin, { setting_health: { temperature: '100' } });
    await health.runChecks();
    const after = await report({ check: 'box' });
    expect(check(after, 'box')).toMatchObject({ state: 'ok', reason: 'fine' });
    expect(after.history.map((h) => `${h.check} ${h.state}`)).toEqual(['box ok', 'box error', 'box ok']);
    expect(await scrape()).toMatch(/^roomcast_health_check_state\{check="box"\} 0$/m);
  });

  it('an unchanged state is no new change, and the history is newest first and bounded by limit', async () => {
    const before = (await report({ limit: 500 })).history.length;
    await health.runChecks();
    await health.runChecks();
    expect((await report({ limit: 500 })).history).toHaveLength(before);
    expect((await report({ limit: 1 })).history).toHaveLength(1);
    const ids = (await report({ limit: 500 })).history.map((h) => h.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('is for operators and administrators: others get 403; a bad check name is refused', async () => {
    const viewer = await t.userWith(['myrecord'], 'healthviewer', admin);
    expect((await t.post('health', {}, viewer)).status).toBe(403);
    const operator = await t.userWith(['operation', 'operating'], 'healthop', admin);
    expect((await t.post('health', {}, operator)).body.result).toBe(true);
    expect((await t.post('health', { check: 'coffee' }, admin)).status).toBe(400);
    expect((await t.post('health', {})).status).toBe(401);
  });
});
