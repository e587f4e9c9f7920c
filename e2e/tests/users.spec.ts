import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { shoot } from '../support/screenshots';
import { uniqueCode } from '../support/api';
import { UsersPage, callAsBrowser } from '../pages/users.page';

interface User {
  usercode: string;
  username: string;
  role: string;
  group: string;
  functions: string[];
}

const PASSWORD = 'Teach-Passw0rd';

async function listUsers(page: Page): Promise<User[]> {
  const { envelope } = await callAsBrowser<User[]>(page, 'listuser');
  return envelope.data ?? [];
}

test.describe('user management', () => {
  test('add with validation, duplicate, edit and remove a user', async ({ page, loginPage, adminPassword, adminApi }) => {
    const group = uniqueCode('ug');
    await adminApi.newGroup({ groupcode: group, groupname: 'Teachers' });
    const code = uniqueCode('crud');
    await loginPage.signInAs('admin', adminPassword);
    const users = new UsersPage(page);
    await users.goto();

    await users.openAdd();
    await users.save();
    await expect(users.formError('Please input the user code.')).toBeVisible();
    await expect(users.formError('Please input the user name.')).toBeVisible();
    await expect(users.formError('Please input the password.')).toBeVisible();

    // Spaces are stripped while typing; the space key does nothing in password fields.
    await users.field('User code').pressSequentially(`${code.slice(0, 4)} ${code.slice(4)}`);
    await expect(users.field('User code')).toHaveValue(code);
    await users.field('User name').pressSequentially('Crud Teacher');
    await expect(users.field('User name')).toHaveValue('CrudTeacher');
    await users.field('Password').pressSequentially('Teach- Passw0rd');
    await expect(users.field('Password')).toHaveValue(PASSWORD);
    await users.field('Confirm password').fill('Teach-Passw0rd-typo');
    await users.save();
    await expect(users.formError('Confirm password not match, please try again')).toBeVisible();
    await users.field('Confirm password').fill(PASSWORD);
    await expect(users.formError('Confirm password not match')).toHaveCount(0);

    // Sub-functions need their parent.
    await expect(users.fn('Storage')).toBeDisabled();
    await users.fn('Settings').check();
    await users.fn('Storage').check();
    await users.fn('Albums').check();
    await users.chooseGroup(`Teachers (${group})`);
    await users.chooseAccess(`Teachers (${group})`);
    await users.save();
    await expect(users.toast('User saved')).toBeVisible();
    await expect(users.modal).toBeHidden();
    await expect(users.row(code)).toContainText('CrudTeacher');
    await expect(users.row(code)).toContainText(`Teachers (${group})`);

    const saved = (await listUsers(page)).find((u) => u.usercode === code);
    expect(saved).toMatchObject({ username: 'CrudTeacher', role: 'user', group, functions: ['album', 'setting', 'storage'] });
    const access = await callAsBrowser<string[]>(page, 'listrecordingaccess', { code, code_type: 'user' });
    expect(access.envelope.data).toEqual([group]);

    // The same user code again: the service's message.
    await users.openAdd();
    await users.fill({ usercode: code, username: 'Again', password: PASSWORD, confirm: PASSWORD });
    await users.save();
    await expect(users.toast('User name already exist, please try again')).toBeVisible();
    await users.cancel();

    // Edit: the code is read-only, the password is optional and kept when empty.
    await users.openEdit(code);
    await expect(users.field('User code')).toBeDisabled();
    await expect(users.field('User name')).toHaveValue('CrudTeacher');
    await expect(users.fn('Storage')).toBeChecked();
    await users.fn('Settings').uncheck();
    await expect(users.fn('Storage')).not.toBeChecked();
    await expect(users.fn('Storage')).toBeDisabled();
    await users.field('User name').fill('Renamed');
    await users.save();
    await expect(users.modal).toBeHidden();
    await expect(users.row(code)).toContainText('Renamed');
    const edited = (await listUsers(page)).find((u) => u.usercode === code);
    expect(edited?.functions).toEqual(['album']);
    const login = await page.request.post('/api/login', { data: { usercode: code, password: PASSWORD } });
    expect((await login.json()).result).toBe(true);

    // Remove with confirmation.
    await users.removeRow(code);
    await expect(users.row(code)).toHaveCount(0);
    expect((await listUsers(page)).some((u) => u.usercode === code)).toBe(false);
  });

  test('the admin account has no remove action and no role selector', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    const users = new UsersPage(page);
    await users.goto();
    await expect(users.row('admin').getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(users.row('admin').getByRole('checkbox')).toBeDisabled();
    await users.openEdit('admin');
    await expect(users.roleSelect()).toHaveCount(0);
    await expect(users.modal).toContainText('Administrator');
    await expect(users.fn('Albums')).toHaveCount(0);
    await users.cancel();
  });

  test('a user manager who is not an admin cannot give the admin role', async ({ page, loginPage, adminApi }) => {
    const code = uniqueCode('mgr');
    await adminApi.newUser({ usercode: code, password: PASSWORD, functions: ['usermanage'] });
    await loginPage.signInAs(code, PASSWORD);
    const users = new UsersPage(page);
    await users.goto();
    await users.openAdd();
    await users.roleSelect().click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['User']);
  });

  test('filter, then remove the selected users one by one', async ({ page, loginPage, adminPassword, adminApi }) => {
    const prefix = uniqueCode('bulk');
    for (const n of [1, 2, 3]) await adminApi.newUser({ usercode: `${prefix}${n}`, password: PASSWORD });
    await loginPage.signInAs('admin', adminPassword);
    const users = new UsersPage(page);
    await users.goto();
    await users.filter(prefix);
    await expect(users.rows).toHaveCount(3);
    await users.select(`${prefix}1`);
    await users.select(`${prefix}3`);
    await users.removeSelected();
    await expect(users.toast('Removed 2 users')).toBeVisible();
    await expect(users.rows).toHaveCount(1);
    await expect(users.row(`${prefix}2`)).toBeVisible();
  });

  test('CSV import: a bad row imports nothing and is named by line; a good file imports all', async ({
    page,
    loginPage,
    adminPassword,
    adminApi,
  }) => {
    const group = uniqueCode('ig');
    await adminApi.newGroup({ groupcode: group, groupname: 'Imported' });
    const a = uniqueCode('impa');
    const b = uniqueCode('impb');
    await loginPage.signInAs('admin', adminPassword);
    const users = new UsersPage(page);
    await users.goto();

    const header = 'usercode,username,password,role,groupcode';
    const bad = [
      header,
      `${a},Alpha,${PASSWORD},user,${group}`,
      `${b},Beta,${PASSWORD},user,no-such-group`,
      `${b}x,Gamma,short,user,${group}`,
    ].join('\n');
    const failed = await users.importCsv('bad.csv', bad);
    await expect(failed).toContainText('Import failed; nothing was imported.');
    await expect(failed).toContainText('Line 3: group no-such-group does not exist.');
    await expect(failed).toContainText('Line 4: password must be at least 8 characters.');
    await expect(failed).not.toContainText('Line 2');
    await users.closeImport();
    expect((await listUsers(page)).some((u) => u.usercode === a)).toBe(false);

    const good = [header, `${a},Alpha,${PASSWORD},user,${group}`, `${b},Beta,${PASSWORD},user,${group}`].join('\n');
    const done = await users.importCsv('good.csv', good);
    await expect(done).toContainText('Imported 2 users');
    await users.closeImport();
    await expect(users.row(a)).toContainText(`Imported (${group})`);
    await expect(users.row(b)).toContainText('Beta');
  });

  test('only .csv files are sent', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    const users = new UsersPage(page);
    await users.goto();
    const result = await users.importCsv('users.txt', 'usercode,username,password,role,groupcode\n');
    await expect(result).toContainText('Please choose a .csv file.');
  });

  test('export and the import template download as CSV', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    const users = new UsersPage(page);
    await users.goto();

    const exported = await users.download('Export CSV');
    expect(exported.suggestedFilename()).toBe('users_export.csv');
    const text = (await readDownload(exported)).replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('usercode,username,role,groupcode');
    expect(lines.some((l) => l.startsWith('admin,'))).toBe(true);
    expect(text).not.toMatch(/password/i);

    const template = await users.download('Download import template');
    expect(template.suggestedFilename()).toBe('import_user_template.csv');
    const rows = (await readDownload(template))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe('usercode,username,password,role,groupcode');
    expect(rows).toHaveLength(2);
  });

  test('a user without usermanage sees no User management menu and gets 403 from listuser', async ({
    page,
    loginPage,
    shell,
    adminApi,
  }) => {
    const code = uniqueCode('nouser');
    await adminApi.newUser({ usercode: code, password: PASSWORD, functions: ['album', 'setting', 'syslog'] });
    await loginPage.loginAs(code, PASSWORD);
    await expect(shell.username).toHaveText(code);
    await expect(shell.sideMenu).toBeVisible();
    await expect(shell.sideMenu.getByRole('menuitem', { name: 'User management' })).toHaveCount(0);
    const answer = await callAsBrowser(page, 'listuser');
    expect(answer.status).toBe(403);
    expect(answer.envelope.result).toBe(false);
  });

  for (const lang of ['en_US', 'zh_CN', 'zh_HK'] as const) {
    test(`screenshots in ${lang}`, async ({ page, loginPage, adminPassword, adminApi }) => {
      const group = uniqueCode('sg');
      await adminApi.newGroup({ groupcode: group, groupname: 'Teachers' });
      await adminApi.newUser({
        usercode: uniqueCode('shot'),
        username: '王小明',
        password: PASSWORD,
        group,
        functions: ['operation', 'operating', 'album'],
      });
      await loginPage.loginAs('admin', adminPassword);
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      const users = new UsersPage(page);
      await users.goto();
      await shoot(page, `${lang}-users-list`);

      await page.locator('.rc-page button:has(.anticon-plus)').click();
      await expect(users.modal).toBeVisible();
      await users.modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(users.modal.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await shoot(page, `${lang}-users-add-invalid`);
      await users.modal.locator('.ant-modal-footer .ant-btn').first().click();
      await expect(users.modal).toBeHidden();

      await users.rows.filter({ hasText: '王小明' }).first().locator('button:has(.anticon-edit)').click();
      await expect(users.modal).toBeVisible();
      await shoot(page, `${lang}-users-edit`);
      await users.modal.locator('.ant-modal-footer .ant-btn').first().click();

      await page.locator('.rc-page button:has(.anticon-upload)').click();
      await expect(users.importDialog).toBeVisible();
      await users.importDialog.locator('input[type=file]').setInputFiles({
        name: 'bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('usercode,username,password,role,groupcode\nx1,X,short,user,nogroup\n,,,,\n'),
      });
      await expect(users.importDialog.locator('.ant-alert')).toBeVisible();
      await shoot(page, `${lang}-users-import-error`);

      // Below 992 px the header narrows; the page and the 800 px dialog must still fit.
      await page.setViewportSize({ width: 820, height: 900 });
      await users.goto();
      await shoot(page, `${lang}-users-narrow`);
      await page.locator('.rc-page button:has(.anticon-plus)').click();
      await expect(users.modal).toBeVisible();
      await shoot(page, `${lang}-users-narrow-add`);
    });
  }
});

async function readDownload(download: import('@playwright/test').Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
