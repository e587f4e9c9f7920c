import { deflateSync } from 'node:zlib';
import { test, expect } from '../support/test';
import { kv, loginUserWith, startFromSettings, storedSettings } from '../support/settings';
import { OsdPage } from '../pages/osd.page';

/*
 * The OSD screen (spec §2, §5): logo, date/time, text and font over the shared settings template, the logo chosen in
 * the browser and uploaded as a bottom-up ARGB raster, and the engine's picture after a save. The positions and
 * colours the engine draws are checked on decoded frames in apps/server/test/media/picture.test.ts.
 */

const DEFAULTS = [
  {
    section: 'setting_osd',
    data: kv({
      enablelogo: 'false',
      logowidth: '160',
      logoheight: '90',
      logox: '20',
      logoy: '20',
      enabledatetime: 'false',
      enabletext: 'false',
      textcontent: '',
      textx: '20',
      texty: '1000',
      fontname: 'arial',
      fontsize: '10',
      fontcolor: '000000',
    }),
  },
];

/** A PNG of one colour (RGBA), made here so the test needs no file. */
function solidPng(width: number, height: number, rgba: [number, number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgba).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const near = (got: number[], want: number[], tol = 60) => got.every((v, i) => Math.abs(v - want[i]!) <= tol);

test.describe('OSD settings', () => {
  startFromSettings(DEFAULTS);

  test('edit with checks on the fields, save, reload, reset', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'osd', ['operation', 'logotitle']);
    const osd = new OsdPage(page);
    await osd.goto();
    await expect(osd.switch('Show text')).toBeDisabled();

    await osd.edit();
    await osd.switch('Show text').click();
    // Whitespace is stripped while typing (spec §5); at most 30 characters.
    await osd.text('Text').fill(' Hall  3 ');
    await expect(osd.text('Text')).toHaveValue('Hall3');
    await osd.number('Text X').fill('2500');
    await expect(osd.fieldError('textx')).toHaveText('Enter a whole number from 0 to 2000.');
    await osd.text('Font colour').fill('#00ff00');
    await expect(osd.fieldError('fontcolor')).toHaveText('Enter 6 hex digits RRGGBB without #.');
    await osd.save();
    await expect(osd.toast('Please correct the fields marked in red.')).toBeVisible();
    await osd.expectEditing();

    await osd.number('Text X').fill('100');
    await osd.text('Font colour').fill('00FF00');
    await osd.chooseFont('Times New Roman');
    await osd.number('Font size').fill('24');
    await osd.save();
    await expect(osd.toast('Settings saved')).toBeVisible();
    await osd.expectViewing();
    expect((await storedSettings(adminApi, ['setting_osd'])).setting_osd).toMatchObject({
      enabletext: 'true',
      textcontent: 'Hall3',
      textx: '100',
      fontcolor: '00FF00',
      fontname: 'times_new_roman',
      fontsize: '24',
    });

    await page.reload();
    await osd.expectViewing();
    await expect(osd.text('Text')).toHaveValue('Hall3');
    expect(await osd.isOn('Show text')).toBe(true);
    await expect(osd.number('Font size')).toHaveValue('24');

    await osd.edit();
    await osd.text('Text').fill('Other');
    await osd.reset();
    await expect(osd.text('Text')).toHaveValue('Hall3');
  });

  test('a logo chosen in the browser shows on the engine’s next picture after Save', async ({ page, adminApi, loginPage }) => {
    // Something encodes: the picture is the running encoder's, re-planned by the save. A save with a new logo
    // restarts the encode twice (the settings, then the logo upload), so it is the light 270-line one the other
    // recording specs use: a 1080-line encode restarts for many seconds on a loaded 2-core machine.
    await adminApi.call('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] });
    expect((await adminApi.raw('recordctl', { control: 'start' })).envelope.result).toBe(true);
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'osd', ['operation', 'logotitle']);
    const osd = new OsdPage(page);
    await osd.goto();
    await expect(osd.picture).toHaveAttribute('data-source', 'encoder', { timeout: 20_000 });
    // The top-left corner is black: the default layout leaves it empty.
    expect(near(await osd.picturePixel(20, 12), [0, 0, 0])).toBe(true);

    await osd.edit();
    await osd.switch('Show logo').click();
    // 192x108 at 0,0 of a 1920-wide picture: 64x36 in the 640-wide picture.
    await osd.number('Logo width').fill('192');
    await osd.number('Logo height').fill('108');
    await osd.number('Logo X').fill('0');
    await osd.number('Logo Y').fill('0');
    await page
      .getByTestId('logo-chooser')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'note.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
    await expect(page.getByTestId('logo-error')).toHaveText('The logo must be an image file.');
    await page
      .getByTestId('logo-chooser')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: solidPng(32, 32, [255, 255, 0, 255]),
      });
    await expect(page.getByTestId('logo-chosen')).toBeVisible();
    await osd.save();
    await expect(osd.toast('Settings saved')).toBeVisible();
    await osd.expectViewing();
    // The screen keeps asking while the encode restarts (a picture missing meanwhile is not the end of it).
    await expect.poll(async () => near(await osd.picturePixel(20, 12), [255, 255, 0]), { timeout: 15_000 }).toBe(true);
    // Below the logo the picture is as before.
    expect(near(await osd.picturePixel(20, 50), [0, 0, 0])).toBe(true);
  });
});
