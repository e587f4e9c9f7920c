import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import type { Api } from '../support/api';
import { expectAccessible } from '../support/axe';
import { shoot } from '../support/screenshots';
import { uniqueCode } from '../support/api';
import { kv } from '../support/settings';
import { mountUsbDisk, mounted, removeUsbDisk, usbDir, usbFiles } from '../support/usb';
import { RecordingsPage, recordThroughApi } from '../pages/recordings.page';
import { StoragePage } from '../pages/storage.page';

/*
 * The USB disk (docs/storage.md "The USB disk"): a small tmpfs mounted at this worker's service's USB_PATH stands in
 * for it (root only). Recording to it can be switched only while it is mounted; chosen recordings are copied to it
 * with a progress modal; Eject unmounts it.
 */

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const dir = usbDir();
const save = (values: Record<string, string>) => [{ section: 'setting_advance_media_save', data: kv(values) }];

interface Listed {
  recordid: string;
  title: string;
}

async function hasUsb(api: Api): Promise<string> {
  return (await api.call<{ hasusb: string }>('status')).hasusb;
}

/** The disk in, and the service seeing it. */
async function plugIn(api: Api): Promise<void> {
  mountUsbDisk(dir!);
  await expect.poll(() => hasUsb(api), { intervals: [200] }).toBe('true');
}

/**
 * Logs the page in as a new user who may see every recording and the Storage screen, in `lang` (the adminApi's admin
 * session stays: logging admin in here would force it out).
 */
async function loginAsUser(page: Page, adminApi: Api, lang = 'en_US'): Promise<void> {
  const usercode = uniqueCode('usb');
  const password = 'Usb-disk-pass-1';
  await adminApi.newUser({ usercode, password, functions: ['allrecord', 'setting', 'storage'] });
  await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
  await page.goto('/login');
  await page.locator('input#usercode').fill(usercode);
  await page.locator('input#password').fill(password);
  await page.locator('input#password').press('Enter');
  await page.waitForURL(/\/console\//);
}

/** A short recording, made through the API: the newest one listed. */
async function newRecording(api: Api): Promise<Listed> {
  await recordThroughApi(api, 1);
  const { rows } = await api.call<{ rows: Listed[] }>('listmedia', { usercode: '*', pagesize: 1 });
  return rows[0]!;
}

test.describe('USB disk', () => {
  test.skip(process.getuid?.() !== 0, 'mounting a tmpfs as the USB disk needs root');
  test.skip(!dir, 'E2E_USB_DIRS is not set: the service was started elsewhere, without a USB folder');

  test.beforeEach(async ({ adminApi }) => {
    await adminApi.call('setsetting', save({ usbenable: 'false', usbdownload: 'true' }));
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    removeUsbDisk(dir!);
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', save({ usbenable: 'false', usbdownload: 'false' }));
  });

  test('Storage: recording to the USB disk is editable only while one is mounted', async ({ page, adminApi }) => {
    await loginAsUser(page, adminApi);
    const storage = new StoragePage(page);
    await storage.goto();
    await expect(storage.fieldHelp('usbenable')).toHaveText(
      "No USB disk is mounted at the recorder's USB folder: connect one to turn this on or off.",
    );
    await storage.edit();
    await expect(storage.switch('Also record to USB disk')).toBeDisabled();
    await expect(storage.switch('Allow copying to USB disk')).toBeEnabled();
    await storage.reset();

    await plugIn(adminApi);
    await page.reload();
    // The status provider reads hasusb when the screen opens.
    await expect(storage.fieldHelp('usbenable')).toHaveCount(0);
    await storage.edit();
    await expect(storage.switch('Also record to USB disk')).toBeEnabled();
    await expectAccessible(page, 'storage edit, USB disk in');
    await storage.reset();
  });

  test('chosen recordings copied to the USB disk, then the disk ejected', async ({ page, adminApi }) => {
    const recording = await newRecording(adminApi);
    await loginAsUser(page, adminApi);
    const list = new RecordingsPage(page);
    await list.goto();
    // No disk: no copy and no checkboxes.
    await expect(page.getByTestId('usb-copy')).toHaveCount(0);
    await expect(list.table.getByRole('checkbox')).toHaveCount(0);

    await plugIn(adminApi);
    await page.reload();
    const copy = page.getByTestId('usb-copy');
    await expect(copy).toHaveText('Copy to USB disk (0)');
    await expect(copy).toBeDisabled();
    await list
      .row(recording.title)
      .getByRole('checkbox', { name: `Select ${recording.title}` })
      .check();
    await expect(copy).toHaveText('Copy to USB disk (1)');
    await copy.click();

    const modal = page.getByRole('dialog', { name: 'Copy to USB disk' });
    await expect(modal.getByTestId('usb-copy-done')).toHaveText('The recordings are on the USB disk.', { timeout: 30_000 });
    await expect(modal.getByRole('progressbar', { name: 'Copy progress' })).toHaveAttribute('aria-valuenow', '100');
    const state = await adminApi.call<{ files: number; copiedFiles: number }>('usbcopystate');
    await expect(modal.getByTestId('usb-copy-files')).toContainText(`${state.copiedFiles} of ${state.files} files`);
    expect(state.copiedFiles).toBeGreaterThan(0);
    const copied = usbFiles(dir!);
    expect(copied.filter((f) => f.endsWith('.mp4')).length, copied.join('\n')).toBeGreaterThan(0);
    await expectAccessible(page, 'USB copy done');

    await modal.getByRole('button', { name: 'Eject USB disk' }).click();
    await expect(modal.getByTestId('usb-ejected')).toHaveText('The USB disk has been ejected: you can pull it out now.');
    expect(mounted(dir!)).toBe(false);
    expect(await hasUsb(adminApi)).toBe('false');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    // The status read after the eject takes the copy away.
    await expect(copy).toHaveCount(0);
  });

  test("a refusal shows the service's message", async ({ page, adminApi }) => {
    await adminApi.call('setsetting', save({ usbdownload: 'false' }));
    const recording = await newRecording(adminApi);
    await plugIn(adminApi);
    await loginAsUser(page, adminApi);
    const list = new RecordingsPage(page);
    await list.goto();
    await list
      .row(recording.title)
      .getByRole('checkbox', { name: `Select ${recording.title}` })
      .check();
    await page.getByTestId('usb-copy').click();
    await expect(page.locator('.ant-message')).toContainText('Copying to the USB disk is turned off');
    await expect(page.getByTestId('usb-copy-modal')).toHaveCount(0);
  });

  for (const lang of LANGUAGES) {
    test(`screenshots of the USB disk in ${lang}`, async ({ page, adminApi }) => {
      const recording = await newRecording(adminApi);
      await plugIn(adminApi);
      await loginAsUser(page, adminApi, lang);
      await page.goto('/console/advance/storage');
      await expect(page.getByTestId('field-usbenable')).toBeVisible();
      await shoot(page, `${lang}-usb-storage`);
      await page.goto('/console/file/video');
      await page
        .getByTestId('recording-table')
        .locator('tr.ant-table-row')
        .filter({ hasText: recording.title })
        .getByRole('checkbox')
        .check();
      await shoot(page, `${lang}-usb-recordings`);
      await page.getByTestId('usb-copy').click();
      await expect(page.getByTestId('usb-copy-done')).toBeVisible({ timeout: 30_000 });
      await shoot(page, `${lang}-usb-copy-done`);
      await page.getByTestId('usb-eject').click();
      await expect(page.getByTestId('usb-ejected')).toBeVisible();
      await shoot(page, `${lang}-usb-ejected`);
    });
  }
});
