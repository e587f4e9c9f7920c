import { statSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../support/test';
import { Api, uniqueCode } from '../support/api';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { cloudDir, DROPBOX_CREDENTIALS, GOOGLE_CREDENTIALS } from '../support/cloud';
import { shoot } from '../support/screenshots';
import { recordThroughApi, RecordingsPage } from '../pages/recordings.page';
import { SettingsPanelPage } from '../pages/settings-panel.page';

/*
 * Cloud sharing (spec §2, §8; docs/sharing.md): the credentials entered on System settings, then a recording
 * shared from the list to Google Drive and Dropbox, which here are loopback servers speaking their documented
 * APIs (started by the global setup). The upload runs in the service's queue; the page shows its state and says
 * the outcome.
 */

const OFF = [
  { section: 'setting_cloud_google', data: kv({ enable: 'false' }) },
  { section: 'setting_cloud_dropbox', data: kv({ enable: 'false' }) },
];

interface Listed {
  recordid: string;
  title: string;
  files: { filepath: string; channel: number; filesize: number }[];
}

test.describe('cloud sharing', () => {
  test.describe.configure({ mode: 'serial' });
  test.afterAll(async ({ playwright }) => {
    // The other specs see the providers as they were: off.
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL ?? '');
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD ?? '');
    await api.call('setsetting', OFF);
    await request.dispose();
  });

  test('an administrator enters the Google Drive and Dropbox credentials; secrets are not read back', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'cloud', ['setting', 'systemsetting']);
    const screen = new SettingsPanelPage(page, '/console/system/settings');
    await screen.goto();
    await screen.edit();
    await screen.switch('Google Drive').click();
    await page.getByLabel('Client ID', { exact: true }).fill(GOOGLE_CREDENTIALS.clientId);
    await page.getByLabel('Client secret', { exact: true }).fill(GOOGLE_CREDENTIALS.clientSecret);
    await page.getByTestId('settings-panel-google').getByLabel('Refresh token', { exact: true }).fill(GOOGLE_CREDENTIALS.refreshToken);
    await screen.switch('Dropbox').click();
    await page.getByLabel('Access token', { exact: true }).fill(DROPBOX_CREDENTIALS.accessToken);
    await screen.save();
    await screen.expectViewing();

    const stored = await storedSettings(adminApi, ['setting_cloud_google', 'setting_cloud_dropbox']);
    expect(stored.setting_cloud_google).toMatchObject({
      enable: 'true',
      clientid: GOOGLE_CREDENTIALS.clientId,
      clientsecret: '',
      refreshtoken: '',
    });
    expect(stored.setting_cloud_dropbox).toMatchObject({ enable: 'true', accesstoken: '' });
    expect(await adminApi.call('listshare')).toEqual([
      { type: 'google', enable: true },
      { type: 'dropbox', enable: true },
    ]);
  });

  test('share a recording from the list to both providers: queued, done, the outcome said, the files arrived', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    test.setTimeout(120_000);
    await recordThroughApi(adminApi);
    const [newest] = (await adminApi.call<{ rows: Listed[] }>('listmedia', { usercode: '*', pagesize: 1 })).rows;
    const title = uniqueCode('Shared');
    await adminApi.call('updaterecord', { recordid: newest.recordid, title });
    const main = newest.files.find((f) => f.channel === 10) ?? newest.files[0];

    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'share', ['allrecord']);
    const list = new RecordingsPage(page);
    await page.goto('/console/file/video');
    await list.searchFor(title);
    const row = list.row(title);

    for (const [provider, target, stored] of [
      ['Google Drive', 'google', undefined],
      ['Dropbox', 'dropbox', join(cloudDir(), 'dropbox', 'Roomcast', main.filepath.split('/').pop()!)],
    ] as const) {
      await row.getByRole('button', { name: `Share ${title}`, exact: true }).click();
      await page.getByRole('menuitem', { name: provider, exact: true }).click();
      await expect(list.toast(`Queued for upload to ${provider}.`)).toBeVisible();
      await expect(list.toast(`Share completed: ${title} (${provider})`)).toBeVisible({ timeout: 30_000 });
      // The upload column shows each target's state (listupload).
      await expect(row.locator(`[data-testid="transfer-state"][data-target="${target}"]`)).toHaveText('Done');
      if (stored) expect(statSync(stored).size).toBe(main.filesize);
    }

    await page.getByRole('button', { name: 'Uploads' }).click();
    const queue = page.getByTestId('transfer-table');
    await expect(queue.locator('tr.ant-table-row', { hasText: title })).toHaveCount(2);
    await expect(queue.getByText('Google Drive:')).toBeVisible();
    await shoot(page, 'sharing-uploads-en_US');
  });

  test('a refused share says why', async ({ page, adminApi, loginPage }) => {
    await adminApi.call('setsetting', [{ section: 'setting_cloud_google', data: kv({ refreshtoken: '1//0g-revoked' }) }]);
    const [newest] = (await adminApi.call<{ rows: Listed[] }>('listmedia', { usercode: '*', pagesize: 1 })).rows;
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'sharef', ['allrecord']);
    const list = new RecordingsPage(page);
    await page.goto('/console/file/video');
    await list.searchFor(newest.title);
    await list
      .row(newest.title)
      .getByRole('button', { name: `Share ${newest.title}`, exact: true })
      .click();
    await page.getByRole('menuitem', { name: 'Google Drive', exact: true }).click();
    await expect(list.toast(/^Fail to share media file: /)).toBeVisible({ timeout: 30_000 });
    await expect(list.row(newest.title).locator('[data-testid="transfer-state"][data-target="google"]')).toHaveText('Failed');
    await adminApi.call('setsetting', [{ section: 'setting_cloud_google', data: kv({ refreshtoken: GOOGLE_CREDENTIALS.refreshToken }) }]);
  });
});
