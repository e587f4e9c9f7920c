import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { Api } from '../support/api';
import { BLOCKING, axeScan, findingTable, findings } from '../support/axe';
import { SHOTS_WANTED, shoot } from '../support/screenshots';
import { kv, loginUserWith } from '../support/settings';
import { settled } from '../support/settle';
import { LiveCardPage, LivePanelPage } from '../pages/live.page';
import { LoginPage } from '../pages/login.page';

/*
 * The live room (spec §2 Live panel and Live card, §4): an operator starts it on the workbench and the preview
 * plays the sub-second stream (mpegts.js over a WebSocket) or HLS; viewers on /main see the card only while it
 * is living and published, or when they have `live`; Stop takes the card away. The real encoder runs: the
 * HD picture is made light first.
 */

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const OPERATOR = ['operation', 'operating', 'live'];
const LIGHT_ENCODING = { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] };

/** A browser context of its own (nobody logged in), so the operator's session stays where it is. */
async function newViewer(browser: Browser, lang?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  if (lang) await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
  return page;
}

async function loginWithoutConsole(page: Page, usercode: string, password: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.fill(usercode, password);
  await login.submit();
  await page.waitForURL(/\/console$/);
}

async function inLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
  await page.reload();
}

async function expectNoBlockingFindings(page: Page, where: string, include: string): Promise<void> {
  await settled(page);
  const blocking = findings(where, await axeScan(page, include)).filter((f) => BLOCKING.includes(f.impact));
  expect(blocking, findingTable(blocking)).toEqual([]);
}

/**
 * The device zone of a fresh service. The status has no device clock: a console that may not read
 * setting_datetime (this operator) counts the live time in its own zone, so the operator's browser is in the
 * room's zone, as it is in the room (apps/console/src/app/device-clock.ts).
 */
const DEVICE_ZONE = 'UTC+08:00';
const BROWSER_ZONE = 'Asia/Shanghai';

test.describe('live room', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ timezoneId: BROWSER_ZONE });

  // One service serves every spec: never leave the room living or published.
  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL!);
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD!);
    await api.raw('roomlivectrl', { control: 'stop' });
    await api.call('setsetting', [{ section: 'setting_room', data: kv({ publish: 'false' }) }]);
    await request.dispose();
  });

  test('an operator starts live: the preview plays sub-second, and HLS when chosen', async ({ page, adminApi, loginPage }) => {
    test.setTimeout(180_000);
    await adminApi.call('writeconfig', LIGHT_ENCODING);
    await adminApi.call('setsetting', [{ section: 'setting_room', data: kv({ publish: 'false' }) }]);
    const clock = await adminApi.call<{ key: string; value: string }[]>('readconfig', { settingcode: 'setting_datetime' });
    expect(clock.find((r) => r.key === 'zone')?.value).toBe(DEVICE_ZONE);
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'liveop', OPERATOR);
    const live = new LivePanelPage(page);
    await live.goto();
    await expect(live.state).toHaveText('Idle');
    await expect(live.button('Stop live')).toBeDisabled();
    await expect(live.labels).toContainText('Not shared');
    await expect(live.preview).toContainText('The preview shows here while the room is living.');

    await live.command('Start live', 'Living');
    await expect(live.button('Start live')).toBeDisabled();
    await expect(live.button('Stop live')).toBeEnabled();
    // A fresh room gets a random session name when it first goes live; the label shows the one in use.
    await expect(live.rtmp).toContainText(/rtmp:\/\/127\.0\.0\.1\/xlive\/[A-Za-z0-9_-]+$/);
    const session = /\/xlive\/([A-Za-z0-9_-]+)$/.exec((await live.rtmp.textContent()) ?? '')?.[1];
    await expect(live.labels).toContainText(`Session name: ${session}`);
    await expect(live.field('Live session name')).toHaveValue(session!);
    const started = await live.seconds();
    await expect.poll(() => live.seconds(), { timeout: 5_000 }).toBeGreaterThan(started);

    // Low latency is the default: mpegts.js over the WebSocket, with next to nothing buffered ahead.
    await live.player.expectPlaying();
    expect(await live.player.playback()).toBe('mpegts');
    expect(await live.player.bufferedAhead()).toBeLessThan(2);
    await expect(live.player.phase).toHaveText('Playing, low latency');

    // The name and session name cannot change while living; publishing can.
    await live.button('Edit').click();
    await expect(live.field('Room name')).toBeDisabled();
    await expect(live.field('Live session name')).toBeDisabled();
    await expect(live.publishSwitch()).toBeEnabled();
    await expect(live.panel.getByTestId('live-fixed')).toHaveText('Stop the live room to change its name or session name.');
    await live.button('Reset').click();
    await expect(live.button('Edit')).toBeVisible();

    await shoot(page, 'en_US-workbench-live');
    await expectNoBlockingFindings(page, 'workbench live panel', '[data-testid=live-panel]');

    await live.player.choose('Compatible (HLS)');
    await expect.poll(() => live.player.playback(), { timeout: 30_000 }).toMatch(/^(hls\.js|native)$/);
    await live.player.expectPlaying(60_000);
    await expect(live.player.phase).toHaveText('Playing, HLS');
    // The choice is remembered for the next visit.
    await page.reload();
    await expect(live.state).toHaveText('Living');
    await expect.poll(() => live.player.playback(), { timeout: 30_000 }).toMatch(/^(hls\.js|native)$/);
    await live.player.choose('Low latency');
    await expect.poll(() => live.player.playback(), { timeout: 30_000 }).toBe('mpegts');
    await live.player.expectPlaying();

    for (const lang of SHOTS_WANTED ? LANGUAGES.slice(1) : []) {
      await inLanguage(page, lang);
      await expect(live.state).toBeVisible();
      await live.player.expectPlaying();
      await shoot(page, `${lang}-workbench-live`);
    }
    await inLanguage(page, 'en_US');
  });

  test('viewers see the card when it is published or they have live; Stop removes it', async ({ page, browser, adminApi, loginPage }) => {
    test.setTimeout(240_000);
    await adminApi.call('writeconfig', LIGHT_ENCODING);
    // Living from the test before; started again here when this test runs alone (a start while living does nothing).
    await adminApi.call('roomlivectrl', { control: 'start' });
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'liveop', OPERATOR);
    const live = new LivePanelPage(page);
    await live.goto();
    await expect(live.state).toHaveText('Living');
    await expect(live.labels).toContainText('Not shared');

    // Unpublished: an anonymous viewer gets no card. The viewers' pages run on Playwright's clock (time flows as usual),
    // so the test moves it on to their next ask (every 10 s) instead of sitting up to 10 s out, twice, per viewer.
    const anonymous = new LiveCardPage(await newViewer(browser));
    await anonymous.page.clock.install();
    await anonymous.goto();
    await expect(anonymous.card).toHaveCount(0);

    // A user with `live` sees it unpublished, and it plays.
    const member = await newViewer(browser);
    await member.clock.install();
    // With `live` alone there is no console screen to land on: the login ends at /console (403), then /main.
    await loginUserWith(adminApi, (u, p) => loginWithoutConsole(member, u, p), 'liveview', ['live']);
    const memberCard = new LiveCardPage(member);
    await memberCard.goto();
    await expect(memberCard.card).toBeVisible();
    await memberCard.player.expectPlaying();

    // Published: the anonymous viewer's card comes with the next ask and plays.
    await live.setPublished(true);
    await anonymous.page.clock.fastForward(10_000);
    await expect(anonymous.card).toBeVisible({ timeout: 20_000 });
    await anonymous.player.expectPlaying();
    expect(await anonymous.player.playback()).toBe('mpegts');
    await expect(anonymous.player.video).toHaveAttribute('aria-label', /^Live room: /);
    await shoot(anonymous.page, 'en_US-viewer-live');
    await expectNoBlockingFindings(anonymous.page, 'viewer live card', '[data-testid=live-card]');
    for (const lang of SHOTS_WANTED ? LANGUAGES.slice(1) : []) {
      const viewer = new LiveCardPage(await newViewer(browser, lang));
      await viewer.goto();
      await expect(viewer.card).toBeVisible();
      await viewer.player.expectPlaying();
      await shoot(viewer.page, `${lang}-viewer-live`);
      await viewer.page.context().close();
    }

    // Stop: the room is idle and the cards go with the next ask.
    await live.command('Stop live', 'Idle');
    await expect(live.timer).toHaveText('00:00:00');
    await expect(live.preview).toContainText('The preview shows here while the room is living.');
    await anonymous.page.clock.fastForward(10_000);
    await member.clock.fastForward(10_000);
    await expect(anonymous.card).toHaveCount(0, { timeout: 20_000 });
    await expect(memberCard.card).toHaveCount(0, { timeout: 20_000 });
    await live.setPublished(false);
    await anonymous.page.context().close();
    await member.context().close();
  });
});
