import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect } from '../support/test';
import { kv, loginUserWith } from '../support/settings';
import { serialBytes } from '../support/serial';
import { LoginPage } from '../pages/login.page';
import { PtzPage } from '../pages/ptz.page';

/*
 * The PTZ screen (spec §2, §4) against the real service, whose serial ports are socat pseudo-terminals
 * (support/serial.ts): each press of the pad must reach the line as its start frame and, at release or when the
 * pointer leaves, its stop frame, by mouse, keyboard and touch. Frames as in docs/devices.md.
 */

const VISCA_STOP = '81 01 06 01 0c 0a 03 03 ff';
const hex = (b: Buffer) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');

/** What a port received since `mark` (a byte count), as hex. */
const since = (port: 'rs232' | 'rs485', mark: number) => hex(serialBytes(port).subarray(mark));
/** Waits until the port has received exactly `frames` since the mark. */
async function expectFrames(port: 'rs232' | 'rs485', mark: number, frames: string[]): Promise<void> {
  await expect.poll(() => since(port, mark), { timeout: 5000 }).toBe(frames.join(' '));
}

const CAMERAS = [
  {
    section: 'setting_serial_port',
    data: kv({ rs232_type: 'default', rs485_type: 'default', rs232_biterate: '9600', rs485_biterate: '9600' }),
  },
  // Channel 0: VISCA camera 1 on RS-232; channel 1: PELCO-D camera 3 on RS-485.
  {
    section: 'setting_ptz_camera',
    data: kv({ ch0_protocol: 'visca', ch0_port: 'rs232', ch0_address: '1', ch1_protocol: 'pelcod', ch1_port: 'rs485', ch1_address: '3' }),
  },
];

test.describe('camera control', () => {
  test.beforeEach(async ({ adminApi, page, loginPage }) => {
    await adminApi.call('setsetting', CAMERAS);
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'ptz', ['operation', 'cameracontrol']);
    await new PtzPage(page).goto();
  });

  test('mouse: press starts, release stops; the pointer leaving stops too', async ({ page }) => {
    const ptz = new PtzPage(page);
    await expect(ptz.camera).toHaveText('VISCA camera 1 on RS-232');
    let mark = serialBytes('rs232').length;
    await ptz.mouseDownOn('Up');
    await expectFrames('rs232', mark, ['81 01 06 01 0c 0a 03 01 ff']);
    await page.mouse.up();
    await expectFrames('rs232', mark, ['81 01 06 01 0c 0a 03 01 ff', VISCA_STOP]);

    // Held for longer than the keep-alive (1 s): one start, one stop.
    await ptz.chooseSpeed('Fast');
    mark = serialBytes('rs232').length;
    await ptz.mouseDownOn('Left');
    await expectFrames('rs232', mark, ['81 01 06 01 18 14 01 03 ff']);
    // The pointer slides off the button with the mouse still down: the press ends there.
    await page.mouse.move(5, 5, { steps: 4 });
    await expectFrames('rs232', mark, ['81 01 06 01 18 14 01 03 ff', VISCA_STOP]);
    await page.mouse.up();
    await page.waitForTimeout(1500); // wall-clock: longer than a keep-alive, to see that nothing more is sent
    expect(since('rs232', mark)).toBe(`81 01 06 01 18 14 01 03 ff ${VISCA_STOP}`);
  });

  test('keyboard: Space or Enter on a button, the arrow keys on the pad', async ({ page }) => {
    const ptz = new PtzPage(page);
    await ptz.chooseSpeed('Slow');
    let mark = serialBytes('rs232').length;
    await ptz.button('Right').focus();
    await page.keyboard.down(' ');
    await expectFrames('rs232', mark, ['81 01 06 01 04 04 02 03 ff']);
    await page.keyboard.up(' ');
    await expectFrames('rs232', mark, ['81 01 06 01 04 04 02 03 ff', VISCA_STOP]);

    mark = serialBytes('rs232').length;
    await page.keyboard.down('ArrowDown');
    await expectFrames('rs232', mark, ['81 01 06 01 04 04 03 02 ff']);
    await page.keyboard.up('ArrowDown');
    await expectFrames('rs232', mark, ['81 01 06 01 04 04 03 02 ff', VISCA_STOP]);

    mark = serialBytes('rs232').length;
    await ptz.button('Zoom out').focus();
    await page.keyboard.down('Enter');
    await expectFrames('rs232', mark, ['81 01 04 07 32 ff']);
    await page.keyboard.up('Enter');
    await expectFrames('rs232', mark, ['81 01 04 07 32 ff', '81 01 04 07 00 ff']);
  });

  test('another channel: its PELCO-D camera on RS-485, zoom and presets', async ({ page }) => {
    const ptz = new PtzPage(page);
    await ptz.chooseChannel(1);
    await expect(ptz.camera).toHaveText('PELCO-D camera 3 on RS-485');
    const mark = serialBytes('rs485').length;
    const before232 = serialBytes('rs232').length;
    await ptz.mouseDownOn('Zoom in');
    // Set zoom speed 2, then zoom tele; checksums are the sum of bytes 2-6.
    await expectFrames('rs485', mark, ['ff 03 00 25 00 02 2a', 'ff 03 00 20 00 00 23']);
    await page.mouse.up();
    await expectFrames('rs485', mark, ['ff 03 00 25 00 02 2a', 'ff 03 00 20 00 00 23', 'ff 03 00 00 00 00 03']);

    await ptz.callPreset(4);
    await ptz.savePreset(7);
    await expect(page.locator('.ant-message-notice', { hasText: 'Preset saved' })).toBeVisible();
    await expectFrames('rs485', mark, [
      'ff 03 00 25 00 02 2a',
      'ff 03 00 20 00 00 23',
      'ff 03 00 00 00 00 03',
      'ff 03 00 07 00 05 0f',
      'ff 03 00 03 00 08 0e',
    ]);
    expect(serialBytes('rs232').length).toBe(before232);
  });

  test("a refusal is shown in the reader's words, once", async ({ page, adminApi }) => {
    // RS-232 becomes the control panel: the camera of channel 0 cannot be driven there.
    await adminApi.call('setsetting', [{ section: 'setting_serial_port', data: kv({ rs232_type: 'controlpannel' }) }]);
    const ptz = new PtzPage(page);
    await ptz.mouseDownOn('Down');
    await page.waitForTimeout(1500); // wall-clock: a held button repeats its start each second; the refusal shows once
    await page.mouse.up();
    await expect(
      page.locator('.ant-message-notice', { hasText: 'The RS232 port is the control panel: camera channel 0 cannot use it.' }),
    ).toHaveCount(1);
  });
});

test.describe('camera control by touch', () => {
  test.use({ hasTouch: true });

  test('a tap is a press and its release', async ({ page, adminApi, loginPage }) => {
    await adminApi.call('setsetting', CAMERAS);
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'ptzt', ['operation', 'cameracontrol']);
    const ptz = new PtzPage(page);
    await ptz.goto();
    const mark = serialBytes('rs232').length;
    await ptz.button('Left').tap();
    await expectFrames('rs232', mark, ['81 01 06 01 0c 0a 01 03 ff', VISCA_STOP]);
  });
});

test('a browser that goes away mid-press: the service stops the camera itself', async ({ browser, adminApi, baseURL }) => {
  await adminApi.call('setsetting', CAMERAS);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginUserWith(adminApi, (u, p) => new LoginPage(page).signInAs(u, p), 'ptzg', ['operation', 'cameracontrol']);
  const ptz = new PtzPage(page);
  await ptz.goto();
  const mark = serialBytes('rs232').length;
  await ptz.mouseDownOn('Right');
  await expectFrames('rs232', mark, ['81 01 06 01 0c 0a 02 03 ff']);
  // The browser goes away with the button down: no release is ever sent from it.
  await context.close();
  await expect.poll(() => since('rs232', mark), { timeout: 10_000 }).toBe(`81 01 06 01 0c 0a 02 03 ff ${VISCA_STOP}`);
});

test('screenshots in three languages', async ({ page, adminApi, adminPassword, loginPage }) => {
  await adminApi.call('setsetting', CAMERAS);
  const dir = process.env.PTZ_SHOTS_DIR ?? resolve(import.meta.dirname, '../screenshots');
  mkdirSync(dir, { recursive: true });
  for (const lang of ['en_US', 'zh_CN', 'zh_HK']) {
    await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
    if (lang === 'en_US') await loginPage.loginAs('admin', adminPassword);
    await page.goto('/console/operation/opeptz');
    await expect(page.getByTestId('ptz-camera')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${dir}/ptz-${lang}.png`, fullPage: true });
  }
});
