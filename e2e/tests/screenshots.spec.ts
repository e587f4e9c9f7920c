import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { shoot as shootPage } from '../support/screenshots';

/**
 * Pictures of the main screens in every language, for a person to look at (e2e/screenshots/, not committed,
 * or SHOTS_DIR). The checks here only make sure each screen has rendered before it is photographed.
 */
const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;

function shoot(page: Page, lang: string, name: string): Promise<void> {
  return shootPage(page, `${lang}-${name}`);
}

test.describe('screenshots', () => {
  for (const lang of LANGUAGES) {
    test(`main screens in ${lang}`, async ({ page, adminPassword, loginPage }) => {
      // About twenty screens, each waited on until still.
      test.setTimeout(180_000);
      await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);

      await page.goto('/login');
      await expect(page.getByTestId('room-name')).not.toBeEmpty();
      await shoot(page, lang, 'login');

      await page.locator('form').getByRole('button').last().click();
      await expect(page.locator('#usercode_help')).not.toBeEmpty();
      await shoot(page, lang, 'login-required');

      await page.locator('input#usercode').fill('admin');
      await page.locator('input#password').fill(adminPassword);
      await loginPage.submitAndLand();

      await page.goto('/console/system/log');
      await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
      await shoot(page, lang, 'operation-log');

      await page.locator('.rc-header-actions .ant-btn').last().click();
      await expect(page.locator('.ant-modal-confirm')).toBeVisible();
      await shoot(page, lang, 'logout-confirm');
      await page.locator('.ant-modal-confirm .ant-btn').first().click();
      await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);

      await page.goto('/console/advance/storage');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await expect(page.getByTestId('disk-scan')).toBeVisible();
      await shoot(page, lang, 'storage');

      await page.goto('/console/advance/3rdpart');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await shoot(page, lang, 'thirdparty');

      await page.goto('/console/system/settings');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await shoot(page, lang, 'system-settings');

      // The picture settings (issue 12): video, effect with the layout modal, OSD with its picture.
      await page.goto('/console/operation/opevideo');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await shoot(page, lang, 'video');
      await page.goto('/console/operation/opeeffect');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await expect(page.getByTestId('layout-card').getByRole('switch')).toBeVisible();
      await shoot(page, lang, 'effect');
      await page.getByTestId('layout-card').locator('.ant-btn').last().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, lang, 'effect-layout-modal');
      await page.getByRole('dialog').locator('.ant-modal-footer .ant-btn').first().click();
      await page.goto('/console/operation/opeosd');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await expect(page.getByTestId('settings-picture-img')).toBeVisible({ timeout: 20_000 });
      await shoot(page, lang, 'osd');
      await page.goto('/console/operation/opeppt');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await expect(page.getByTestId('ppt-qrcode')).toBeVisible();
      await shoot(page, lang, 'ppt');

      // About and Update (more of them, the product editor and a refused bundle: about-update.spec.ts).
      await page.goto('/console/system/about');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await shoot(page, lang, 'about');
      await page.goto('/console/system/update');
      await expect(page.getByTestId('update-versions')).toBeVisible();
      await shoot(page, lang, 'update');

      await page.goto('/main');
      await expect(page.getByTestId('vod-card')).toBeVisible();
      await shoot(page, lang, 'viewer');

      await page.setViewportSize({ width: 820, height: 900 });
      await page.goto('/console/system/log');
      await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
      await shoot(page, lang, 'narrow-operation-log');
      await page.setViewportSize({ width: 1366, height: 860 });

      await page.goto('/console/nowhere');
      await shoot(page, lang, 'not-found');

      await page.goto('/reboot');
      await expect(page.getByTestId('reboot-seconds')).toBeVisible();
      await shoot(page, lang, 'reboot');
    });
  }
});
