import type { Locator, Page } from '@playwright/test';
import { startSlapd, type Slapd } from '@roomcast/test-servers';
import { test, expect } from '../support/test';
import { uniqueCode, type Api } from '../support/api';
import { axeScan, BLOCKING, findings } from '../support/axe';
import { shoot, shootPart } from '../support/screenshots';
import { kv, storedSettings } from '../support/settings';
import { LoginPage } from '../pages/login.page';
import { SettingsPanelPage } from '../pages/settings-panel.page';
import { ShellPage } from '../pages/shell.page';
import { UsersPage, callAsBrowser } from '../pages/users.page';

/*
 * User management → Directory (docs/security.md "Campus accounts"): setting_ldap on the settings panel against a real
 * OpenLDAP on loopback (Debian's slapd, `startSlapd`), the Test under it with the values shown (saved or not), a
 * directory user's first login through the login form with the group the group map gives, and that user in Users:
 * tagged, with the directory's name, password and group fixed in the edit dialog.
 */

const ALICE = { uid: 'alice', password: 'Alice-Pass-1', displayName: 'Alice Liddell' };
/** In the directory, but in no mapped group (and there is no default group): found, yet no login. */
const BOB = { uid: 'bob', password: 'Bob-Pass-1', displayName: 'Bob Builder' };
/** The Roomcast group the directory's lecturers get, with the functions that make their menu. */
const LECTURERS = { groupcode: uniqueCode('lect'), groupname: 'Lecturers', functions: ['album', 'allrecord'] };
const LDAP_OFF = [
  {
    section: 'setting_ldap',
    data: kv({
      enable: 'false',
      url: '',
      binddn: '',
      bindpassword: '',
      searchbase: '',
      userfilter: '(uid={0})',
      ca: '',
      groupmap: '',
      defaultgroup: '',
    }),
  },
];

let slapd: Slapd;
test.beforeAll(async () => {
  slapd = await startSlapd({ people: [ALICE, BOB], groups: [{ cn: 'lecturers', members: [ALICE.uid] }] });
});
test.afterAll(async () => slapd?.close());

const groupMap = () => `${slapd.groupDn('lecturers')} => ${LECTURERS.groupcode}`;
const aliceDn = () => `uid=${ALICE.uid},${slapd.peopleBase}`;

/** /console/usermanage/directory in English: the setting_ldap panel and its Test. */
class DirectoryPage extends SettingsPanelPage<'Directory logins'> {
  readonly panel: Locator;
  readonly test: Locator;
  readonly result: Locator;

  constructor(page: Page) {
    super(page, '/console/usermanage/directory');
    this.panel = page.getByTestId('settings-panel-ldap');
    this.test = page.getByTestId('directory-test');
    this.result = this.test.getByTestId('directory-test-result');
  }

  field(label: string): Locator {
    return this.panel.getByLabel(label, { exact: true });
  }

  /** Test with this user code and password ('' = no password check); waits for its outcome. */
  async runTest(usercode: string, password = ''): Promise<void> {
    await this.test.getByLabel('User code', { exact: true }).fill(usercode);
    await this.test.getByLabel('Password', { exact: true }).fill(password);
    await this.test.getByRole('button', { name: 'Test' }).click();
    await expect(this.result).toBeVisible();
  }
}

/** Turns the directory on through the API (screenshots start from a saved setting). */
async function saveDirectory(adminApi: Api): Promise<void> {
  await adminApi.call('setsetting', [
    {
      section: 'setting_ldap',
      data: kv({
        enable: 'true',
        url: slapd.ldapsUrl,
        binddn: slapd.bindDn,
        bindpassword: slapd.bindPassword,
        searchbase: slapd.peopleBase,
        userfilter: '(uid={0})',
        ca: slapd.ca,
        groupmap: groupMap(),
        defaultgroup: '',
      }),
    },
  ]);
}

test.describe('user management: campus directory', () => {
  test.beforeEach(async ({ adminApi }) => {
    await adminApi.newGroup(LECTURERS);
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    // The worker's service is shared by the specs after this one: directory logins off, its users gone.
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', LDAP_OFF);
    for (const usercode of [ALICE.uid, BOB.uid]) await adminApi.raw('removeuser', { usercode });
  });

  test('the directory set up and tested on the Directory screen; a directory user logs in with its group and is tagged in Users', async ({
    page,
    browser,
    baseURL,
    loginPage,
    shell,
    adminApi,
    adminPassword,
  }) => {
    await loginPage.loginAs('admin', adminPassword);
    await shell.open('User management', 'Directory');
    const screen = new DirectoryPage(page);
    await screen.expectViewing();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Directory');

    await screen.edit();
    await screen.switch('Directory logins').click();
    await expect(screen.fieldError('url')).toHaveText('The directory is enabled. Please input its ldaps:// or ldap:// URL or disable it.');
    await expect(screen.fieldError('searchbase')).toHaveText(
      'The directory is enabled. Please input the search base where its users are, or disable it.',
    );
    await screen.field('Directory URL').fill(slapd.ldapsUrl);
    await screen.field('Bind DN').fill(slapd.bindDn);
    await screen.field('Bind password').fill(slapd.bindPassword);
    await screen.field('Search base').fill(slapd.peopleBase);
    await expect(screen.field('User filter')).toHaveValue('(uid={0})');
    const ca = screen.field('CA of the directory');
    const map = screen.field('Group map');
    expect(await ca.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await map.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    await map.fill('not a mapping');
    await expect(screen.fieldError('groupmap')).toBeVisible();
    await map.fill(groupMap());
    await expect(screen.panel.locator('.ant-form-item-explain-error')).toHaveCount(0);

    // The Test takes the values shown, not saved yet: a CA that signed nothing of the directory fails the TLS connection.
    await ca.fill(slapd.otherCa);
    await screen.runTest(ALICE.uid);
    await expect(screen.result).toContainText('The test failed at: Connecting to the directory (TLS)');
    await ca.fill(slapd.ca);
    await screen.runTest(ALICE.uid);
    await expect(screen.result).toContainText(`${ALICE.uid} was found in the directory.`);
    await expect(screen.result.getByTestId('directory-test-password')).toHaveText('Not checked (no password typed).');

    await screen.save();
    await expect(screen.toast('Settings saved')).toBeVisible();
    await screen.expectViewing();
    await expect(screen.field('Bind password')).toHaveValue('');
    await expect(ca).toHaveValue(slapd.ca.trim());

    // Saved: alice with her password is found, checked, and would get the Lecturers group.
    await screen.runTest(ALICE.uid, ALICE.password);
    await expect(screen.result.getByTestId('directory-test-userdn')).toHaveText(aliceDn());
    await expect(screen.result).toContainText(ALICE.displayName);
    await expect(screen.result.getByTestId('directory-test-groups')).toHaveText(slapd.groupDn('lecturers'));
    await expect(screen.result.getByTestId('directory-test-group')).toHaveText(`Lecturers (${LECTURERS.groupcode})`);
    await expect(screen.result.getByTestId('directory-test-password')).toHaveText('Checked: the directory accepted it.');
    const blocking = findings('directory test result', await axeScan(page)).filter((f) => BLOCKING.includes(f.impact));
    expect(blocking).toEqual([]);

    // A wrong password, a person in no mapped group, and nobody at all.
    await screen.runTest(ALICE.uid, 'Wrong-Pass-1');
    await expect(screen.result).toContainText("The test failed at: Checking the user's password");
    await expect(screen.result).toContainText('the directory refused the password');
    await screen.runTest(BOB.uid);
    await expect(screen.result).toContainText(`${BOB.uid} was found in the directory, but cannot log in`);
    await expect(screen.result.getByTestId('directory-test-group')).toHaveText(
      'None: this user cannot log in (no mapped group holds them and no default group is set).',
    );
    await screen.runTest('nobody');
    await expect(screen.result).toHaveText(`No user nobody was found with the user filter under ${slapd.peopleBase}.`);

    // Alice logs in through the login form of a browser of her own: the console with her group's menu.
    const context = await browser.newContext({ baseURL, locale: 'en-US', reducedMotion: 'reduce', viewport: { width: 1366, height: 860 } });
    try {
      const alicePage = await context.newPage();
      await new LoginPage(alicePage).loginAs(ALICE.uid, ALICE.password);
      const aliceShell = new ShellPage(alicePage);
      await expect(aliceShell.username).toHaveText(ALICE.displayName);
      await expect(aliceShell.menuItem('Albums')).toBeVisible();
      await expect(aliceShell.menuItem('Recordings')).toBeVisible();
      await expect(aliceShell.menuItem('Users')).toHaveCount(0);
      await expect(aliceShell.menuItem('System settings')).toHaveCount(0);
    } finally {
      await context.close();
    }

    // In Users: tagged; name, password and group fixed in the dialog, the role and functions still editable.
    const users = new UsersPage(page);
    await users.goto();
    await expect(users.row(ALICE.uid)).toContainText(ALICE.displayName);
    await expect(users.row(ALICE.uid).getByTestId('user-directory-tag')).toHaveText('Directory');
    await expect(users.row('admin').getByTestId('user-directory-tag')).toHaveCount(0);
    await users.openEdit(ALICE.uid);
    await expect(users.modal.getByTestId('user-directory-note')).toContainText(
      'This account comes from the campus directory: its name, password and group are set there',
    );
    await expect(users.field('User name')).toBeDisabled();
    await expect(users.field('User name')).toHaveValue(ALICE.displayName);
    await expect(users.field('Password')).toBeDisabled();
    await expect(users.field('Confirm password')).toBeDisabled();
    const groupSelect = users.modal
      .locator('.ant-form-item')
      .filter({ hasText: /^Group/ })
      .locator('.ant-select');
    await expect(groupSelect).toHaveClass(/ant-select-disabled/);
    await expect(groupSelect).toContainText(`Lecturers (${LECTURERS.groupcode})`);
    await expect(users.roleSelect()).not.toHaveClass(/ant-select-disabled/);
    const dialogBlocking = findings('directory user dialog', await axeScan(page)).filter((f) => BLOCKING.includes(f.impact));
    expect(dialogBlocking).toEqual([]);
    await users.fn('Live').check();
    await users.save();
    await expect(users.toast('User saved')).toBeVisible();
    await expect(users.modal).toBeHidden();
    const listed = (await callAsBrowser<{ usercode: string }[]>(page, 'listuser')).envelope.data?.find((u) => u.usercode === ALICE.uid);
    expect(listed).toMatchObject({ username: ALICE.displayName, group: LECTURERS.groupcode, functions: ['live'], source: 'ldap' });

    await adminApi.login('admin', adminPassword);
    expect((await storedSettings(adminApi, ['setting_ldap'])).setting_ldap).toEqual({
      enable: 'true',
      url: slapd.ldapsUrl,
      binddn: slapd.bindDn,
      bindpassword: '',
      searchbase: slapd.peopleBase,
      userfilter: '(uid={0})',
      ca: slapd.ca.trim(),
      groupmap: groupMap(),
      defaultgroup: '',
    });
  });

  test('screenshots of the Directory screen with a test result, and of a directory user in Users, in three languages', async ({
    page,
    api,
    adminApi,
    loginPage,
    adminPassword,
  }) => {
    await saveDirectory(adminApi);
    // Alice's first login creates her Roomcast account.
    await api.login(ALICE.uid, ALICE.password);
    await loginPage.loginAs('admin', adminPassword);
    const test = page.getByTestId('directory-test');
    const result = test.getByTestId('directory-test-result');
    for (const lang of ['en_US', 'zh_CN', 'zh_HK'] as const) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto('/console/usermanage/directory');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await test.locator('#directory-test-usercode').fill(ALICE.uid);
      await test.locator('#directory-test-password').fill(ALICE.password);
      await test.locator('button[type=submit]').click();
      await expect(result.getByTestId('directory-test-userdn')).toHaveText(aliceDn());
      // From the top: the fixed header would otherwise cover the fields where the Test left the page scrolled.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `${lang}-directory`);
      await shootPart(page, test, `${lang}-directory-test`);

      await test.locator('#directory-test-password').fill('Wrong-Pass-1');
      await test.locator('button[type=submit]').click();
      await expect(test.locator('.ant-alert-error')).toBeVisible();
      await shootPart(page, test, `${lang}-directory-test-failed`);
      await test.locator('#directory-test-usercode').fill(BOB.uid);
      await test.locator('#directory-test-password').fill('');
      await test.locator('button[type=submit]').click();
      await expect(test.locator('.ant-alert-warning')).toBeVisible();
      await shootPart(page, test, `${lang}-directory-test-nogroup`);

      // Edit mode: the CA and the group map as text areas.
      await page.locator('.rc-page .ant-card-extra button:has(.anticon-edit)').click();
      await expect(page.getByTestId('settings-editing')).toBeVisible();
      await shoot(page, `${lang}-directory-edit`);
      await page.locator('.rc-page .ant-card-extra button:has(.anticon-undo)').click();
      await expect(page.getByTestId('settings-viewing')).toBeVisible();

      await page.goto('/console/usermanage/user');
      const row = page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: ALICE.uid, exact: true }) });
      await expect(row.getByTestId('user-directory-tag')).toBeVisible();
      await shoot(page, `${lang}-users-directory`);
      await row.locator('.ant-btn').first().click();
      const dialog = page.locator('.ant-modal:visible');
      await expect(dialog.getByTestId('user-directory-note')).toBeVisible();
      await shootPart(page, dialog, `${lang}-users-directory-edit`);
      await dialog.locator('.ant-modal-footer .ant-btn').first().click();
      await expect(dialog).toHaveCount(0);
    }
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));
  });
});
