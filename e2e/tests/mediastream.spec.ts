import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { Api } from '../support/api';
import { expectAccessible } from '../support/axe';
import { NginxRtmp } from '@roomcast/test-servers';
import { SHOTS_WANTED, shoot } from '../support/screenshots';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { MediaStreamPage } from '../pages/media-stream.page';

/*
 * The Media stream screen (spec §2 Output, §4, §5): the RTMP settings (whitespace stripped while typing, a wrong
 * scheme marked on the field before anything is saved), the RTMP control of each output (idle / started /
 * reconnecting, Start and Stop, a timer ticking each second) against a real nginx-rtmp on loopback, and the RTSP
 * settings. The real encoder runs: the HD picture is made light first.
 */

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const STREAMER = ['operation', 'mediastream'];
const LIGHT_ENCODING = { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] };
const RTMP_OFF = [{ section: 'setting_live_rtmp', data: kv({ mainenable: 'false', mainurl: '', subenable: 'false', suburl: '' }) }];

/** The writes the page sends (setsetting, writeconfig), by call name. */
function writesOf(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(setsetting|writeconfig)$/.test(r.url())) writes.push(r.url().split('/').pop()!);
  });
  return writes;
}

/**
 * The device zone of a fresh service is UTC+08:00. An operator who may not read setting_datetime counts the
 * output's time in the browser's zone (apps/console/src/app/device-clock.ts), so the browser is in the room's zone,
 * as it is in the room.
 */
const BROWSER_ZONE = 'Asia/Shanghai';

test.describe('media stream', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ timezoneId: BROWSER_ZONE });
  let nginx: NginxRtmp;

  test.beforeAll(async () => {
    nginx = await NginxRtmp.create();
  });

  // One service serves every spec: leave the outputs off and their settings empty.
  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL!);
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD!);
    await api.raw('rtmpctl', { control: 'stop' });
    await api.call('setsetting', RTMP_OFF);
    await request.dispose();
    await nginx?.dispose();
  });

  test('edit the RTMP settings: URLs lose their whitespace as typed, a wrong scheme is refused before saving', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    await adminApi.call('setsetting', RTMP_OFF);
    await loginUserWith(adminApi, (u, p) => loginPage.loginAs(u, p), 'rtmp', STREAMER);
    const screen = new MediaStreamPage(page);
    await screen.goto();
    await expect(screen.rtspPanel).toBeVisible();
    await expect(screen.state('main')).toHaveText('Idle');
    await expect(screen.rtmpUrl('main')).toBeDisabled();
    const writes = writesOf(page);

    await screen.edit();
    await screen.rtmpSwitch('Main output').click();
    // Typed key by key, spaces included: each one is dropped as it is typed.
    await screen.rtmpUrl('main').pressSequentially(` ${nginx.url('e2e main')} `);
    await expect(screen.rtmpUrl('main')).toHaveValue(nginx.url('e2emain'));
    // Pasted with spaces and a line break: the same.
    await screen.rtmpUrl('main').fill(`  ${nginx.url('main')}\n `);
    await expect(screen.rtmpUrl('main')).toHaveValue(nginx.url('main'));

    // Another scheme is marked on the field and nothing is sent.
    await screen.rtmpSwitch('Sub output').click();
    await expect(screen.rtmpFieldError('suburl')).toHaveText('The sub RTMP output is enabled. Please input its URL or disable it.');
    await screen.rtmpUrl('sub').fill('http://127.0.0.1/live/sub');
    // (The rule's line leaves as the new one appears.)
    const schemeError = 'Enter a URL starting with rtmp:// or rtmps://, without spaces, quotes or $ ( ) ;.';
    await expect(screen.rtmpFieldError('suburl').filter({ hasText: 'Enter a URL' })).toHaveText(schemeError);
    await screen.save();
    await expect(screen.toast('Please correct the fields marked in red.')).toBeVisible();
    await screen.expectEditing();
    expect(writes).toEqual([]);

    // rtmps:// is fine too; the sub output then stays off with its URL kept.
    await screen.rtmpUrl('sub').fill('rtmps://live.example.com/app/key');
    await expect(screen.rtmpFieldError('suburl')).toHaveCount(0);
    await screen.rtmpSwitch('Sub output').click();
    await expect(screen.rtmpUrl('sub')).toBeDisabled();
    await screen.save();
    await expect(screen.toast('Settings saved')).toBeVisible();
    await screen.expectViewing();
    expect(writes).toEqual(['setsetting']);
    expect((await storedSettings(adminApi, ['setting_live_rtmp'])).setting_live_rtmp).toEqual({
      mainenable: 'true',
      mainurl: nginx.url('main'),
      subenable: 'false',
      suburl: 'rtmps://live.example.com/app/key',
    });
    // The control shows the saved URL.
    await expect(screen.channel('main')).toContainText(nginx.url('main'));

    await page.reload();
    await screen.expectViewing();
    await expect(screen.rtmpUrl('main')).toHaveValue(nginx.url('main'));
    await expect(screen.rtmpSwitch('Main output')).toHaveAttribute('aria-checked', 'true');
  });

  test('start main to a real RTMP server: started with a ticking timer, refused for an output that is off, then stop', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    test.setTimeout(120_000);
    await adminApi.call('writeconfig', LIGHT_ENCODING);
    await adminApi.call('setsetting', [{ section: 'setting_live_rtmp', data: kv({ mainenable: 'true', mainurl: nginx.url('main') }) }]);
    await loginUserWith(adminApi, (u, p) => loginPage.loginAs(u, p), 'rtmp', STREAMER);
    const screen = new MediaStreamPage(page);
    await screen.goto();
    await expect(screen.state('main')).toHaveText('Idle');
    await expect(screen.timer('main')).toHaveText('00:00:00');
    await expect(screen.start('main')).toBeEnabled();
    await expect(screen.stop('main')).toBeDisabled();

    const before = nginx.recordedBytes('main');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(rtmpchannelctl|status)$/.test(r.url())) calls.push(`${r.url().split('/').pop()} ${Date.now()}`);
    });
    await screen.start('main').click();
    // Pending: neither button until the status is read again (3 s later).
    await expect(screen.start('main')).toBeDisabled();
    await expect(screen.state('main')).toHaveText('Started', { timeout: 15_000 });
    await expect(screen.start('main')).toBeDisabled();
    await expect(screen.stop('main')).toBeEnabled();
    const startAt = Number(calls.find((c) => c.startsWith('rtmpchannelctl'))!.split(' ')[1]);
    const reread = calls.map((c) => c.split(' ')).find(([name, at]) => name === 'status' && Number(at) > startAt);
    expect(Number(reread![1]) - startAt).toBeGreaterThanOrEqual(2900);

    // The destination receives the stream, and the timer ticks each second.
    await expect.poll(() => nginx.recordedBytes('main'), { timeout: 30_000 }).toBeGreaterThan(before + 100_000);
    await expect(screen.timer('main')).not.toHaveText('00:00:00', { timeout: 5000 });
    const shown = await screen.timer('main').textContent();
    await expect(screen.timer('main')).not.toHaveText(shown!, { timeout: 3000 });
    await expect(screen.state('sub')).toHaveText('Idle');

    // The sub output is off in the settings: the service refuses, in the reader's language.
    await screen.start('sub').click();
    await expect(screen.toast('The RTMP sub output is not enabled: turn it on in the RTMP settings first.')).toBeVisible();
    await expect(screen.state('sub')).toHaveText('Idle', { timeout: 10_000 });

    await screen.stop('main').click();
    await expect(screen.state('main')).toHaveText('Idle', { timeout: 15_000 });
    await expect(screen.timer('main')).toHaveText('00:00:00');
    await expect(screen.start('main')).toBeEnabled();
    await expect(screen.stop('main')).toBeDisabled();
    const status = await adminApi.call<Record<string, string>>('status');
    expect(status).toMatchObject({ ismainliving: 'false', issubliving: 'false', mainlivingstart: '' });
  });

  test('a dropped destination shows reconnecting, then started again; pictured in three languages', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    test.setTimeout(180_000);
    await adminApi.call('writeconfig', LIGHT_ENCODING);
    await adminApi.call('setsetting', [
      {
        section: 'setting_live_rtmp',
        data: kv({ mainenable: 'true', mainurl: nginx.url('main'), subenable: 'true', suburl: nginx.url('sub') }),
      },
    ]);
    await loginUserWith(adminApi, (u, p) => loginPage.loginAs(u, p), 'rtmp', STREAMER);
    await adminApi.call('rtmpctl', { control: 'start' });
    const screen = new MediaStreamPage(page);
    await screen.goto();
    await expect(screen.state('main')).toHaveText('Started');
    await expect(screen.state('sub')).toHaveText('Started');
    await expect.poll(() => nginx.recordedBytes('sub'), { timeout: 30_000 }).toBeGreaterThan(50_000);
    await expectAccessible(page, 'started', '[data-testid=rtmp-control]');

    for (const lang of SHOTS_WANTED ? LANGUAGES : []) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.reload();
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await expect(screen.timer('main')).not.toHaveText('00:00:00');
      await shoot(page, `${lang}-mediastream-started`);
    }

    // The destination goes away: reconnecting (the status poll shows it within about 5 s), then back by itself.
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));
    await page.reload();
    await nginx.stop();
    await expect(screen.state('main')).toHaveText('Reconnecting', { timeout: 15_000 });
    await expect(screen.start('main')).toBeDisabled();
    await expect(screen.stop('main')).toBeEnabled();
    await expectAccessible(page, 'reconnecting', '[data-testid=rtmp-control]');
    for (const lang of SHOTS_WANTED ? LANGUAGES : []) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.reload();
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await expect(page.getByTestId('rtmp-main-state')).toHaveClass(/ant-tag-orange/);
      await shoot(page, `${lang}-mediastream-reconnecting`);
    }
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));
    await page.reload();
    await nginx.start();
    await expect(screen.state('main')).toHaveText('Started', { timeout: 60_000 });
    await expect(screen.state('sub')).toHaveText('Started', { timeout: 30_000 });

    // The edit mode with a field marked, in each language.
    for (const lang of SHOTS_WANTED ? LANGUAGES : []) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.reload();
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await page.locator('.rc-page > .ant-card-head .ant-btn-primary').click();
      await expect(page.getByTestId('settings-editing')).toBeVisible();
      await page.locator('#setting_live_rtmp-suburl').fill('http://example.com/live');
      await shoot(page, `${lang}-mediastream-edit`);
      await page.locator('.rc-page > .ant-card-head .ant-btn').last().click();
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
    }

    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));
    await page.reload();
    await screen.stop('sub').click();
    await expect(screen.state('sub')).toHaveText('Idle', { timeout: 15_000 });
    await screen.stop('main').click();
    await expect(screen.state('main')).toHaveText('Idle', { timeout: 15_000 });
  });
});
