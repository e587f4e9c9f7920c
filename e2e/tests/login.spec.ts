import { test, expect } from '../support/test';
import { uniqueCode } from '../support/api';

test.describe('login', () => {
  test('a wrong password shows the error line, the right one opens settings mode', async ({ page, loginPage, shell, adminApi }) => {
    // A user nobody is logged in as: otherwise the force-out question comes before the password is checked.
    const usercode = uniqueCode('wrong');
    await adminApi.newUser({
      usercode,
      username: 'WrongThenRight',
      password: 'Right-Passw0rd',
      functions: ['operation', 'operating', 'setting', 'syslog'],
    });
    await loginPage.goto();
    await expect(loginPage.roomName).not.toBeEmpty();
    await loginPage.fill(usercode, 'not-the-password');
    await loginPage.submit();
    await expect(loginPage.errorLine).toHaveText('Login failed, please try again.');
    await expect(page).toHaveURL(/\/login$/);

    await loginPage.password.fill('Right-Passw0rd');
    await expect(loginPage.errorLine).toBeEmpty();
    await loginPage.submitAndLand();
    // The first screen this user may use.
    await expect(page).toHaveURL(/\/console\/operation\/opemain$/);
    await expect(shell.username).toHaveText('WrongThenRight');
    await expect(shell.sideMenu).toBeVisible();
  });

  test('the admin lands on the first menu item', async ({ page, loginPage, shell, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    await expect(page).toHaveURL(/\/console\/operation\/opemain$/);
    await expect(shell.username).toHaveText('Administrator');
  });

  test('Enter in the password field submits', async ({ page, loginPage, adminApi }) => {
    const usercode = uniqueCode('enter');
    await adminApi.newUser({ usercode, password: 'Enter-Passw0rd', functions: ['setting', 'syslog'] });
    await loginPage.goto();
    await loginPage.fill(usercode, 'Enter-Passw0rd');
    await loginPage.password.press('Enter');
    await expect(page).toHaveURL(/\/console\/system\/log$/);
  });

  test('Reset empties the form', async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.fill('someone', 'something');
    await loginPage.resetButton.click();
    await expect(loginPage.usercode).toHaveValue('');
    await expect(loginPage.password).toHaveValue('');
  });

  test('a user logged in elsewhere is forced out only after confirming', async ({ page, loginPage, shell, api, adminApi }) => {
    const usercode = uniqueCode('force');
    await adminApi.newUser({ usercode, password: 'Force-Passw0rd', functions: ['operation', 'operating'] });
    await api.login(usercode, 'Force-Passw0rd');

    await loginPage.goto();
    await loginPage.fill(usercode, 'Force-Passw0rd');
    await loginPage.submit();
    await expect(loginPage.forceDialog).toContainText(`User ${usercode} is logged in. Do you want to force him to quit?`);
    await loginPage.forceDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await api.raw('whoami')).status).toBe(200);

    await loginPage.submit();
    await loginPage.acceptForce();
    await expect(page).toHaveURL(/\/console\//);
    await expect(shell.username).toHaveText(usercode);
    // The older session has ended.
    expect((await api.raw('whoami')).status).toBe(401);
  });

  test('a user who may not force out is told so', async ({ loginPage, api, adminApi }) => {
    const usercode = uniqueCode('noforce');
    await adminApi.newUser({ usercode, password: 'NoForce-Passw0rd', functions: ['setting', 'syslog'] });
    await api.login(usercode, 'NoForce-Passw0rd');

    await loginPage.goto();
    await loginPage.fill(usercode, 'NoForce-Passw0rd');
    await loginPage.submit();
    await loginPage.acceptForce();
    await expect(loginPage.errorLine).toHaveText(`User ${usercode} has been logined, insufficient permissions to perform login.`);
  });

  test('a reload keeps the login', async ({ page, loginPage, shell, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    await page.goto('/console/system/log');
    await page.reload();
    await expect(shell.username).toHaveText('Administrator');
    await expect(page).toHaveURL(/\/console\/system\/log$/);
  });
});
