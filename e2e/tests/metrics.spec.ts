import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { axeScan, BLOCKING, findings } from '../support/axe';
import { shootPart } from '../support/screenshots';
import { kv } from '../support/settings';
import { SettingsPanelPage } from '../pages/settings-panel.page';

/*
 * System settings → Metrics (setting_metrics): Prometheus metrics at GET /metrics, off by default. Turned on without a
 * token the save is refused with the contract's rule; Generate token fills the field with a random token, shown once
 * to copy; saved, /metrics answers a scraper that sends it as a bearer token and refuses one that does not; turned off,
 * /metrics is not there. The service of a worker starts with no token stored and no other spec stores one.
 */

const RULE = 'Metrics are enabled. Please input the bearer token the monitoring server sends, or disable them.';
const HEX_TOKEN = /^[0-9a-f]{64}$/;
/** Off again for the specs after this one on the worker's service ('' keeps the stored token, which is harmless off). */
const METRICS_OFF = [{ section: 'setting_metrics', data: kv({ enable: 'false', token: '' }) }];

/** /console/system/settings in English: the Metrics panel among the settings panels. */
class MetricsPage extends SettingsPanelPage<'Prometheus metrics'> {
  readonly panel: Locator;
  readonly token: Locator;
  readonly generate: Locator;
  readonly newToken: Locator;

  constructor(page: Page) {
    super(page, '/console/system/settings');
    this.panel = page.getByTestId('settings-panel-metrics');
    this.token = this.panel.getByLabel('Bearer token', { exact: true });
    this.generate = this.panel.getByRole('button', { name: 'Generate token' });
    this.newToken = this.panel.getByTestId('metrics-new-token');
  }
}

/** GET /metrics as a scraper would, in the browser's context (same origin as the console), with this bearer token. */
async function scrape(page: Page, token?: string): Promise<{ status: number; body: string }> {
  const res = await page.request.get('/metrics', { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status(), body: await res.text() };
}

test.describe('system settings: metrics', () => {
  test.beforeEach(async ({ loginPage, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', METRICS_OFF);
  });

  test('turned on with a generated token, /metrics answers that bearer token only; turned off, it is not there', async ({
    page,
    shell,
    baseURL,
  }) => {
    await shell.open('System', 'System settings');
    const screen = new MetricsPage(page);
    await screen.expectViewing();
    await expect(screen.panel.getByTestId('metrics-url')).toHaveText(`${baseURL}/metrics`);
    await expect(screen.panel).toContainText('Authorization: Bearer <token>');
    await expect(screen.generate).toBeDisabled();
    expect((await scrape(page)).status).toBe(404);

    await screen.edit();
    await expect(screen.token).toBeDisabled();
    await screen.switch('Prometheus metrics').click();
    await expect(screen.generate).toBeEnabled();
    // An empty secret may mean "keep the stored one", so only the service knows none is stored: it refuses the save.
    await screen.save();
    await expect(screen.toast(RULE)).toBeVisible();
    await screen.expectEditing();

    await screen.token.fill('too-short');
    await expect(screen.fieldError('token')).toHaveText('At least 32 characters.');
    await screen.generate.click();
    await expect(screen.token).toHaveValue(HEX_TOKEN);
    const token = await screen.token.inputValue();
    await expect(screen.newToken).toHaveText(token);
    await expect(screen.fieldError('token')).toHaveCount(0);
    await screen.save();
    await expect(screen.toast('Settings saved')).toBeVisible();
    await screen.expectViewing();
    // Write-only: it reads back empty, and the one shown to copy is gone.
    await expect(screen.token).toHaveValue('');
    await expect(screen.newToken).toHaveCount(0);

    const scraped = await scrape(page, token);
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain('roomcast_recording_state');
    expect((await scrape(page)).status).toBe(401);
    expect((await scrape(page, 'f'.repeat(64))).status).toBe(401);

    // The first save's toast gone, so the next one is the second save's.
    await expect(screen.toast('Settings saved')).toHaveCount(0);
    await screen.edit();
    await screen.switch('Prometheus metrics').click();
    await screen.save();
    await expect(screen.toast('Settings saved')).toBeVisible();
    await screen.expectViewing();
    expect((await scrape(page, token)).status).toBe(404);
  });

  test('the Metrics panel has no serious or critical axe finding, viewed or with a generated token', async ({ page }) => {
    const screen = new MetricsPage(page);
    await screen.goto();
    const blocking = async (where: string) =>
      findings(where, await axeScan(page, '[data-testid="settings-panel-metrics"]')).filter((f) => BLOCKING.includes(f.impact));
    expect(await blocking('metrics panel')).toEqual([]);
    await screen.edit();
    await screen.switch('Prometheus metrics').click();
    await screen.generate.click();
    await expect(screen.newToken).toBeVisible();
    expect(await blocking('metrics panel, new token')).toEqual([]);
  });

  test('screenshots of the Metrics panel in three languages', async ({ page }) => {
    const panel = page.getByTestId('settings-panel-metrics');
    const actions = page.locator('.rc-page .ant-card-extra').first();
    for (const lang of ['en_US', 'zh_CN', 'zh_HK'] as const) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto('/console/system/settings');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await shootPart(page, panel, `${lang}-system-settings-metrics`);

      await actions.locator('button:has(.anticon-edit)').click();
      await expect(page.getByTestId('settings-editing')).toBeVisible();
      await panel.getByRole('switch').click();
      await panel.getByTestId('metrics-generate').click();
      await expect(panel.getByTestId('metrics-new-token')).toBeVisible();
      await shootPart(page, panel, `${lang}-system-settings-metrics-edit`);
      await actions.locator('button:has(.anticon-undo)').click();
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
    }
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));

    // On a phone's width the address and the new token wrap inside the card.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/console/system/settings');
    await expect(page.getByTestId('settings-viewing')).toBeVisible();
    await actions.locator('button:has(.anticon-edit)').click();
    await panel.getByRole('switch').click();
    await panel.getByTestId('metrics-generate').click();
    await expect(panel.getByTestId('metrics-new-token')).toBeVisible();
    await shootPart(page, panel, 'en_US-system-settings-metrics-narrow');
  });
});
