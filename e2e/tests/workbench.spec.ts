import { test, expect } from '../support/test';
import { shoot } from '../support/screenshots';
import { uniqueCode } from '../support/api';
import { WorkbenchPage } from '../pages/workbench.page';
import { callAsBrowser } from '../pages/users.page';

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;

test.describe('workbench', () => {
  test('start, pause, resume and stop a real recording', async ({ page, loginPage, adminPassword }) => {
    // This page reads the status by its poll only (its pushes are held back), as when the push stream has dropped:
    // the last step needs a page that has not yet seen a recording started elsewhere.
    await page.route('**/api/status/events', (route) => route.abort());
    await loginPage.loginAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.useLightEncoding();
    await wb.goto();
    await expect(wb.state).toHaveText('Idle');
    await expect(wb.control('Stop')).toBeDisabled();
    // No USB storage is configured for the test service.
    await expect(wb.storage.getByTestId('storage-usb')).toContainText('Not present');

    await wb.command('Start');
    await expect(wb.state).toHaveText('Recording');
    await expect(wb.control('Stop')).toBeEnabled();
    const first = await wb.seconds();
    await expect.poll(() => wb.seconds(), { timeout: 5_000 }).toBeGreaterThan(first);
    await shoot(page, 'en_US-workbench-recording');

    await wb.command('Pause');
    await expect(wb.state).toHaveText('Paused');
    await expect(wb.control('Stop')).toBeEnabled();
    // Paused time does not count: after the next status poll (within 5 s) the timer still stands still.
    const paused = await wb.seconds();
    await wb.nextStatus();
    expect(await wb.seconds()).toBe(paused);

    await wb.command('Resume');
    await expect(wb.state).toHaveText('Recording');
    await expect.poll(() => wb.seconds(), { timeout: 5_000 }).toBeGreaterThan(paused);

    await wb.command('Stop');
    await expect(wb.state).toHaveText('Idle', { timeout: 30_000 });
    await expect(wb.control('Start')).toBeVisible();
    await expect(wb.control('Stop')).toBeDisabled();
    await expect(wb.timer).toHaveText('00:00:00');
    // The media folder exists once something was recorded: its disk shows used share, free and total in GB.
    await expect(wb.storage.getByTestId('storage-hdd')).toContainText(/\d+(\.\d+)?%.*GB free of [\d.]+ GB/, { timeout: 10_000 });

    // Someone else starts recording just after a poll: this page still offers Start. The service refuses it
    // with its message, and the status read after the command shows the recording.
    await page.waitForResponse((res) => res.url().endsWith('/api/status'));
    expect((await callAsBrowser(page, 'recordctl', { control: 'start' })).envelope.result).toBe(true);
    await wb.command('Start');
    await expect(wb.toast('Recording is already running.')).toBeVisible();
    await expect(wb.state).toHaveText('Recording');
    await wb.command('Stop');
    await expect(wb.state).toHaveText('Idle', { timeout: 30_000 });
  });

  test('a scheduled recording shows its stop time and can be stopped by hand', async ({ page, loginPage, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.useLightEncoding();
    // A once schedule starting in 3 s on the device's clock: the real scheduler starts a real recording.
    const stop = await wb.deviceTime(120);
    const start = await wb.deviceTime(3);
    const added = await callAsBrowser<{ id: number }[]>(page, 'schedule', {
      operation: 'add',
      data: { name: `E2E now ${uniqueCode('n')}`, start, stop, cycle: 'once' },
    });
    expect(added.envelope.message).toBe('');
    const id = added.envelope.data?.[0]?.id;
    try {
      await wb.goto();
      await expect(wb.page.getByTestId('schedule-marker')).toHaveText(`Scheduled recording, stops at ${stop}`, { timeout: 20_000 });
      await expect(wb.state).toHaveText('Recording');
      await expect(wb.rows.filter({ hasText: 'Recording now' })).toHaveCount(1);
      await shoot(page, 'en_US-workbench-scheduled');
      await wb.command('Stop');
      await expect(wb.state).toHaveText('Idle', { timeout: 30_000 });
      await expect(wb.page.getByTestId('schedule-marker')).toHaveCount(0);
    } finally {
      if (id !== undefined) await callAsBrowser(page, 'schedule', { operation: 'delete', data: { id } });
    }
  });

  test('a recording started elsewhere shows at once, without waiting for the next poll', async ({ page, loginPage, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.useLightEncoding();
    await wb.goto();
    await expect(wb.state).toHaveText('Idle');
    // From now on the polls go unanswered: only the push can tell this page what changed.
    await page.route('**/api/status', (route) => route.abort());
    // A call from outside the workbench's panels (as another console would make it): nothing on the page asks again.
    expect((await callAsBrowser(page, 'recordctl', { control: 'start' })).envelope.result).toBe(true);
    await expect(wb.state).toHaveText('Recording');
    expect((await callAsBrowser(page, 'recordctl', { control: 'stop' })).envelope.result).toBe(true);
    await expect(wb.state).toHaveText('Idle', { timeout: 30_000 });
  });

  test('one status poll every 5 s while the workbench is open; elsewhere the health badge reads it once', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    // The page runs on Playwright's clock: the test moves it on rather than sitting the poll intervals out.
    await page.clock.install();
    await loginPage.signInAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.goto();
    await expect(wb.state).toHaveText('Idle');
    const calls = wb.countStatusCalls();
    // Two intervals, each answered before the clock moves on (a poll still in flight is not sent twice).
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/status'));
      await page.clock.runFor(5_250);
      await answered;
    }
    await wb.flushRequests();
    // Three panels read the status; they share one poll: two calls in 10.5 s, not six.
    expect(calls()).toBeGreaterThanOrEqual(2);
    expect(calls()).toBeLessThanOrEqual(3);

    // Elsewhere only the header's health badge shows the status: read on load, then once a minute (pushes carry changes).
    const badgeRead = page.waitForResponse((res) => res.url().endsWith('/api/status'));
    await page.goto('/console/system/log');
    await expect(page.getByRole('heading', { name: 'Operation log' })).toBeVisible();
    await badgeRead;
    const before = calls();
    await page.clock.runFor(11_000);
    await wb.flushRequests();
    expect(calls()).toBe(before);
  });

  test('add a schedule with validation, update it and delete it', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.goto();
    const name = `E2E ${uniqueCode('s')}`;

    await wb.openAdd();
    await wb.submit();
    await expect(wb.formError('Please input the name.')).toBeVisible();
    await expect(wb.formError('Please choose the start and stop date and time.')).toHaveCount(2);
    await expect(wb.formError('Please choose the cycle.')).toBeVisible();

    await wb.fill({ name: `  ${name} `, start: ['2030-01-02', '10:00:00'], stop: ['2030-01-02', '09:00:00'], cycle: 'Once' });
    await wb.submit();
    await expect(wb.formError('The stop time must be after the start time.')).toBeVisible();
    await expect(wb.formError('Please input the name.')).toHaveCount(0);

    await wb.fill({ stop: ['2030-01-02', '11:00:00'], cycle: 'Weekly' });
    await wb.submit();
    await expect(wb.formError('Please choose at least one weekday.')).toBeVisible();
    await expect(wb.formError('The stop time must be after the start time.')).toHaveCount(0);

    // 2030-01-02 is a Wednesday: Monday only leaves no occurrence, which the service refuses with its reason.
    await wb.fill({ weekdays: ['Mon'] });
    await wb.submit();
    await expect(wb.toast('Fail to update schedule: the schedule has no occurrence left between now and stop')).toBeVisible();
    await expect(wb.modal).toBeVisible();

    await wb.fill({ weekdays: ['Wed'] });
    await wb.submit();
    await expect(wb.toast('Schedule updated')).toBeVisible();
    await expect(wb.modal).toBeHidden();
    const row = wb.row(name);
    await expect(row).toContainText('Weekly: Mon, Wed');
    await expect(row).toContainText('2030-01-02 10:00:00');
    await expect(row).toContainText('2030-01-02 11:00:00');
    await expect(row).toContainText('Yes');

    const stored = await callAsBrowser<{ name: string; weekdays: number; start: string; stop: string }[]>(page, 'schedule', {
      operation: 'list',
    });
    expect(stored.envelope.data?.find((s) => s.name === name)).toMatchObject({
      weekdays: 0b101,
      start: '2030-01-02 10:00:00',
      stop: '2030-01-02 11:00:00',
    });

    await wb.openEdit(name);
    await expect(wb.modal.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(wb.modal.getByRole('checkbox', { name: 'Wed', exact: true })).toBeChecked();
    await wb.enableSwitch().click();
    await wb.submit();
    await expect(wb.modal).toBeHidden();
    await expect(row).toContainText('No');
    await expect(row).toContainText('None');

    await wb.delete(name);
    await expect(wb.toast('Delete success')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('needs operating or record', async ({ page, loginPage, shell, adminApi }) => {
    const recorder = uniqueCode('rec');
    const audio = uniqueCode('aud');
    await adminApi.newUser({ usercode: recorder, password: 'Record-Passw0rd', functions: ['record'] });
    await adminApi.newUser({ usercode: audio, password: 'Audio-Passw0rd', functions: ['operation', 'audiosetting'] });

    await loginPage.loginAs(recorder, 'Record-Passw0rd');
    await expect(page).toHaveURL(/\/console\/operation\/opemain$/);
    await expect(new WorkbenchPage(page).state).toHaveText('Idle');
    await expect(shell.menuItem('Workbench')).toBeVisible();

    await loginPage.loginAs(audio, 'Audio-Passw0rd');
    await expect(shell.menuItem('Workbench')).toHaveCount(0);
    await page.goto('/console/operation/opemain');
    await expect(page.getByText('No permission')).toBeVisible();
  });

  for (const lang of LANGUAGES) {
    test(`screenshots in ${lang}`, async ({ page, loginPage, adminPassword }) => {
      await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto('/login');
      await page.locator('input#usercode').fill('admin');
      await page.locator('input#password').fill(adminPassword);
      await loginPage.submitAndLand();
      const added = await callAsBrowser<{ id: number }[]>(page, 'schedule', {
        operation: 'add',
        data: { name: 'Maths 101', start: '2030-03-01 08:30:00', stop: '2030-06-30 10:00:00', cycle: 'week', weekdays: 0b10101 },
      });
      expect(added.envelope.result).toBe(true);
      try {
        const wb = new WorkbenchPage(page);
        await wb.goto();
        await expect(wb.rows.first()).toBeVisible();
        await expect(wb.storage.locator('.ant-progress').first()).toBeVisible();
        await shoot(page, `${lang}-workbench`);

        await wb.schedules.locator('.ant-card-extra .ant-btn-primary').click();
        await wb.modal.locator('.ant-radio-button-wrapper').nth(3).click();
        await wb.modal.locator('.ant-modal-footer .ant-btn-primary').click();
        await expect(wb.modal.locator('.ant-form-item-explain-error').first()).toBeVisible();
        await shoot(page, `${lang}-workbench-schedule-invalid`);
        await wb.modal.locator('.ant-modal-footer .ant-btn').first().click();

        await page.setViewportSize({ width: 820, height: 900 });
        await expect(wb.modal).toBeHidden();
        await shoot(page, `${lang}-workbench-narrow`);
      } finally {
        const id = added.envelope.data?.[0]?.id;
        if (id !== undefined) await callAsBrowser(page, 'schedule', { operation: 'delete', data: { id } });
      }
    });
  }
});
