import { test, expect } from '../support/test';
import { uniqueCode } from '../support/api';
import { OperationLogPage } from '../pages/operation-log.page';

test.describe('operation log', () => {
  test('lists the login of the user who just logged in', async ({ page, loginPage, adminApi }) => {
    const usercode = uniqueCode('log');
    await adminApi.newUser({ usercode, password: 'Log-Passw0rd', functions: ['setting', 'syslog'] });
    await loginPage.loginAs(usercode, 'Log-Passw0rd');
    const log = new OperationLogPage(page);
    await log.goto();
    await expect(log.row(usercode, /login/).first()).toBeVisible();
    await expect(log.row(usercode, /login/).first().getByRole('cell').nth(1)).toHaveText('127.0.0.1');
  });

  test('a non-admin sees Refresh but not Clear', async ({ page, loginPage, adminApi }) => {
    const usercode = uniqueCode('noclear');
    await adminApi.newUser({ usercode, password: 'NoClear-Passw0rd', functions: ['setting', 'syslog'] });
    await loginPage.signInAs(usercode, 'NoClear-Passw0rd');
    const log = new OperationLogPage(page);
    await log.goto();
    await expect(log.refreshButton).toBeVisible();
    await expect(log.clearButton).toHaveCount(0);
  });

  test('the admin clears the log after confirming', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    const log = new OperationLogPage(page);
    await log.goto();
    await expect(log.rows.first()).toBeVisible();
    await log.clear();
    await expect(page.getByText('Operation log deleted')).toBeVisible();
    // Clearing is itself a mutating call, so at most its own entry remains.
    await expect.poll(() => log.rows.count()).toBeLessThanOrEqual(1);
  });
});
