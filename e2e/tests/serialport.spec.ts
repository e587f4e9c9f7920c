import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect } from '../support/test';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { uniqueCode } from '../support/api';
import { SerialPortPage } from '../pages/serialport.page';

/*
 * The Serial port screen (spec §2 Advanced, §4) on the shared settings template: setting_serial_port (the
 * control-panel rule) and setting_ptz_camera (how each PTZ channel's camera is reached).
 */

const CODES = ['setting_serial_port', 'setting_ptz_camera'];
const DEFAULTS = [
  {
    section: 'setting_serial_port',
    data: kv({ rs232_biterate: '9600', rs485_biterate: '9600', rs232_type: 'default', rs485_type: 'default' }),
  },
  {
    section: 'setting_ptz_camera',
    data: kv({
      ch0_protocol: 'visca',
      ch0_address: '1',
      ch1_protocol: 'visca',
      ch1_port: 'rs232',
      ch1_address: '2',
      ch1_host: '',
      ch1_udpport: '52381',
    }),
  },
];

test.describe('serial port settings', () => {
  test.beforeEach(async ({ adminApi }) => {
    await adminApi.call('setsetting', DEFAULTS);
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    // A browser login as admin (screenshots) has ended the fixture's session: log in again.
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', DEFAULTS);
  });

  test('edit with checks on the field, save, reload, reset', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'ser', ['setting', 'serialport']);
    const screen = new SerialPortPage(page);
    await screen.goto();
    await expect(screen.select('rs232_biterate')).toContainText('9600');
    await expect(screen.select('rs232_type')).toHaveClass(/ant-select-disabled/);
    // The IP keys of a channel show only for VISCA over IP.
    await expect(screen.field('ch1_host')).toHaveCount(0);

    await screen.edit();
    await screen.choose('rs232_biterate', '115200');
    // One control panel at most: choosing it on RS-232 sets RS-485 back to default.
    await screen.choose('rs485_type', 'Control panel');
    await screen.choose('rs232_type', 'Control panel');
    await expect(screen.select('rs485_type')).toContainText('Default');

    // Invalid values are marked on their field and block the save.
    await screen.input('ch0_address').fill('9');
    await expect(screen.fieldError('ch0_address')).toHaveText('Camera channel 0 uses VISCA: its address must be from 1 to 7.');
    await screen.input('ch0_address').fill('5');
    await expect(screen.fieldError('ch0_address')).toHaveCount(0);
    await screen.choose('ch1_protocol', 'VISCA over IP');
    await expect(screen.field('ch1_port')).toHaveCount(0);
    await expect(screen.fieldError('ch1_host')).toHaveText('Camera channel 1 uses VISCA over IP. Please input its IP address.');
    await screen.input('ch1_host').fill('cam era!');
    await expect(screen.field('ch1_host')).toContainText('Enter a host name or IPv4 address');
    await screen.save();
    await expect(screen.toast('Please correct the fields marked in red.')).toBeVisible();
    await screen.expectEditing();

    await screen.input('ch1_host').fill('192.168.10.21');
    await screen.input('ch1_udpport').fill('1259');
    await screen.save();
    await expect(screen.toast('Settings saved')).toBeVisible();
    await screen.expectViewing();
    const stored = await storedSettings(adminApi, CODES);
    expect(stored.setting_serial_port).toEqual({
      rs232_biterate: '115200',
      rs485_biterate: '9600',
      rs232_type: 'controlpannel',
      rs485_type: 'default',
    });
    expect(stored.setting_ptz_camera).toMatchObject({
      ch0_address: '5',
      ch1_protocol: 'viscaip',
      ch1_host: '192.168.10.21',
      ch1_udpport: '1259',
    });

    await page.reload();
    await screen.expectViewing();
    await expect(screen.select('rs232_type')).toContainText('Control panel');
    await expect(screen.input('ch1_host')).toHaveValue('192.168.10.21');

    // Reset leaves edit mode with the device's values.
    await screen.edit();
    await screen.choose('rs232_type', 'Default');
    await screen.input('ch0_address').fill('2');
    await screen.reset();
    await expect(screen.select('rs232_type')).toContainText('Control panel');
    await expect(screen.input('ch0_address')).toHaveValue('5');
  });

  test('screenshots in three languages, edit mode', async ({ page, adminPassword, loginPage }) => {
    const dir = process.env.SERIAL_SHOTS_DIR ?? resolve(import.meta.dirname, '../screenshots');
    mkdirSync(dir, { recursive: true });
    for (const lang of ['en_US', 'zh_CN', 'zh_HK']) {
      await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
      if (lang === 'en_US') await loginPage.loginAs('admin', adminPassword);
      await page.goto('/console/advance/serialport');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await page.locator('.rc-page > .ant-card-head .ant-btn-primary').click();
      await expect(page.getByTestId('settings-editing')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/serialport-${lang}-edit.png`, fullPage: true });
      await page.locator('.rc-page > .ant-card-head .ant-btn').last().click();
    }
  });

  test('an operator with camera control sees the cameras on the PTZ screen but cannot open this one', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    const usercode = uniqueCode('sernone');
    await adminApi.newUser({ usercode, password: 'Serial-pass-1', functions: ['operation', 'cameracontrol'] });
    await loginPage.signInAs(usercode, 'Serial-pass-1');
    await page.goto('/console/advance/serialport');
    await expect(page.getByText('No permission')).toBeVisible();
  });
});
