import { test, expect } from '../support/test';
import { kv } from '../support/settings';
import { SettingsPanelPage } from '../pages/settings-panel.page';

/*
 * Date, time and NTP on System settings (issue 13): the clock ticks from the device time; it is set by hand only
 * while NTP is off; Sync now makes a real SNTP exchange with the loopback NTP server the global setup started
 * (the machine's own time), which brings the device clock back. The zone is a choice of the contract's zones.
 */

/** The device's date in its zone (UTC+08:00 by default) now, `YYYY-MM-DD`. */
const deviceDateNow = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

test.describe('date, time and NTP', () => {
  test.describe.configure({ mode: 'serial' });
  test.afterAll(async ({ adminApi }) => {
    // The other specs of this worker see the clock and NTP as they were: synced, NTP on with its default server.
    await adminApi.call('setsetting', [{ section: 'setting_ntp', data: kv({ enable: 'true', server: '127.0.0.1' }) }]);
    await adminApi.call('syncntp', {});
    await adminApi.call('setsetting', [
      { section: 'setting_ntp', data: kv({ server: 'pool.ntp.org' }) },
      { section: 'setting_datetime', data: kv({ zone: 'UTC+08:00' }) },
    ]);
  });

  test('the clock ticks; set by hand with NTP off; Sync now brings it back; the zone is saved', async ({
    page,
    adminPassword,
    loginPage,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const screen = new SettingsPanelPage(page, '/console/system/settings');
    await screen.goto();
    const clock = page.getByTestId('device-clock');
    await expect(clock).toContainText(deviceDateNow());
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first ?? '', { timeout: 3_000 });

    // NTP keeps the clock (the default): it cannot be set by hand.
    await expect(page.getByRole('button', { name: 'Set clock' })).toBeDisabled();
    await expect(page.getByText('NTP keeps the clock: turn NTP off to set it by hand.')).toBeVisible();
    await screen.edit();
    await screen.switch('NTP sync').click();
    await page.getByLabel('Time zone', { exact: true }).click();
    await page.keyboard.type('UTC+05:45');
    await page.keyboard.press('Enter');
    await screen.save();
    await screen.expectViewing();

    const picker = page.getByPlaceholder('New date and time');
    await picker.click();
    await picker.fill('2030-01-02 10:00:00');
    await picker.press('Enter');
    await page.getByRole('button', { name: 'Set clock' }).click();
    await expect(clock).toContainText('2030-01-02 10:0');

    await page.reload();
    await screen.expectViewing();
    await expect(page.getByTestId('field-zone')).toContainText('UTC+05:45');
    await expect(clock).toContainText('2030-01-02 10:0');

    // NTP on with the loopback server, then Sync now: the device clock is the machine's again (in UTC+05:45).
    await screen.edit();
    await screen.switch('NTP sync').click();
    await page.getByLabel('NTP server', { exact: true }).fill('127.0.0.1');
    await screen.save();
    await screen.expectViewing();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('time synced')).toBeVisible();
    await page.reload();
    const today = new Date(Date.now() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 10);
    await expect(clock).toContainText(today);
  });
});

test.describe('network', () => {
  test('DHCP shows the addresses in use; static addresses are checked; a change asks first', async ({ page, adminPassword, loginPage }) => {
    await loginPage.signInAs('admin', adminPassword);
    const screen = new SettingsPanelPage(page, '/console/system/settings');
    await screen.goto();
    // DHCP (the default): what the machine uses now, read-only.
    await expect(page.getByTestId('field-realip')).toContainText(/\d+\.\d+\.\d+\.\d+/);
    await expect(page.getByTestId('field-ip')).toHaveCount(0);

    await screen.edit();
    await screen.switch('DHCP').click();
    await page.getByLabel('Gateway', { exact: true }).fill('10.0.0.256');
    await expect(screen.fieldError('gateway')).toHaveText('Gateway 10.0.0.256 is not a legitimate format. Please input again.');
    await page.getByLabel('Gateway', { exact: true }).fill('192.168.1.254');
    await screen.save();
    // The change reboots the box: asked first; Cancel keeps editing and nothing is saved.
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText('Save the network settings?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await screen.expectEditing();
    await screen.reset();
    // Nothing was saved: still DHCP, the addresses in use shown.
    await page.reload();
    await screen.expectViewing();
    await expect(page.getByTestId('field-realip')).toContainText(/\d+\.\d+\.\d+\.\d+/);
  });
});
