import { request, type Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { Api, uniqueCode } from '../support/api';
import { SHOTS_WANTED, shoot } from '../support/screenshots';
import { axeScan, BLOCKING, findingTable, findings } from '../support/axe';
import { WorkbenchPage } from '../pages/workbench.page';
import { callAsBrowser } from '../pages/users.page';
import type { LoginPage } from '../pages/login.page';

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const OPERATOR_PASSWORD = 'Operator-Passw0rd';
const DEFAULT_INPUTS = [
  { key: 'macin1', value: 'true' },
  { key: 'linein1', value: 'true' },
  { key: 'analog_volume', value: '50' },
];

/** A meter's reading as assistive technology gets it (aria-valuenow, dBFS). */
const meterValue = async (page: Page, name: string) =>
  Number(await page.getByRole('meter', { name, exact: true }).getAttribute('aria-valuenow'));

/** The source of the preview picture now (a new blob URL for every new picture), or '' while there is none. */
const previewSrc = (page: Page) =>
  page
    .getByTestId('preview-img')
    .getAttribute('src')
    .catch(() => '');

/**
 * Brings the preview on screen (it is fetched only while visible) until a picture has loaded, then scrolls back
 * to the top, so a full-page picture has the header where it belongs; the last picture stays shown.
 */
async function showPicture(page: Page): Promise<void> {
  await page.getByTestId('picture-preview').scrollIntoViewIfNeeded();
  const img = page.getByTestId('preview-img');
  await expect(img).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * A new operator (workbench and record functions) signed in on the workbench at a light encoding, once no other
 * spec's encode is winding down (the Audio screen asks for one; it ends 10 s after that screen is left).
 */
async function operatorOnWorkbench(page: Page, loginPage: LoginPage, adminApi: Api, prefix: string) {
  const operator = uniqueCode(prefix);
  await adminApi.newUser({ usercode: operator, password: OPERATOR_PASSWORD, functions: ['operation', 'operating'] });
  await adminApi.call('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] });
  await loginPage.signInAs(operator, OPERATOR_PASSWORD);
  const wb = new WorkbenchPage(page);
  await wb.goto();
  const card = page.getByTestId('confidence-monitor');
  await expect(card.getByTestId('meters-note')).toHaveText('The meters move while recording, live or monitoring.', { timeout: 30_000 });
  return { wb, card };
}

test.describe('confidence monitor', () => {
  test.describe.configure({ mode: 'serial' });

  // Whatever happens in the tests, the shared service is left idle with its default audio inputs.
  test.afterAll(async ({ baseURL, adminPassword }) => {
    const context = await request.newContext();
    const api = new Api(context, baseURL!);
    await api.login('admin', adminPassword);
    await api.raw('recordctl', { control: 'stop' });
    await api.raw('setsetting', [{ section: 'setting_audio_input', data: DEFAULT_INPUTS }]);
    await context.dispose();
  });

  test('an operator sees the meters move and the picture while recording', async ({ page, loginPage, adminApi }) => {
    test.setTimeout(120_000);
    const { wb, card } = await operatorOnWorkbench(page, loginPage, adminApi, 'op');
    await expect(card).toContainText('Confidence monitor');
    await expect(card.getByText('The picture shows here while recording, live or monitoring.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('meter')).toHaveCount(0);

    await wb.command('Start');
    await expect(wb.state).toHaveText('Recording');
    // The default inputs (mic 1 and line 1) are the synthetic tones, peaking at −18 dBFS.
    await expect.poll(() => meterValue(page, 'Microphone 1'), { timeout: 15_000 }).toBe(-18);
    await expect.poll(() => meterValue(page, 'Line in 1')).toBe(-18);
    await expect(page.getByRole('meter', { name: 'Microphone 1' })).toHaveAttribute('aria-valuetext', /^peak −18 dBFS, RMS −21 dBFS$/);
    const program = await meterValue(page, 'Program (recorded)');
    expect(program).toBeGreaterThan(-25);
    // The moving meters, as axe sees them (the accessibility spec scans the page while nothing records).
    const blocking = findings('monitor card', await axeScan(page, '[data-testid=confidence-monitor]')).filter((f) =>
      BLOCKING.includes(f.impact),
    );
    expect(blocking, findingTable(blocking)).toEqual([]);

    // The volume moves the program meter (the mix as recorded), not the inputs'.
    await adminApi.call('setsetting', [{ section: 'setting_audio_input', data: [{ key: 'analog_volume', value: '10' }] }]);
    await expect.poll(() => meterValue(page, 'Program (recorded)'), { timeout: 15_000 }).toBeLessThan(program - 10);
    expect(await meterValue(page, 'Microphone 1')).toBe(-18);
    await adminApi.call('setsetting', [{ section: 'setting_audio_input', data: DEFAULT_INPUTS }]);
    await expect.poll(() => meterValue(page, 'Program (recorded)'), { timeout: 15_000 }).toBe(program);

    // The picture loads (once the card is on screen) and is replaced about once a second.
    await card.getByTestId('picture-preview').scrollIntoViewIfNeeded();
    const img = page.getByTestId('preview-img');
    await expect(img).toBeVisible({ timeout: 15_000 });
    await expect(img).toHaveAttribute('alt', 'The picture being recorded, refreshed every second');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(640);
    const first = await previewSrc(page);
    await expect.poll(() => previewSrc(page), { timeout: 10_000 }).not.toBe(first);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'en_US-workbench-monitor');

    await wb.command('Stop');
    await expect(wb.state).toHaveText('Idle', { timeout: 30_000 });
    await expect(page.getByRole('meter')).toHaveCount(0);
    await expect(card.getByTestId('meters-note')).toHaveText('The meters move while recording, live or monitoring.');
  });

  test('an operator monitors the room with nothing recording: meters, picture and each channel found, then stops', async ({
    page,
    loginPage,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const { wb, card } = await operatorOnWorkbench(page, loginPage, adminApi, 'opidle');
    await expect(wb.state).toHaveText('Idle');
    await card.getByRole('button', { name: 'Monitor now' }).click();
    await expect.poll(() => meterValue(page, 'Microphone 1'), { timeout: 20_000 }).toBe(-18);
    await expect(page.getByTestId('preview-img')).toBeVisible({ timeout: 15_000 });
    // Each channel's dot with the size and rate the encode found (the stand-ins at their slots' sizes, 30 fps).
    await expect(card.getByTestId('signal-mode-A')).toContainText('30 fps', { timeout: 15_000 });
    await expect(wb.state).toHaveText('Idle');
    if (SHOTS_WANTED) {
      await card.scrollIntoViewIfNeeded();
      await shoot(page, 'en_US-workbench-monitor-idle');
    }
    const blocking = findings('monitor card, monitoring', await axeScan(page, '[data-testid=confidence-monitor]')).filter((f) =>
      BLOCKING.includes(f.impact),
    );
    expect(blocking, findingTable(blocking)).toEqual([]);
    await card.getByRole('button', { name: 'Stop monitoring' }).click();
    await expect(page.getByRole('meter')).toHaveCount(0, { timeout: 30_000 });
    await expect(card.getByTestId('meters-note')).toHaveText('The meters move while recording, live or monitoring.');
  });

  test('the silence alarm shows while a recording hears nothing, and goes when sound returns', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    // The shared service's alarm time is shortened to 5 s (SILENCE_ALARM_SECONDS in support/global-setup.ts).
    test.setTimeout(90_000);
    await loginPage.loginAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.useLightEncoding();
    await wb.goto();
    await wb.command('Start');
    await expect(wb.state).toHaveText('Recording');
    // As the same admin (one session per user: an API login would end the page's session).
    const off = await callAsBrowser(page, 'setsetting', [
      {
        section: 'setting_audio_input',
        data: [
          { key: 'macin1', value: 'false' },
          { key: 'linein1', value: 'false' },
        ],
      },
    ]);
    expect(off.envelope.result).toBe(true);
    const note = page.getByTestId('meters-note');
    await expect(note).toHaveText('No audio input is on: the recording is silent.', { timeout: 15_000 });
    await expect(page.getByRole('meter', { name: 'Program (recorded)' })).toHaveAttribute('aria-valuetext', 'silent');
    const alarm = page.getByTestId('silence-alarm');
    await expect(alarm).toContainText('No sound: check the microphones', { timeout: 30_000 });
    // The picture is only for the screenshot (the test above checks it).
    if (SHOTS_WANTED) {
      await showPicture(page);
      await shoot(page, 'en_US-workbench-silence-alarm');
    }

    expect((await callAsBrowser(page, 'setsetting', [{ section: 'setting_audio_input', data: DEFAULT_INPUTS }])).envelope.result).toBe(
      true,
    );
    // Cleared at the next check once sound is back; the page shows it at its next status poll (5 s).
    await expect(alarm).toBeHidden({ timeout: 15_000 });
    const log = await callAsBrowser<{ list: { description: string }[] }>(page, 'getopelog', { pagesize: '50', pageindex: '0' });
    const lines = (log.envelope.data?.list ?? []).map((r) => r.description);
    expect(lines).toContain('No sound for 5 s: check the microphones');
    expect(lines).toContain('Sound is back: the silence alarm is cleared');
    await wb.command('Stop');
    await expect(wb.state).toHaveText('Idle', { timeout: 30_000 });
  });

  for (const lang of LANGUAGES) {
    test(`screenshots while recording in ${lang}`, async ({ page, loginPage, adminPassword }) => {
      await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto('/login');
      await page.locator('input#usercode').fill('admin');
      await page.locator('input#password').fill(adminPassword);
      await loginPage.submitAndLand();
      const wb = new WorkbenchPage(page);
      await wb.useLightEncoding();
      await page.goto('/console/operation/opemain');
      await expect(wb.state).toBeVisible();
      expect((await callAsBrowser(page, 'recordctl', { control: 'start' })).envelope.result).toBe(true);
      try {
        await expect(page.getByRole('meter')).toHaveCount(3, { timeout: 15_000 });
        // The record panel shows it at its next status poll: Pause, Stop (enabled once recording) and Mark.
        await expect(page.getByTestId('record-panel').getByRole('button')).toHaveCount(3);
        await expect(page.getByTestId('record-panel').getByRole('button').nth(1)).toBeEnabled({ timeout: 10_000 });
        await showPicture(page);
        await shoot(page, `${lang}-workbench-monitor-card`);
      } finally {
        await callAsBrowser(page, 'recordctl', { control: 'stop' });
      }
    });
  }
});
