import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { shoot } from '../support/screenshots';
import { uniqueCode } from '../support/api';
import { GroupsPage } from '../pages/groups.page';
import { callAsBrowser } from '../pages/users.page';

interface Group {
  groupcode: string;
  groupname: string;
  functions: string[];
}

async function listGroups(page: Page): Promise<Group[]> {
  return (await callAsBrowser<Group[]>(page, 'listusergroup')).envelope.data ?? [];
}

test.describe('user group management', () => {
  test('add with validation, duplicate, edit and remove a group', async ({ page, loginPage, adminPassword, adminApi }) => {
    const other = uniqueCode('other');
    await adminApi.newGroup({ groupcode: other, groupname: 'Other' });
    const code = uniqueCode('grp');
    await loginPage.signInAs('admin', adminPassword);
    const groups = new GroupsPage(page);
    await groups.goto();

    await groups.openAdd();
    await groups.save();
    await expect(groups.formError('Please input the group code.')).toBeVisible();
    await expect(groups.formError('Please input the group name.')).toBeVisible();

    // Whitespace is stripped while typing in code and name.
    await groups.field('Group code').pressSequentially(`${code.slice(0, 3)} ${code.slice(3)}`);
    await expect(groups.field('Group code')).toHaveValue(code);
    await groups.field('Group name').pressSequentially('Maths Teachers');
    await expect(groups.field('Group name')).toHaveValue('MathsTeachers');

    // A sub-function is disabled until its parent is ticked; unticking the parent unticks it.
    await expect(groups.fn('Storage')).toBeDisabled();
    await expect(groups.fn('Workbench')).toBeDisabled();
    await groups.fn('Settings').check();
    await expect(groups.fn('Storage')).toBeEnabled();
    await groups.fn('Storage').check();
    await groups.fn('Settings').uncheck();
    await expect(groups.fn('Storage')).not.toBeChecked();
    await expect(groups.fn('Storage')).toBeDisabled();
    await groups.fn('Settings').check();
    await groups.fn('System log').check();
    await groups.fn('Live').check();
    await groups.chooseAccess(`Other (${other})`);
    await groups.save();
    await expect(groups.toast('Group saved')).toBeVisible();
    await expect(groups.modal).toBeHidden();
    await expect(groups.row(code)).toContainText('MathsTeachers');

    const saved = (await listGroups(page)).find((g) => g.groupcode === code);
    expect(saved).toEqual({ groupcode: code, groupname: 'MathsTeachers', functions: ['live', 'setting', 'syslog'] });
    const access = await callAsBrowser<string[]>(page, 'listrecordingaccess', { code, code_type: 'group' });
    expect(access.envelope.data).toEqual([other]);

    // The same code again: the service's message.
    await groups.openAdd();
    await groups.field('Group code').fill(code);
    await groups.field('Group name').fill('Again');
    await groups.save();
    await expect(groups.toast(`Group ${code} already exists.`)).toBeVisible();
    await groups.cancel();

    // Edit: code read-only; functions and access come back; clearing access is saved.
    await groups.openEdit(code);
    await expect(groups.field('Group code')).toBeDisabled();
    await expect(groups.fn('System log')).toBeChecked();
    await expect(groups.accessTags()).toHaveText([`Other (${other})`]);
    await groups.accessTags().locator('.ant-select-selection-item-remove').click();
    await groups.field('Group name').fill('Renamed');
    await groups.save();
    await expect(groups.modal).toBeHidden();
    await expect(groups.row(code)).toContainText('Renamed');
    expect((await callAsBrowser<string[]>(page, 'listrecordingaccess', { code, code_type: 'group' })).envelope.data).toEqual([]);

    // Remove with confirmation.
    await groups.remove(code);
    await expect(groups.row(code)).toHaveCount(0);
    expect((await listGroups(page)).some((g) => g.groupcode === code)).toBe(false);
  });

  test('a group that still has users is not removed; the service says why', async ({ page, loginPage, adminPassword, adminApi }) => {
    const code = uniqueCode('busy');
    await adminApi.newGroup({ groupcode: code, groupname: 'Busy' });
    await adminApi.newUser({ usercode: uniqueCode('member'), password: 'Member-Passw0rd', group: code });
    await loginPage.signInAs('admin', adminPassword);
    const groups = new GroupsPage(page);
    await groups.goto();
    await groups.remove(code);
    await expect(groups.toast(`Group ${code} still has users`)).toBeVisible();
    await expect(groups.row(code)).toBeVisible();
  });

  for (const lang of ['en_US', 'zh_CN', 'zh_HK'] as const) {
    test(`screenshots in ${lang}`, async ({ page, loginPage, adminPassword, adminApi }) => {
      const code = uniqueCode('shot');
      await adminApi.newGroup({
        groupcode: code,
        groupname: '教师',
        functions: ['operation', 'operating', 'ppt', 'album', 'setting', 'storage'],
      });
      await loginPage.loginAs('admin', adminPassword);
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      const groups = new GroupsPage(page);
      await page.goto('/console/usermanage/group');
      await expect(groups.row(code)).toBeVisible();
      await shoot(page, `${lang}-groups-list`);

      await page.locator('.rc-page button:has(.anticon-plus)').click();
      await expect(groups.modal).toBeVisible();
      await groups.modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(groups.modal.locator('.ant-form-item-explain-error').first()).toBeVisible();
      await shoot(page, `${lang}-groups-add-invalid`);
      await groups.modal.locator('.ant-modal-footer .ant-btn').first().click();
      await expect(groups.modal).toBeHidden();

      await groups.row(code).locator('button:has(.anticon-edit)').click();
      await expect(groups.modal).toBeVisible();
      await shoot(page, `${lang}-groups-edit`);
    });
  }
});
