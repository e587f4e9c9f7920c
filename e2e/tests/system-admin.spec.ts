import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../support/test';
import { startService, type RunningService } from '../support/service';
import { uniqueCode } from '../support/api';
import { SystemAdminPage } from '../pages/system-admin.page';
import { callAsBrowser } from '../pages/users.page';
import { OperationLogPage } from '../pages/operation-log.page';
import { axeScan, BLOCKING, findings } from '../support/axe';
import { SettingsPanelPage } from '../pages/settings-panel.page';
import { shoot, SHOTS_WANTED } from '../support/screenshots';

/** 7-Zip from Debian (package 7zip: 7zz; p7zip-full: 7z); Info-ZIP's unzip cannot open AES-256 zips. */
const SEVEN = ['/usr/bin/7zz', '/usr/bin/7z'].find((p) => existsSync(p));
/** antd's error colour of the console's theme: a red (high red, low green and blue). */
const RED = /^rgb\((1\d\d|2\d\d), \d{1,2}, \d{1,2}\)$/;
// Made when the file's tests run, not when it is loaded (the runner loads it to list the tests too).
let work = '';
test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'roomcast-e2e-sysadm-'));
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

test.describe('system settings: task schedule', () => {
  test('the task modal shows each rule of spec §5 in red with its §8 message', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    const screen = new SystemAdminPage(page);
    await screen.goto();
    await screen.openAddTask();
    await screen.submitTask();
    await expect(screen.taskErrors()).toHaveText([
      'Please input the name.',
      'Please choose the type.',
      'Please choose the start time.',
      'Please choose the cycle.',
    ]);
    await expect(screen.taskErrors().first()).toHaveCSS('color', RED);

    await screen.taskDialog.getByLabel('Name').fill('Bad task');
    await screen.chooseType('Clear logs');
    await screen.setStart('23:30:00');
    await screen.chooseCycle('Weekly');
    await screen.submitTask();
    await expect(screen.taskErrors()).toHaveText(['Please choose at least one weekday.']);
    await screen.chooseCycle('Monthly');
    await screen.submitTask();
    await expect(screen.taskErrors()).toHaveText(['Please choose at least one month.', 'Please choose at least one day of the month.']);
    await screen.chooseCycle('Daily');
    await screen.taskDialog.getByRole('switch', { name: 'Repeat' }).click();
    await screen.submitTask();
    await expect(screen.taskErrors()).toHaveText([
      'The repeat interval must be greater than 0 and greater than the duration.',
      'The duration must be greater than 0.',
    ]);
    await screen.taskDialog.getByLabel('Repeat interval (seconds)').fill('600');
    await screen.taskDialog.getByLabel('Duration (seconds)').fill('600');
    await screen.submitTask();
    await expect(screen.taskErrors()).toHaveText(['The repeat interval must be greater than 0 and greater than the duration.']);
    await expect(screen.taskErrors().first()).toHaveCSS('color', RED);
    await screen.taskDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(screen.taskDialog).toBeHidden();
    await expect(screen.taskRow('Bad task')).toHaveCount(0);
  });

  test('a task is added, edited and deleted; its next run is shown', async ({ page, loginPage, adminApi }) => {
    const name = uniqueCode('Tidy');
    // Another administrator in the browser: the admin account's session is the API client's (one session per user).
    const usercode = uniqueCode('tasks');
    await adminApi.newUser({ usercode, password: 'Tasks-Passw0rd', role: 'admin' });
    await loginPage.signInAs(usercode, 'Tasks-Passw0rd');
    const screen = new SystemAdminPage(page);
    await screen.goto();
    await screen.openAddTask();
    await screen.taskDialog.getByLabel('Name').fill(name);
    await screen.chooseType('Clear logs');
    await screen.setStart('23:30:00');
    await screen.chooseCycle('Daily');
    await screen.taskDialog.getByRole('switch', { name: 'Repeat' }).click();
    await screen.taskDialog.getByLabel('Repeat interval (seconds)').fill('3600');
    await screen.taskDialog.getByLabel('Duration (seconds)').fill('300');
    await screen.submitTask();
    await expect(screen.taskDialog).toBeHidden();
    const row = screen.taskRow(name);
    await expect(row).toContainText('Clear logs');
    await expect(row).toContainText('Every 3600 s, within 300 s');
    await expect(row).toContainText(/\d{4}-\d\d-\d\d 23:30:00/);

    await screen.openTask(name);
    await screen.chooseType('Sync the clock (NTP)');
    await screen.chooseCycle('Weekly');
    await screen.taskDialog.getByLabel('Sun').check();
    await screen.submitTask();
    await expect(screen.taskDialog).toBeHidden();
    await expect(row).toContainText('Sync the clock (NTP)');
    await expect(row).toContainText('Weekly: Sun');
    const [stored] = (
      await adminApi.call<{ name: string; cycle: string; weekdays: number }[]>('task_schedule', { operation: 'list' })
    ).filter((t) => t.name === name);
    expect(stored).toMatchObject({ cycle: 'week', weekdays: 64 });

    await screen.deleteTask(name);
    await expect(row).toHaveCount(0);
  });
});

test.describe('system log: debug mode', () => {
  test.skip(!SEVEN, '7-Zip (Debian 7zip) is needed to open the AES-256 zip');

  test('an admin opens it by double-clicking the title icon and downloads the logs, zipped with a password', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const log = new OperationLogPage(page);
    await log.goto();
    await page.getByTestId('log-title-icon').dblclick();
    const dialog = page.getByRole('dialog', { name: 'Debug mode' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Zip password', { exact: true }).fill('Support-Pass-1');
    await dialog.getByLabel('Confirm password').fill('Another-Pass-1');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(dialog.getByText('The passwords do not match.')).toBeVisible();
    await dialog.getByLabel('Confirm password').fill('Support-Pass-1');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('download_syslog.zip');
    const zip = join(work, 'download_syslog.zip');
    await download.saveAs(zip);

    const listing = execFileSync(SEVEN!, ['l', '-slt', '-pSupport-Pass-1', zip], { encoding: 'utf8' });
    const names = [...listing.matchAll(/^Path = (.+)$/gm)].map((m) => m[1]).filter((p) => p !== zip);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(['log.txt', 'mp.log', 'weblog.txt', 'frontlog.log', 'mcprolog.log']).toContain(name);
    expect(names).toContain('weblog.txt');
    expect(new Set([...listing.matchAll(/^Method = (.+)$/gm)].map((m) => m[1]))).toEqual(new Set(['AES-256 Deflate']));
    const wrong = spawnSync(SEVEN!, ['x', '-y', '-pnot-it', `-o${join(work, 'wrong')}`, zip], { encoding: 'utf8' });
    expect(wrong.status).not.toBe(0);
    execFileSync(SEVEN!, ['x', '-y', '-pSupport-Pass-1', `-o${join(work, 'logs')}`, zip]);
    expect(readFileSync(join(work, 'logs', 'weblog.txt'), 'utf8')).toMatch(/POST \/api\/login 200/);
  });

  test('the debug mode dialog, with its errors, has no serious or critical axe finding', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    await new OperationLogPage(page).goto();
    await page.getByTestId('log-title-icon').dblclick();
    const dialog = page.getByRole('dialog', { name: 'Debug mode' });
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    const blocking = findings('debug mode', await axeScan(page)).filter((f) => BLOCKING.includes(f.impact));
    expect(blocking).toEqual([]);
  });

  test('for anyone but an admin the icon opens nothing', async ({ page, loginPage, adminApi }) => {
    const usercode = uniqueCode('nodebug');
    await adminApi.newUser({ usercode, password: 'NoDebug-Passw0rd', functions: ['setting', 'syslog'] });
    await loginPage.signInAs(usercode, 'NoDebug-Passw0rd');
    const log = new OperationLogPage(page);
    await log.goto();
    await page.getByTestId('log-title-icon').dblclick();
    await expect(page.getByRole('dialog', { name: 'Debug mode' })).toHaveCount(0);
  });
});

test.describe('system settings: auto repair, media center and MC Pro', () => {
  test.afterEach(async ({ adminApi, adminPassword }) => {
    // The browser's admin login ended the API client's session (one session per user).
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', [{ section: 'setting_autorepair', data: [{ key: 'enable', value: 'false' }] }]);
  });

  test('auto repair: an empty window is refused, a window open now runs at once and shows its steps; the media center is not configured', async ({
    page,
    loginPage,
    adminPassword,
    adminApi,
  }) => {
    // The service refuses to turn the media center or MC Pro on, with the reason.
    for (const section of ['setting_media_center', 'setting_mc_pro']) {
      const { envelope } = await adminApi.raw('setsetting', [{ section, data: [{ key: 'enable', value: 'true' }] }]);
      expect(envelope.result).toBe(false);
      expect(envelope.message).toMatch(/is not available on this device: Roomcast does not speak its protocol/);
    }
    // A window open now in the device's time: from a minute ago to two minutes ago (overnight, 23 h 59 min).
    const [clock] = await adminApi.call<{ data: { key: string; value: string }[] }[]>('getsetting', [
      { section: 'setting_datetime', keys: ['current'] },
    ]);
    const now = Date.parse(
      `${clock!.data
        .find((d) => d.key === 'current')!
        .value.slice(0, 19)
        .replace(' ', 'T')}Z`,
    );
    const timeOfDay = (ago: number) => new Date(now - ago).toISOString().slice(11, 19);

    await loginPage.signInAs('admin', adminPassword);
    const screen = new SettingsPanelPage(page, '/console/system/settings');
    await screen.goto();
    await expect(page.getByTestId('not-configured-mediaCenter')).toHaveText('Not configured on this device');
    await expect(page.getByTestId('not-configured-mcPro')).toHaveText('Not configured on this device');
    await screen.edit();
    await screen.switch('Auto repair').click();
    await page.getByLabel('Work start', { exact: true }).fill('02:00:00');
    await page.getByLabel('Work end', { exact: true }).fill('02:00:00');
    await expect(screen.fieldError('endtime')).toHaveText(
      'The auto repair window is empty: its start and end are the same. Change one of them.',
    );
    await page.getByLabel('Work start', { exact: true }).fill(timeOfDay(60_000));
    await page.getByLabel('Work end', { exact: true }).fill(timeOfDay(120_000));
    await expect(screen.fieldError('endtime')).toHaveCount(0);
    await screen.save();
    await screen.expectViewing();
    // The run takes as long as the machine lets it: wait for the service to say it has finished (bounded by the test's
    // timeout), then the console, which reads the status every 2 s while a run is under way, shows its result.
    await expect
      .poll(
        async () => {
          const { envelope } = await callAsBrowser<{ running: boolean; last: { end: string } | null }>(page, 'autorepairstatus');
          return !envelope.data?.running && Boolean(envelope.data?.last?.end);
        },
        { timeout: 0 },
      )
      .toBe(true);
    const status = page.getByTestId('auto-repair-status');
    await expect(status.getByTestId('auto-repair-result')).toHaveText('OK');
    await expect(status.getByTestId('auto-repair-step-database')).toContainText('Database intact');
    await expect(status.getByTestId('auto-repair-step-recordings')).toContainText('finalized:');
    await expect(status.getByTestId('auto-repair-step-storage')).toContainText('files adopted:');
    expect(findings('auto repair', await axeScan(page)).filter((f) => BLOCKING.includes(f.impact))).toEqual([]);

    // Pictures of the panels in every language (only when pictures are taken: `npm test` leaves them out).
    for (const lang of SHOTS_WANTED ? (['en_US', 'zh_CN', 'zh_HK'] as const) : []) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.reload();
      await expect(status.getByTestId('auto-repair-result')).toBeVisible();
      await shoot(page, `${lang}-system-settings-auto-repair`);
    }
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));
  });
});

/** A service of its own: a restore changes every setting and restarts the service, which no other spec may see. */
const restoreTest = test.extend<object, { ownService: RunningService }>({
  ownService: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring
    async ({}, use) => {
      const service = await startService({ name: 'system-admin' });
      await use(service);
      await service.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownService }, use) => use(ownService.baseURL),
  adminPassword: async ({ ownService }, use) => use(ownService.adminPassword),
});

restoreTest.describe('system settings: configuration backup and restore', () => {
  restoreTest(
    'back up, change, restore with progress: the device restarts, /reboot counts down, every value is back',
    async ({ page, loginPage, adminPassword, adminApi, ownService }) => {
      await adminApi.call('writeconfig', { settingcode: 'setting_ntp', data: [{ key: 'server', value: 'before.example.org' }] });
      // Another administrator in the browser: the admin account's session is the API client's (one session per user).
      const usercode = uniqueCode('restore');
      await adminApi.newUser({ usercode, password: 'Restore-Passw0rd', role: 'admin' });
      await loginPage.signInAs(usercode, 'Restore-Passw0rd');
      const screen = new SystemAdminPage(page);
      await screen.goto();
      const [download] = await Promise.all([page.waitForEvent('download'), screen.backup.getByRole('button', { name: 'Back up' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^roomcast-config-\d{8}-\d{6}\.ini$/);
      const file = join(work, download.suggestedFilename());
      await download.saveAs(file);
      expect(readFileSync(file, 'utf8')).toContain('server="before.example.org"');

      await adminApi.call('writeconfig', { settingcode: 'setting_ntp', data: [{ key: 'server', value: 'after.example.org' }] });

      // A broken copy first: refused with its line, section and key; nothing changes, no restart.
      const broken = join(work, 'broken.ini');
      writeFileSync(broken, readFileSync(file, 'utf8').replace('server="before.example.org"', 'server="bad host!"'));
      await screen.backup.locator('input[type=file]').setInputFiles(broken);
      await page.getByRole('dialog', { name: 'Restore the configuration' }).getByRole('button', { name: 'Restore and restart' }).click();
      const failure = screen.backup.getByTestId('restore-failure');
      await expect(failure).toContainText('broken.ini was not restored; nothing was changed.');
      await expect(failure).toContainText(/line \d+ \[setting_ntp\] server: must be a host name/);
      await expect(page).toHaveURL(/\/console\/system\/settings$/);

      await screen.backup.locator('input[type=file]').setInputFiles(file);
      const confirm = page.getByRole('dialog', { name: 'Restore the configuration' });
      await expect(confirm).toContainText(download.suggestedFilename());
      expect(findings('restore dialog', await axeScan(page)).filter((f) => BLOCKING.includes(f.impact))).toEqual([]);
      const restarts = ownService.restarts();
      await confirm.getByRole('button', { name: 'Restore and restart' }).click();
      await expect(page).toHaveURL(/\/reboot$/);
      await expect(page.getByTestId('reboot-seconds')).toBeVisible();

      // The service restarts (exit code 75, started again as npm start does) and answers with the restored value:
      // the new process (the old one may still answer for a moment before it exits).
      await expect
        .poll(
          async () => {
            if (ownService.restarts() === restarts) return false;
            try {
              const res = await fetch(`${ownService.baseURL}/api/roominfo`, {
                method: 'POST',
                body: '{}',
                headers: { 'content-type': 'application/json' },
              });
              return res.ok;
            } catch {
              return false;
            }
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await adminApi.login('admin', adminPassword);
      const ntp = await adminApi.call<{ key: string; value: string }[]>('readconfig', { settingcode: 'setting_ntp' });
      expect(ntp.find((kv) => kv.key === 'server')?.value).toBe('before.example.org');
      const log = await adminApi.call<{ list: { description: string }[] }>('getopelog', { pagesize: '50', pageindex: '0' });
      expect(log.list.map((r) => r.description)).toContainEqual(
        expect.stringMatching(/^uploadgeneralfile roomcast-config-.*\.ini: \d+ values of \d+ setting codes restored; restarting$/),
      );
    },
  );
});
