import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '../support/test';
import { kv, loginUserWith, startFromSettings, storedSettings } from '../support/settings';
import { uniqueCode } from '../support/api';
import { PptPage } from '../pages/ppt.page';

/*
 * The PPT screen (spec §2, §4, §8): setting_ppt on the shared settings template, and the public slides page's QR
 * code (decoded by zbarimg), its JPEG download and Copy link. The engine side (slide switching on the real output,
 * ppt.html's updates) is apps/server/test/media/slide-switch.test.ts and apps/server/test/ppt-route.test.ts; here
 * the page is also opened in the browser while the room records.
 */

const run = promisify(execFile);
const DEFAULTS = [
  {
    section: 'setting_ppt',
    data: kv({
      switchenable: 'false',
      switchdiff: '10',
      switchduration: '10',
      pushenable: 'false',
      slidechannel: 'C',
      chapterenable: 'true',
      ocrlanguage: 'eng+chi_sim',
    }),
  },
];

/** Width and height from a baseline JPEG's SOF0 header. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  return { width: jpeg.readUInt16BE(sof + 7), height: jpeg.readUInt16BE(sof + 5) };
}

test.describe('PPT settings', () => {
  startFromSettings(DEFAULTS);

  test('edit with checks on the field, save, reload, reset', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'ppt', ['operation', 'ppt']);
    const ppt = new PptPage(page);
    await ppt.goto();
    await expect(ppt.threshold).toHaveValue('10');
    await expect(ppt.threshold).toBeDisabled();
    await expect(ppt.switch('Push slides')).toBeDisabled();

    await ppt.edit();
    await ppt.threshold.fill('0');
    await expect(ppt.fieldError('switchdiff')).toHaveText('Enter a whole number from 1 to 100.');
    await ppt.duration.fill('40');
    await expect(ppt.fieldError('switchduration')).toHaveText('Enter a whole number from 5 to 30.');
    await ppt.save();
    await expect(ppt.toast('Please correct the fields marked in red.')).toBeVisible();
    await ppt.expectEditing();

    await ppt.threshold.fill('30');
    await ppt.duration.fill('8');
    await ppt.switch('Switch to slides automatically').click();
    await ppt.switch('Push slides').click();
    await ppt.chooseChannel('D');
    await ppt.save();
    await expect(ppt.toast('Settings saved')).toBeVisible();
    await ppt.expectViewing();
    expect((await storedSettings(adminApi, ['setting_ppt'])).setting_ppt).toEqual({
      switchenable: 'true',
      switchdiff: '30',
      switchduration: '8',
      pushenable: 'true',
      slidechannel: 'D',
      // Chapters (issue 22): saved as they were.
      chapterenable: 'true',
      ocrlanguage: 'eng+chi_sim',
    });

    await page.reload();
    await ppt.expectViewing();
    await expect(ppt.threshold).toHaveValue('30');
    await expect(ppt.duration).toHaveValue('8');
    await expect(ppt.channel()).toContainText('D');
    expect(await ppt.isOn('Push slides')).toBe(true);

    // Reset leaves edit mode with the device's values.
    await ppt.edit();
    await ppt.threshold.fill('55');
    await ppt.switch('Push slides').click();
    await ppt.reset();
    await expect(ppt.threshold).toHaveValue('30');
    expect(await ppt.isOn('Push slides')).toBe(true);
  });

  test('the QR code decodes to the slides page, downloads as a 200×200 JPEG, and the link copies', async ({
    page,
    context,
    baseURL,
    adminApi,
    loginPage,
  }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'ppt', ['operation', 'ppt']);
    const ppt = new PptPage(page);
    await ppt.goto();
    // The console is on plain HTTP here (loopback, as on the box's own screen): the code links to the box's HTTPS
    // address a phone on the network can reach.
    const { origins } = await adminApi.call<{ origins: string[] }>('httpsaddresses', {});
    expect(origins[0]).toMatch(/^https:\/\//);
    expect(baseURL).toMatch(/^http:\/\//);
    const url = `${origins[0]}/ppt.html`;
    await expect(ppt.pageUrl).toHaveText(url);
    await expect(ppt.qrCode).toHaveAttribute('aria-label', `QR code of ${url}`);

    const [download] = await Promise.all([page.waitForEvent('download'), ppt.downloadButton.click()]);
    expect(download.suggestedFilename()).toBe('ppt-qrcode.jpg');
    const file = join(mkdtempSync(join(tmpdir(), 'ppt-qr-')), 'ppt-qrcode.jpg');
    await download.saveAs(file);
    expect(jpegSize(readFileSync(file))).toEqual({ width: 200, height: 200 });
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', file]);
    expect(stdout.trim()).toBe(url);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await ppt.copyButton.click();
    await expect(ppt.toast('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test('the slides page shows the slides channel while the room records, once push is on', async ({ page, adminApi }) => {
    const url = '/ppt.html';
    expect((await page.goto(url))!.status()).toBe(404);
    await expect(page.getByRole('status')).toHaveText('Slides are not being shared now.');

    await adminApi.call('setsetting', [{ section: 'setting_ppt', data: kv({ pushenable: 'true' }) }]);
    await page.goto(url);
    await expect(page.getByRole('status')).toHaveText('Waiting for the first slide…');
    // The slides channel (C) is seen while the picture is encoded: a recording starts it.
    expect((await adminApi.raw('recordctl', { control: 'start' })).envelope.result).toBe(true);
    const slide = page.getByRole('img', { name: 'The latest slide' });
    await expect(slide).toBeVisible({ timeout: 20_000 });
    expect(await slide.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
    await expect(page.getByRole('status')).toBeHidden();
    // Public: no session needed for the picture.
    const picture = await page.request.get('/ppt/slide.jpg');
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
  });

  test('needs the ppt function', async ({ page, adminApi, loginPage }) => {
    const usercode = uniqueCode('noppt');
    await adminApi.newUser({ usercode, password: 'Ppt-pass-12', functions: ['operation', 'audiosetting'] });
    await loginPage.signInAs(usercode, 'Ppt-pass-12');
    await page.goto('/console/operation/opeppt');
    await expect(page.getByText('No permission')).toBeVisible();
  });
});
