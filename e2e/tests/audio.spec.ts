import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect } from '../support/test';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { uniqueCode } from '../support/api';
import { AudioPage } from '../pages/audio.page';

/*
 * The Audio screen (spec §2, §4): the shared settings template over setting_audio_input,
 * setting_rec_audio_codec and setting_general_output. The recorded sound follows what is saved here: the
 * engine reads these codes when it plans an encode (apps/server/test/media/audio.test.ts checks the files).
 */

const CODES = ['setting_audio_input', 'setting_rec_audio_codec', 'setting_general_output'];
const DEFAULTS = [
  {
    section: 'setting_audio_input',
    data: kv({ analog_volume: '50', macin1: 'true', macin2: 'false', linein1: 'true', linein2: 'false', hdmi5: 'false' }),
  },
  { section: 'setting_rec_audio_codec', data: kv({ samples: '48000', bitrate: '128000' }) },
];

test.describe('audio settings', () => {
  test.beforeEach(async ({ adminApi }) => {
    await adminApi.call('setsetting', DEFAULTS);
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    // A browser login as admin (screenshots) has ended the fixture's session: log in again.
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', DEFAULTS);
  });

  test('edit with checks on the field, save in one call, reload, reset', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'aud', ['operation', 'audiosetting']);
    const audio = new AudioPage(page);
    await audio.goto();

    // View mode: the values from the device, nothing editable.
    await expect(audio.volume).toHaveValue('50');
    await expect(audio.volume).toBeDisabled();
    await expect(audio.switch('Microphone 1')).toBeDisabled();
    await expect(audio.saveButton).toHaveCount(0);
    // No HDMI audio output device yet: the switch shows, disabled, with the reason, even in edit mode.
    await expect(audio.fieldHelp('hdmiaudiooutput')).toContainText('no HDMI audio output device');

    const writes: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(setsetting|writeconfig)$/.test(r.url())) writes.push(r.url().split('/').pop()!);
    });

    await audio.edit();
    await expect(audio.switch('HDMI audio output')).toBeDisabled();
    await audio.setVolume('150');
    await expect(audio.fieldError('analog_volume')).toHaveText('Enter a whole number from 0 to 100.');
    await audio.save();
    await expect(audio.toast('Please correct the fields marked in red.')).toBeVisible();
    await audio.expectEditing();
    expect(writes).toEqual([]);

    await audio.setVolume('70');
    await expect(audio.fieldError('analog_volume')).toHaveCount(0);
    await audio.choose('Sample rate', '44.1 kHz');
    await audio.choose('Bitrate', '96 kbps');
    await audio.switch('Microphone 2').click();
    expect(await audio.inputsOn()).toEqual(['Microphone 2', 'Line in 1']);
    await audio.save();
    await expect(audio.toast('Settings saved')).toBeVisible();
    await audio.expectViewing();
    expect(writes).toEqual(['setsetting']);

    // Stored, as the API reads it.
    const values = await storedSettings(adminApi, CODES);
    expect(values.setting_audio_input).toMatchObject({
      analog_volume: '70',
      macin1: 'false',
      macin2: 'true',
      linein1: 'true',
      hdmi5: 'false',
    });
    expect(values.setting_rec_audio_codec).toEqual({ samples: '44100', bitrate: '96000' });

    await page.reload();
    await audio.expectViewing();
    await expect(audio.volume).toHaveValue('70');
    await expect(audio.select('Sample rate')).toContainText('44.1 kHz');
    expect(await audio.inputsOn()).toEqual(['Microphone 2', 'Line in 1']);

    // Reset leaves edit mode with the device's values.
    await audio.edit();
    await audio.setVolume('20');
    await audio.switch('HDMI 5 audio').click();
    await audio.reset();
    await expect(audio.volume).toHaveValue('70');
    expect(await audio.inputsOn()).toEqual(['Microphone 2', 'Line in 1']);
    expect(writes).toEqual(['setsetting']);
  });

  test('inputs follow the exclusivity rules while toggling', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'aud', ['operation', 'audiosetting']);
    const audio = new AudioPage(page);
    await audio.goto();
    await audio.edit();
    expect(await audio.inputsOn()).toEqual(['Microphone 1', 'Line in 1']);

    await audio.switch('HDMI 5 audio').click();
    expect(await audio.inputsOn()).toEqual(['HDMI 5 audio']);
    await audio.switch('HDMI 5 audio').click();
    expect(await audio.inputsOn()).toEqual(['Microphone 1', 'Line in 1']);

    await audio.switch('Microphone 2').click();
    expect(await audio.inputsOn()).toEqual(['Microphone 2', 'Line in 1']);
    await audio.switch('Line in 2').click();
    expect(await audio.inputsOn()).toEqual(['Microphone 2', 'Line in 2']);

    await audio.switch('HDMI 5 audio').click();
    expect(await audio.inputsOn()).toEqual(['HDMI 5 audio']);
    await audio.switch('Line in 1').click();
    expect(await audio.inputsOn()).toEqual(['Line in 1']);

    // Every mic off is allowed; turning hdmi5 off afterwards brings mic 1 back.
    await audio.switch('HDMI 5 audio').click();
    await audio.switch('HDMI 5 audio').click();
    expect(await audio.inputsOn()).toEqual(['Microphone 1', 'Line in 1']);
    await audio.switch('Microphone 1').click();
    expect(await audio.inputsOn()).toEqual(['Line in 1']);
    await audio.reset();
  });

  test('a save the service refuses shows its message and stays in edit mode', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'aud', ['operation', 'audiosetting']);
    const audio = new AudioPage(page);
    await audio.goto();
    await audio.edit();
    await audio.setVolume('60');

    // The console never sends an impossible combination; forge one on the way so the real service refuses it.
    await page.route('**/api/setsetting', async (route) => {
      const body = route.request().postDataJSON() as { section: string; data: { key: string; value: string }[] }[];
      const input = body.find((s) => s.section === 'setting_audio_input')!;
      input.data = input.data.map((d) => (d.key === 'hdmi5' ? { ...d, value: 'true' } : d));
      await route.continue({ postData: JSON.stringify(body) });
    });
    await audio.save();
    await expect(audio.toast('Invalid setting: Microphone 1 must be off while HDMI 5 audio is on.')).toBeVisible();
    await audio.expectEditing();
    await expect(audio.volume).toHaveValue('60');
    await page.unroute('**/api/setsetting');

    expect((await storedSettings(adminApi, CODES)).setting_audio_input).toMatchObject({ analog_volume: '50', hdmi5: 'false' });
    await audio.reset();
    await expect(audio.volume).toHaveValue('50');
  });

  test("the message of a refused save is in the reader's language", async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.loginAs(u, p), 'aud', ['operation', 'audiosetting']);
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'zh_CN'));
    await page.goto('/console/operation/opeaudio');
    await expect(page.getByTestId('settings-viewing')).toBeVisible();
    await page.getByRole('button', { name: '编辑' }).click();
    await page.getByRole('spinbutton', { name: '模拟输入音量' }).fill('101');
    await expect(page.getByTestId('field-analog_volume').locator('.ant-form-item-explain-error')).toHaveText(
      '请输入 0 到 100 之间的整数。',
    );
    await page.getByRole('spinbutton', { name: '模拟输入音量' }).fill('100');
    await page.route('**/api/setsetting', async (route) => {
      const body = route.request().postDataJSON() as { section: string; data: { key: string; value: string }[] }[];
      body[0]!.data = body[0]!.data.map((d) => (d.key === 'macin2' ? { ...d, value: 'true' } : d));
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('.ant-message-notice', { hasText: '麦克风 1 和麦克风 2 不能同时开启' })).toBeVisible();
    await expect(page.getByTestId('settings-editing')).toBeVisible();
  });

  test("shows each enabled input's level with nothing recording, and while recording, to the Audio screen's users", async ({
    page,
    adminApi,
    loginPage,
  }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'audlvl', ['operation', 'audiosetting']);
    const audio = new AudioPage(page);
    await audio.goto();
    const levels = page.getByTestId('input-levels');
    // The screen asks the service to encode while it is open: the meters move with nothing recording or live.
    const meters = async () => {
      // The inputs on by default (mic 1, line 1) and the programme, each a meter the screen reader names.
      for (const id of ['macin1', 'linein1', 'program']) await expect(levels.getByTestId(`meter-${id}`)).toBeVisible({ timeout: 20_000 });
      await expect(levels.getByRole('meter')).toHaveCount(3);
      await expect(levels.getByTestId('meter-macin2')).toHaveCount(0);
    };
    await meters();
    expect((await adminApi.call<{ isrecording: string }>('status', {})).isrecording).toBe('false');
    expect((await adminApi.raw('recordctl', { control: 'start' })).envelope.result).toBe(true);
    try {
      await meters();
    } finally {
      await adminApi.raw('recordctl', { control: 'stop' });
    }
    await meters();
    // Left: the encode stops 10 s later.
    expect(await adminApi.previewStatus()).toBe(200);
    await page.goto('about:blank');
    await expect.poll(() => adminApi.previewStatus(), { timeout: 30_000 }).toBe(404);
  });

  test('needs the audio function', async ({ page, adminApi, loginPage }) => {
    const usercode = uniqueCode('noaud');
    await adminApi.newUser({ usercode, password: 'Audio-pass-1', functions: ['operation', 'videosetting'] });
    await loginPage.signInAs(usercode, 'Audio-pass-1');
    await page.goto('/console/operation/opeaudio');
    await expect(page.getByText('No permission')).toBeVisible();
  });

  test('screenshots in three languages, view and edit mode', async ({ page, adminPassword, loginPage }) => {
    const dir = process.env.AUDIO_SHOTS_DIR ?? resolve(import.meta.dirname, '../screenshots');
    mkdirSync(dir, { recursive: true });
    for (const lang of ['en_US', 'zh_CN', 'zh_HK']) {
      await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
      if (lang === 'en_US') await loginPage.loginAs('admin', adminPassword);
      await page.goto('/console/operation/opeaudio');
      await expect(page.getByTestId('settings-viewing')).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/audio-${lang}-view.png`, fullPage: true });
      await page.locator('.rc-page > .ant-card-head .ant-btn-primary').click();
      await expect(page.getByTestId('settings-editing')).toBeVisible();
      await page.getByTestId('field-analog_volume').locator('input').fill('120');
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/audio-${lang}-edit.png`, fullPage: true });
      await page.locator('.rc-page > .ant-card-head .ant-btn').last().click();
    }
  });
});
