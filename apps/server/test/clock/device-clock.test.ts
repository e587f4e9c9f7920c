import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@roomcast/contract';
import { makeApp, settingBody } from '../helpers.js';
import { waitFor } from '../wait.js';
import { startNtpServer } from '@roomcast/test-servers';

/** The sandbox's device clock through the API: set by hand, then synced by a real SNTP exchange on loopback. */
const ntp = await startNtpServer({ aheadMs: 7_000 });
const broken = await startNtpServer({ aheadMs: 0, broken: true });
afterAll(async () => {
  await ntp.close();
  await broken.close();
});
const t = await makeApp({ env: { NTP_PORT: String(ntp.port) } });
const admin = await t.login();

const deviceTime = async () => {
  const got = await t.post('getsetting', [{ section: 'setting_datetime', keys: ['current'] }], admin);
  return got.body.data[0].data[0].value as string;
};
/** The device clock as epoch ms, read from `current` (device zone UTC+08:00, the default). */
const deviceMs = async () => Date.parse(`${(await deviceTime()).replace(' ', 'T')}+08:00`);
const oplog = async () => JSON.stringify((await t.post('getopelog', { pagesize: '20', pageindex: '0' }, admin)).body.data);

describe('device clock (sandbox) and NTP', () => {
  it('writing current sets the device clock in the device zone; writing it again sets it again', async () => {
    // NTP keeps the clock (the default): setting it by hand is refused until NTP is off.
    const refused = await t.post('setsetting', settingBody('setting_datetime', { current: '2030-01-02 10:00:00' }), admin);
    expect(refused.body).toEqual({ result: false, message: MESSAGES.clockUnderNtp });
    expect((await t.post('setsetting', settingBody('setting_ntp', { enable: 'false' }), admin)).body.result).toBe(true);
    const set = await t.post('setsetting', settingBody('setting_datetime', { current: '2030-01-02 10:00:00' }), admin);
    expect(set.body.result).toBe(true);
    await waitFor(async () => (await deviceTime()).startsWith('2030-01-02 10:00'), { what: 'the device clock at 2030-01-02 10:00' });
    const saved = JSON.parse(readFileSync(join(t.dataDir, 'run', 'clock.json'), 'utf8')) as { offsetMs: number };
    expect(saved.offsetMs).toBeGreaterThan(Date.UTC(2030, 0, 2, 2) - Date.now() - 60_000);
    // Everything the service times follows the device clock: status shows it too.
    const status = await t.post('status', {}, admin);
    expect(JSON.stringify(status.body.data)).toContain('2030-01-02 10:00');
    expect(await oplog()).toContain('Clock set by hand to 2030-01-02 10:00:00');

    await t.post('setsetting', settingBody('setting_datetime', { current: '2031-05-06 07:08:09' }), admin);
    await waitFor(async () => (await deviceTime()).startsWith('2031-05-06 07:08'), { what: 'the second setting' });
    await t.post('setsetting', settingBody('setting_datetime', { current: '2031-05-06 07:08:09' }), admin);
    await waitFor(async () => (await oplog()).split('Clock set by hand to 2031-05-06 07:08:09').length === 3, {
      what: 'the same value, written again, set again',
    });
  });

  it('syncntp: a real SNTP exchange brings the device clock to the server time', async () => {
    expect((await t.post('setsetting', settingBody('setting_ntp', { enable: 'true', server: '127.0.0.1' }), admin)).body.result).toBe(true);
    const sync = await t.post('syncntp', {}, admin);
    expect(sync.body).toMatchObject({ result: true });
    expect(ntp.requests()).toBeGreaterThanOrEqual(1);
    // The server is 7 s ahead of the machine; the device clock was years ahead: now it is the server's.
    const diff = (await deviceMs()) - (Date.now() + 7_000);
    expect(Math.abs(diff)).toBeLessThan(1_500);
    expect(await oplog()).toMatch(/Clock synced with 127\.0\.0\.1: corrected by −\d+ ms/);
  });

  it('a server that answers badly, or none set, fails with the reason and leaves the clock', async () => {
    const t2 = await makeApp({ env: { NTP_PORT: String(broken.port) } });
    const admin2 = await t2.login();
    await t2.post('setsetting', settingBody('setting_ntp', { enable: 'false', server: '' }), admin2);
    expect((await t2.post('syncntp', {}, admin2)).body).toEqual({ result: false, message: MESSAGES.ntpServerMissing });
    await t2.post('setsetting', settingBody('setting_ntp', { enable: 'true', server: '127.0.0.1' }), admin2);
    const sync = await t2.post('syncntp', {}, admin2);
    expect(sync.body.result).toBe(false);
    expect(sync.body.message).toContain('Could not sync with the NTP server 127.0.0.1: Invalid server response');
    expect(existsSync(join(t2.dataDir, 'run', 'clock.json'))).toBe(false);
  });

  it('needs systemsetting', async () => {
    const viewer = await t.userWith(['record']);
    expect((await t.post('syncntp', {}, viewer)).status).toBe(403);
  });
});
