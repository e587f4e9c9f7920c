import { test, expect } from '../support/test';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { uniqueCode } from '../support/api';
import { BLOCKING, axeScan, findingTable, findings } from '../support/axe';
import { chooseOption } from '../support/select';
import { settled } from '../support/settle';
import { StoragePage } from '../pages/storage.page';

/*
 * The Storage screen (spec §2 Advanced, §4, §5): output storage, auto clear and retention (exclusive),
 * segmentation over the shared settings template, and the disk scan. The clearing itself runs on the
 * service's scheduler (apps/server/test/housekeeping.test.ts).
 */

const CODES = ['setting_advance_media_save', 'setting_check_storage', 'setting_segmentation'];
const DEFAULTS = [
  {
    section: 'setting_check_storage',
    data: kv({
      enable: 'false',
      exectime: '02:00:00',
      freesize: '50',
      retentionenable: 'false',
      retentiondays: '30',
      retentionexectime: '03:00:00',
    }),
  },
  { section: 'setting_segmentation', data: kv({ mode: 'smooth' }) },
  { section: 'setting_advance_media_save', data: kv({ movie_low_enable: 'true', resource_vi0_enable: 'false' }) },
];

test.describe('storage settings', () => {
  test.beforeEach(async ({ adminApi }) => {
    await adminApi.call('setsetting', DEFAULTS);
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    // Never leave a clearing switched on in the shared service: it would delete other specs' recordings.
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', DEFAULTS);
  });

  test('edit, an invalid free size, save, reload, reset', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'sto', ['setting', 'storage']);
    const storage = new StoragePage(page);
    await storage.goto();

    await expect(storage.freeSize).toHaveValue('50');
    await expect(storage.freeSize).toBeDisabled();
    await expect(storage.saveButton).toHaveCount(0);
    // No USB disk is mounted here: recording to it shows disabled, with the reason; copying to it is a setting.
    await expect(storage.fieldHelp('usbenable')).toContainText('No USB disk is mounted');
    await expect(storage.fieldHelp('usbdownload')).toHaveCount(0);

    const writes: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(setsetting|writeconfig)$/.test(r.url())) writes.push(r.url().split('/').pop()!);
    });

    await storage.edit();
    await expect(storage.switch('Also record to USB disk')).toBeDisabled();
    await expect(storage.switch('Record HD')).toBeDisabled();
    // The free size is fixed while auto clear is off.
    await expect(storage.freeSize).toBeDisabled();
    await storage.switch('Auto clear by free space').click();
    await expect(storage.freeSize).toBeEnabled();
    await storage.freeSize.fill('5');
    await expect(storage.fieldError('freesize')).toHaveText('Enter a whole number from 10 to 1800.');
    await storage.save();
    await expect(storage.toast('Please correct the fields marked in red.')).toBeVisible();
    await storage.expectEditing();
    expect(writes).toEqual([]);

    await storage.freeSize.fill('120');
    await expect(storage.fieldError('freesize')).toHaveCount(0);
    await chooseOption(page, storage.page.getByTestId('field-mode').locator('.ant-select'), 'Advanced (4 hours or 3.8 GB)');
    await storage.save();
    await expect(storage.toast('Settings saved')).toBeVisible();
    await storage.expectViewing();
    expect(writes).toEqual(['setsetting']);

    const values = await storedSettings(adminApi, CODES);
    expect(values.setting_check_storage).toMatchObject({ enable: 'true', freesize: '120', retentionenable: 'false' });
    expect(values.setting_segmentation).toEqual({ mode: 'advanced' });

    await page.reload();
    await storage.expectViewing();
    await expect(storage.freeSize).toHaveValue('120');
    expect(await storage.clearing()).toEqual([true, false]);
    await expect(storage.page.getByTestId('field-mode')).toContainText('Advanced (4 hours or 3.8 GB)');

    // Reset leaves edit mode with the device's values.
    await storage.edit();
    await storage.freeSize.fill('300');
    await storage.switch('Retention clear').click();
    await storage.reset();
    await expect(storage.freeSize).toHaveValue('120');
    expect(await storage.clearing()).toEqual([true, false]);
    expect(writes).toEqual(['setsetting']);
  });

  test('auto clear and retention exclude each other while toggling', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'sto', ['setting', 'storage']);
    const storage = new StoragePage(page);
    await storage.goto();
    await storage.edit();
    expect(await storage.clearing()).toEqual([false, false]);

    await storage.switch('Auto clear by free space').click();
    expect(await storage.clearing()).toEqual([true, false]);
    await storage.switch('Retention clear').click();
    expect(await storage.clearing()).toEqual([false, true]);
    await expect(storage.freeSize).toBeDisabled();
    await expect(storage.retentionDays).toBeEnabled();
    await storage.switch('Auto clear by free space').click();
    expect(await storage.clearing()).toEqual([true, false]);
    await storage.switch('Auto clear by free space').click();
    expect(await storage.clearing()).toEqual([false, false]);

    // Retention days are checked too (10-1024).
    await storage.switch('Retention clear').click();
    await storage.retentionDays.fill('2000');
    await expect(storage.fieldError('retentiondays')).toHaveText('Enter a whole number from 10 to 1024.');
    await storage.retentionDays.fill('90');
    await storage.save();
    await expect(storage.toast('Settings saved')).toBeVisible();
    expect((await storedSettings(adminApi, CODES)).setting_check_storage).toMatchObject({
      enable: 'false',
      retentionenable: 'true',
      retentiondays: '90',
    });
  });

  test('disk scan: the start button, the spinner while scanning, the message while recording', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'sto', ['setting', 'storage']);
    const storage = new StoragePage(page);
    await storage.goto();

    const scan = page.waitForResponse((r) => r.url().endsWith('/api/scanfiles'));
    await storage.scanButton.click();
    const answer = await (await scan).json();
    expect(answer.result).toBe(true);
    await expect(storage.toast('Disk scan started')).toBeVisible();
    // The scan of an almost empty disk is short: the button is back when the status says it has finished.
    await expect(storage.scanButton).toBeVisible({ timeout: 20_000 });

    // The status as the service would answer it during a scan, then during a recording.
    let status: Record<string, string> = { hdd_scanning: 'true' };
    await page.route('**/api/status', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, ...status } } });
    });
    await page.reload();
    await expect(storage.diskScan.getByTestId('disk-scan-running')).toContainText('Scanning the disk');
    await expect(storage.scanButton).toHaveCount(0);

    status = { hdd_scanning: 'false', isrecording: 'true' };
    await page.reload();
    await expect(storage.diskScan.getByTestId('disk-scan-recording')).toContainText('Recording in progress, please stop recording');
    await expect(storage.scanButton).toBeDisabled();
    await page.unroute('**/api/status');
  });

  test('edit mode with a field error has no serious axe findings (view mode: accessibility.spec.ts)', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'sto', ['setting', 'storage']);
    const storage = new StoragePage(page);
    await storage.goto();
    await storage.edit();
    await storage.switch('Auto clear by free space').click();
    await storage.freeSize.fill('5');
    await expect(storage.fieldError('freesize')).toBeVisible();
    await settled(page);
    const blocking = findings('storage edit', await axeScan(page)).filter((f) => BLOCKING.includes(f.impact));
    expect(blocking, findingTable(blocking)).toEqual([]);
    await storage.reset();
  });

  test('needs the storage function', async ({ page, adminApi, loginPage }) => {
    const usercode = uniqueCode('nosto');
    await adminApi.newUser({ usercode, password: 'Storage-pass-1', functions: ['setting', 'serialport'] });
    await loginPage.signInAs(usercode, 'Storage-pass-1');
    await page.goto('/console/advance/storage');
    await expect(page.getByText('No permission')).toBeVisible();
  });
});
