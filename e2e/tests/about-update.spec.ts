import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../support/test';
import { axeScan, BLOCKING, findings } from '../support/axe';
import { motionDone } from '../support/settle';
import { shoot } from '../support/screenshots';
import { makeTinyBundle, makeUpdateKey } from '../support/update';
import { AboutPage, UpdatePage } from '../pages/about-update.page';

/** A bundle signed with a key the service does not trust: made once, by the bundle maker as a person would. */
let badBundle: string;
// Made in the worker, not at load: Playwright also loads this file to list its tests.
let work: string;
test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'roomcast-e2e-about-'));
  const keyFile = join(work, 'stranger.pem');
  writeFileSync(keyFile, makeUpdateKey().privatePem, { mode: 0o600 });
  badBundle = makeTinyBundle(work, keyFile, '9.9.9');
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

const blocking = async (page: Parameters<typeof axeScan>[0], where: string, include?: string) =>
  findings(where, await axeScan(page, include)).filter((f) => BLOCKING.includes(f.impact));

test.describe('about and update', () => {
  test('About shows the versions and the product; the hidden editor wants an admin, then saves', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const about = new AboutPage(page);
    await about.goto();
    expect(await blocking(page, 'about')).toEqual([]);
    expect(await about.value('setting_version', 'systemversion')).not.toBe('');
    expect(await about.value('setting_version', 'softversion')).toMatch(/^\d+\.\d+\.\d+\S* \([0-9a-f]{7}\)$|^\d+\.\d+\.\d+\S*$/);
    expect(await about.value('setting_product', 'model')).toBe('B3 PLUS');

    await about.openEditor();
    expect(await blocking(page, 'product editor', '.ant-modal')).toEqual([]);
    await about.giveCredentials('admin', 'not-the-password');
    await expect(about.editor.getByTestId('product-failure')).toHaveText('User or password error, please try again.');
    await about.giveCredentials('admin', adminPassword);
    await expect(about.editor.getByTestId('product-editor')).toBeVisible();
    await about.editor.getByLabel('Serial number').fill('SN 2026 0042');
    await about.editor.getByLabel('Copyright').fill('© 2026 Example School');
    expect(await blocking(page, 'product editor fields', '.ant-modal')).toEqual([]);
    await about.editor.getByRole('button', { name: 'Save' }).click();
    await expect(about.editor).toBeHidden();

    await page.reload();
    await expect(page.getByTestId('settings-viewing')).toBeVisible();
    expect(await about.value('setting_product', 'serialnumber')).toBe('SN20260042');
    expect(await about.value('setting_product', 'copyright')).toBe('© 2026 Example School');
    expect(await about.value('setting_version', 'productserialnumber')).toBe('SN20260042');
  });

  test('an update bundle with a bad signature is refused with the reason, and nothing changes', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const update = new UpdatePage(page);
    await update.goto();
    await expect(page.getByTestId('update-key')).toHaveText(/^SHA256:/);
    await expect(update.versions).toContainText('None');

    await update.choose(badBundle);
    // The upload is held until the page has been checked while it is under way.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/uploadupdate', async (route) => {
      await held;
      await route.continue();
    });
    await update.installChosen();
    await expect(update.progress).toBeVisible();
    // Scanned once the confirmation has closed and the buttons have changed (a colour mid-transition is no finding).
    await motionDone(page);
    expect(await blocking(page, 'update during upload')).toEqual([]);
    release();

    await expect(update.failure).toContainText("The update bundle's signature does not match this device's update key.");
    await expect(update.failure).toContainText('Nothing was changed.');
    await expect(update.confirm).toBeHidden();
    await page.reload();
    await expect(update.versions).toContainText('None');
    await expect(update.versions).not.toContainText('9.9.9');
  });
});

for (const lang of ['en_US', 'zh_CN', 'zh_HK'] as const) {
  test(`screenshots: about, the product editor and a refused update in ${lang}`, async ({ page, loginPage, adminPassword }) => {
    await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
    await page.goto('/login');
    await expect(page.getByTestId('room-name')).not.toBeEmpty();
    await page.locator('input#usercode').fill('admin');
    await page.locator('input#password').fill(adminPassword);
    await loginPage.submitAndLand();
    const about = new AboutPage(page);
    await about.goto();
    await shoot(page, `${lang}-about`);
    await about.openEditor();
    await about.giveCredentials('admin', 'not-the-password');
    await expect(about.editor.getByTestId('product-failure')).toBeVisible();
    await shoot(page, `${lang}-about-product-editor`);
    await about.giveCredentials('admin', adminPassword);
    await expect(about.editor.getByTestId('product-editor')).toBeVisible();
    await shoot(page, `${lang}-about-product-fields`);

    const update = new UpdatePage(page);
    await update.goto();
    await update.choose(badBundle);
    await shoot(page, `${lang}-update-confirm`);
    await update.installChosen();
    await expect(update.failure).toBeVisible();
    await shoot(page, `${lang}-update-refused`);
  });
}
