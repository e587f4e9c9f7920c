import { startFtpServer, type UploadServer } from '@roomcast/test-servers';
import { test, expect } from '../support/test';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { BLOCKING, axeScan, findingTable, findings } from '../support/axe';
import { ThirdPartyPage } from '../pages/thirdparty.page';

/*
 * The Third-party screen's FTP panel (spec §2 Advanced): edit, a value refused under its field, save, reload,
 * the write-only password, and Test connection against a real FTP server on loopback (pyftpdlib), which
 * answers with its own words or refuses the login. The uploads themselves: apps/server/test/sync/.
 */

const OFF = [{ section: 'setting_advance_ftp', data: kv({ enable: 'false', host: '', port: '21', username: '', password: '', path: '' }) }];

test.describe('third-party: FTP', () => {
  let server: UploadServer;
  test.beforeAll(async () => {
    server = await startFtpServer();
  });
  test.afterAll(async () => {
    await server.stop();
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    // Never leave FTP upload on in the shared service: other specs' recordings would be queued at stop.
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', OFF);
  });

  test('edit, an invalid port, save, reload, and Test connection succeeds and fails with the server’s answer', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'ftp', ['setting', '3rdpartsystem', 'allrecord']);
    const ftp = new ThirdPartyPage(page);
    await ftp.goto();
    await expect(ftp.host).toBeDisabled();
    await expect(ftp.queue).toBeVisible();

    await ftp.edit();
    await ftp.switch('Upload recordings').click();
    await ftp.host.fill('127.0.0.1');
    await ftp.port.fill('70000');
    await expect(ftp.fieldError('port')).toHaveText('Enter a whole number from 1 to 65535.');
    await ftp.save();
    await expect(ftp.toast('Please correct the fields marked in red.')).toBeVisible();
    await ftp.expectEditing();

    await ftp.port.fill(String(server.port));
    await ftp.username.fill(server.user);
    await ftp.password.fill(server.password);
    await ftp.folder.fill('lectures/2026');
    // Tested with the values shown, before they are saved.
    await ftp.testButton.click();
    await expect(ftp.testResult).toContainText('Roomcast test FTP server ready.');
    await expect(ftp.testResult).toContainText('/lectures/2026');
    await ftp.save();
    await ftp.expectViewing();

    await page.reload();
    await ftp.expectViewing();
    await expect(ftp.host).toHaveValue('127.0.0.1');
    await expect(ftp.port).toHaveValue(String(server.port));
    await expect(ftp.folder).toHaveValue('lectures/2026');
    // The password is write-only: never read back, kept when left empty.
    await expect(ftp.password).toHaveValue('');
    const stored = await storedSettings(adminApi, ['setting_advance_ftp']);
    expect(stored.setting_advance_ftp).toMatchObject({ enable: 'true', host: '127.0.0.1', path: 'lectures/2026', password: '' });
    await ftp.testButton.click();
    await expect(ftp.testResult).toContainText('Connected');
    // The panel with its answer and queue, as axe sees it (the route sweep sees it empty).
    const blocking = findings('3rdpart tested', await axeScan(page)).filter((f) => BLOCKING.includes(f.impact));
    expect(blocking, findingTable(blocking)).toEqual([]);

    await ftp.edit();
    await ftp.password.fill('not-the-password');
    await ftp.testButton.click();
    await expect(ftp.testResult).toContainText('Connection test failed: FTP server: 530');
    await ftp.reset();
  });

  test('the screen is refused without the 3rdpartsystem function', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'noftp', ['setting', 'storage']);
    await page.goto('/console/advance/3rdpart');
    await expect(page.getByTestId('settings-panel-ftp')).toHaveCount(0);
  });
});
