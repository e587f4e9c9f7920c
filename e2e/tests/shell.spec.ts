import { test, expect } from '../support/test';
import { uniqueCode } from '../support/api';

test.describe('shell', () => {
  test('the language choice is kept after a reload', async ({ page, loginPage, shell, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    await shell.chooseLanguage('简体中文');
    await expect(shell.headerButton('退出')).toBeVisible();
    await expect(shell.menuItem('工作台')).toBeVisible();

    await page.reload();
    await expect(shell.headerButton('退出')).toBeVisible();
    await expect(shell.menuItem('工作台')).toBeVisible();
    // The console opens on the workbench, now in Simplified Chinese.
    await expect(page.getByTestId('record-state')).toContainText('空闲');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await shell.chooseLanguage('English');
    await expect(shell.headerButton('Logout')).toBeVisible();
  });

  test('logout asks first, then ends the session and guards the console again', async ({ page, loginPage, shell, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    await shell.headerButton('Logout').click();
    await shell.confirmDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(shell.username).toHaveText('Administrator');

    await shell.logout();
    await page.goto('/console/system/log');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a session ended elsewhere sends the console back to /login', async ({ page, loginPage, api, adminApi }) => {
    const usercode = uniqueCode('expire');
    await adminApi.newUser({ usercode, password: 'Expire-Passw0rd', functions: ['operation', 'operating', 'setting', 'syslog'] });
    await loginPage.loginAs(usercode, 'Expire-Passw0rd');
    await page.goto('/console/system/log');
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    // Logging in again elsewhere ends this browser's session; its next call answers 401.
    await api.login(usercode, 'Expire-Passw0rd');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has expired, please log in again.')).toBeVisible();
  });

  test('the console needs a login', async ({ page }) => {
    await page.goto('/console/usermanage/user');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Setting and Viewer modes switch between /console and /main', async ({ page, loginPage, shell, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    await shell.open('System', 'Operation log');
    await shell.switchMode('Viewer');
    await expect(page).toHaveURL(/\/main$/);
    await expect(shell.sideMenu).toHaveCount(0);
    await shell.switchMode('Setting');
    // Back to the screen used last.
    await expect(page).toHaveURL(/\/console\/system\/log$/);
  });

  test('reboot asks for confirmation and is offered only with systemsetting', async ({
    page,
    loginPage,
    shell,
    adminPassword,
    adminApi,
  }) => {
    const usercode = uniqueCode('noreboot');
    await adminApi.newUser({ usercode, password: 'NoReboot-Passw0rd', functions: ['setting', 'syslog'] });
    await loginPage.loginAs('admin', adminPassword);
    await shell.headerButton('Reboot').click();
    await expect(shell.confirmDialog()).toContainText('Reboot the recorder?');
    // Cancel: the e2e service must keep running.
    await shell.confirmDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/console\//);

    await shell.logout();
    await loginPage.loginAs(usercode, 'NoReboot-Passw0rd');
    await expect(shell.username).toHaveText(usercode);
    await expect(shell.headerButton('Reboot')).toHaveCount(0);
  });

  test('the menu shows only what the user may use, and other screens answer 403', async ({ page, loginPage, shell, adminApi }) => {
    const usercode = uniqueCode('menu');
    await adminApi.newUser({ usercode, password: 'Menu-Passw0rd', functions: ['setting', 'syslog', 'about'] });
    await loginPage.loginAs(usercode, 'Menu-Passw0rd');
    await expect(page).toHaveURL(/\/console\/system\/log$/);
    await expect(shell.menuItem('Operation log')).toBeVisible();
    await expect(shell.menuItem('About')).toBeVisible();
    await expect(shell.menuItem('User management')).toHaveCount(0);
    await expect(shell.menuItem('Operation')).toHaveCount(0);
    await expect(shell.menuItem('Users')).toHaveCount(0);

    await page.goto('/console/usermanage/user');
    await expect(page.getByText('No permission')).toBeVisible();
  });

  test('the System menu opens the About screen', async ({ page, loginPage, shell, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    await shell.open('System', 'About');
    await expect(page).toHaveURL(/\/console\/system\/about$/);
    await expect(page.getByTestId('settings-viewing')).toBeVisible();
  });

  test('the reboot page counts down', async ({ page }) => {
    await page.goto('/reboot');
    await expect(page.getByText('The recorder is restarting')).toBeVisible();
    const first = Number(await page.getByTestId('reboot-seconds').textContent());
    expect(first).toBeGreaterThan(170);
    await expect.poll(async () => Number(await page.getByTestId('reboot-seconds').textContent())).toBeLessThan(first);
  });

  test('the header Reboot lands on the countdown although the service is gone right after the call', async ({
    page,
    loginPage,
    shell,
    adminPassword,
  }) => {
    await loginPage.loginAs('admin', adminPassword);
    // The reboot is answered here, not by the service (other tests use it); from that answer on nothing more can be
    // fetched from the service, as when it goes down: the countdown page must be loaded already.
    let down = false;
    await page.route('**/*', (route) => (down ? route.abort('connectionrefused') : route.fallback()));
    await page.route('**/api/reboot', (route) => {
      down = true;
      return route.fulfill({ json: { result: true, message: '' } });
    });
    await shell.headerButton('Reboot').click();
    await shell.confirmDialog().getByRole('button', { name: 'Reboot' }).click();
    await expect(page).toHaveURL(/\/reboot$/);
    await expect(page.getByTestId('reboot-seconds')).toBeVisible();
  });
});
