import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import type { Api } from '../support/api';
import { kv, loginUserWith, startFromSettings } from '../support/settings';
import { chooseOption } from '../support/select';
import { shoot } from '../support/screenshots';
import { expectAccessible } from '../support/axe';
import { AudioPage } from '../pages/audio.page';
import { VideoPage } from '../pages/video.page';
import { callAsBrowser } from '../pages/users.page';

/*
 * Issue 20: the capture devices the box finds, listed and bound on the Video and Audio screens. There is no capture
 * hardware here: each service runs fake v4l2-ctl, arecord and aplay that print outputs recorded from real devices
 * (support/capture-tools.ts): an IPEVO document camera (/dev/video0), a Sony α7 IV (/dev/video2) and an EMEET S800
 * (/dev/video4); a Magewell DVI capture and an onboard card recording; the onboard card's HDMI outputs playing.
 */

const VIDEO_SOURCES = ['hdmi1', 'hdmi2', 'hdmi3', 'hdmi4', 'sdi1', 'sdi2', 'sdi3', 'sdi4'];
const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const EMEET = 'EMEET SmartCam S800: EMEET Smar (/dev/video4)';
/** Nothing bound, as every other spec expects (a bound camera that is not really there would record "no signal"). */
const NO_DEVICES = [
  {
    section: 'setting_video_devices',
    data: kv(Object.fromEntries(VIDEO_SOURCES.flatMap((s) => ['', 'format', 'size', 'fps'].map((k) => [`${s}${k}`, ''])))),
  },
  { section: 'setting_audio_devices', data: kv({ mic1: '', mic2: '', line1: '', line2: '', hdmi5: '', hdmiaudioout: '' }) },
  { section: 'setting_video_input', data: kv({ channelA: 'hdmi1', channelB: 'hdmi2' }) },
];

const field = (page: Page, key: string): Locator => page.getByTestId(`field-${key}`);
const select = (page: Page, key: string): Locator => field(page, key).locator('.ant-select');
const choose = (page: Page, key: string, option: string) => chooseOption(page, select(page, key), option);

/** A camera and a sound device bound, and one of each the box does not find now. */
const SOME_BOUND = [
  {
    section: 'setting_video_devices',
    data: kv({ hdmi1: '/dev/video4', hdmi1format: 'MJPG', hdmi1size: '1920x1080', hdmi1fps: '60', hdmi2: '/dev/video9' }),
  },
  { section: 'setting_audio_devices', data: kv({ mic1: 'hw:CARD=DVI,DEV=0', line1: 'hw:CARD=Device,DEV=0' }) },
];

async function stored(api: Api, code: string): Promise<Record<string, string>> {
  const data = await api.call<{ key: string; value: string }[]>('readconfig', { settingcode: code });
  return Object.fromEntries(data.map((d) => [d.key, d.value]));
}

test.describe('capture devices', () => {
  startFromSettings(NO_DEVICES);

  test('the Video screen lists the cameras found with their formats, sizes and rates', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'cap', ['operation', 'videosetting']);
    const video = new VideoPage(page);
    await video.goto();
    // The metadata nodes (video1, video3, video5) are left out.
    const found = page.getByTestId('capture-devices');
    await expect(found.getByTestId('capture-device')).toHaveCount(3);
    await expect(found.getByRole('region', { name: 'IPEVO Ziggi-HD Plus (/dev/video0)' })).toContainText('usb-0000:00:14.0-10');
    await expect(found.getByRole('region', { name: 'ILCE-7M4 (/dev/video2)' }).getByRole('row')).toHaveCount(3);
    const emeet = found.getByRole('region', { name: EMEET });
    await expect(emeet).toContainText('uvcvideo');
    await expect(emeet.getByRole('row', { name: /MJPG/ })).toContainText('1920x1080: 60, 30, 24 fps');
    await expect(emeet.getByRole('row', { name: /H264/ })).toContainText('3840x2160: 30, 24 fps');
    // Nothing bound: the channels record the stand-in, and no mode is asked of a device.
    await expect(video.fieldHelp('channelA')).toContainText('No capture device for this source');
    await expect(field(page, 'hdmi1format')).toHaveCount(0);
  });

  test('binds an input to a camera with a format, size and rate it offers; saved and read back', async ({ page, adminApi, loginPage }) => {
    // A bound device the box does not find now: kept and marked missing.
    await adminApi.call('setsetting', [{ section: 'setting_video_devices', data: kv({ hdmi2: '/dev/video9' }) }]);
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'cap', ['operation', 'videosetting']);
    const video = new VideoPage(page);
    await video.goto();
    await expect(select(page, 'hdmi2')).toContainText(/\/dev\/video9\s*Missing/);
    await expect(video.fieldHelp('hdmi2')).toContainText('does not find this device now');
    await expect(video.fieldHelp('channelB')).toContainText('Capture device: /dev/video9. The recorder does not find it now');

    await video.edit();
    expect(await video.options('hdmi1')).toEqual([
      'None (test pattern)',
      'IPEVO Ziggi-HD Plus (/dev/video0)',
      'ILCE-7M4 (/dev/video2)',
      EMEET,
    ]);
    await choose(page, 'hdmi1', EMEET);
    expect(await video.options('hdmi1format')).toEqual(["Device's own", 'MJPG (Motion-JPEG)', 'YUYV (YUYV 4:2:2)', 'H264 (H.264)']);
    await choose(page, 'hdmi1format', 'H264 (H.264)');
    await choose(page, 'hdmi1size', '3840x2160');
    expect(await video.options('hdmi1fps')).toEqual(['Encoding rate (30 fps)', '30 fps', '24 fps']);
    await choose(page, 'hdmi1fps', '24 fps');
    // The α7 IV offers none of these: the format, size and rate go back to the device's own.
    await choose(page, 'hdmi1', 'ILCE-7M4 (/dev/video2)');
    await expect(select(page, 'hdmi1format')).toContainText("Device's own");
    await expect(select(page, 'hdmi1size')).toContainText("Device's own");
    await expect(select(page, 'hdmi1fps')).toContainText('Encoding rate (30 fps)');
    await choose(page, 'hdmi1', EMEET);
    await choose(page, 'hdmi1format', 'YUYV (YUYV 4:2:2)');
    await choose(page, 'hdmi1size', '1920x1080');
    await choose(page, 'hdmi1fps', '60 fps');
    await expect(video.fieldHelp('channelA')).toHaveText(`Capture device: ${EMEET}`);
    await video.save();
    await expect(video.toast('Settings saved')).toBeVisible();
    await video.expectViewing();

    expect(await stored(adminApi, 'setting_video_devices')).toMatchObject({
      hdmi1: '/dev/video4',
      hdmi1format: 'YUYV',
      hdmi1size: '1920x1080',
      hdmi1fps: '60',
      hdmi2: '/dev/video9',
    });
    const sources = await adminApi.call<{ source: string; device: string; missing: boolean }[]>('listsource');
    expect(sources.filter((s) => s.device)).toEqual([
      { source: 'hdmi1', device: '/dev/video4', missing: false },
      { source: 'hdmi2', device: '/dev/video9', missing: true },
    ]);
    await page.reload();
    await video.expectViewing();
    await expect(select(page, 'hdmi1')).toContainText(EMEET);
    await expect(select(page, 'hdmi1fps')).toContainText('60 fps');
  });

  test('the Audio screen lists the sound devices found and binds an input and the HDMI output', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'cap', ['operation', 'audiosetting']);
    const audio = new AudioPage(page);
    await audio.goto();
    await expect(page.getByTestId('sound-capture').locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId('sound-capture').getByRole('row', { name: /USB Audio #1/ })).toContainText('hw:CARD=DVI,DEV=1');
    await expect(page.getByTestId('sound-playback').locator('tbody tr')).toHaveCount(6);
    await expect(audio.fieldHelp('hdmiaudiooutput')).toContainText('no HDMI audio output device');

    await audio.edit();
    await expect(audio.switch('HDMI audio output')).toBeDisabled();
    await choose(page, 'mic1', 'USB Capture DVI+: USB Audio (hw:CARD=DVI,DEV=0)');
    await choose(page, 'hdmiaudioout', 'HDA Intel PCH: HDMI 0 (hw:CARD=PCH,DEV=3)');
    // A device to play on: the switch can be used.
    await expect(audio.switch('HDMI audio output')).toBeEnabled();
    await audio.save();
    await expect(audio.toast('Settings saved')).toBeVisible();
    await audio.expectViewing();
    expect(await stored(adminApi, 'setting_audio_devices')).toMatchObject({ mic1: 'hw:CARD=DVI,DEV=0', hdmiaudioout: 'hw:CARD=PCH,DEV=3' });
    await expect(audio.fieldHelp('hdmiaudiooutput')).toContainText('Plays the recorded sound on HDA Intel PCH: HDMI 0 (hw:CARD=PCH,DEV=3)');
  });

  test('a user without the video settings function cannot read or bind the video devices', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'cap', ['operation', 'audiosetting']);
    await page.goto('/console/operation/opevideo');
    await expect(page.getByText('No permission')).toBeVisible();
    await expect(page.getByTestId('capture-devices')).toHaveCount(0);
    // The service refuses it too; the devices themselves are the Audio screen's as well.
    const read = await callAsBrowser(page, 'readconfig', { settingcode: 'setting_video_devices' });
    expect(read.envelope).toMatchObject({ result: false, message: 'You do not have permission to do this.' });
    const write = await callAsBrowser(page, 'setsetting', [{ section: 'setting_video_devices', data: kv({ hdmi1: '/dev/video4' }) }]);
    expect(write.envelope.result).toBe(false);
    expect((await callAsBrowser(page, 'listcapturedevices')).envelope.result).toBe(true);
  });

  test('the devices, bound and missing, pass axe in view and edit mode', async ({ page, adminApi, loginPage }) => {
    await adminApi.call('setsetting', SOME_BOUND);
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'cap', ['operation', 'videosetting', 'audiosetting']);
    const video = new VideoPage(page);
    await video.goto();
    await expect(page.getByTestId('capture-device')).toHaveCount(3);
    await expect(video.fieldHelp('hdmi2')).toBeVisible();
    await expectAccessible(page, 'video, view');
    await video.edit();
    await expectAccessible(page, 'video, edit');
    const audio = new AudioPage(page);
    await audio.goto();
    await expect(audio.fieldHelp('line1')).toBeVisible();
    await expectAccessible(page, 'audio, view');
    await audio.edit();
    await expectAccessible(page, 'audio, edit');
  });

  for (const lang of LANGUAGES) {
    test(`screenshots of the Video and Audio screens' devices in ${lang}`, async ({ page, adminApi, adminPassword, loginPage }) => {
      await adminApi.call('setsetting', SOME_BOUND);
      await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto('/login');
      await page.locator('input#usercode').fill('admin');
      await page.locator('input#password').fill(adminPassword);
      await loginPage.submitAndLand();
      await page.goto('/console/operation/opevideo');
      await expect(page.getByTestId('capture-device')).toHaveCount(3);
      await shoot(page, `${lang}-video-devices`);
      await page.locator('.rc-page > .ant-card-head .ant-btn-primary').click();
      await expect(page.getByTestId('settings-editing')).toBeVisible();
      await select(page, 'hdmi1fps').click();
      await shoot(page, `${lang}-video-devices-edit`);
      await page.keyboard.press('Escape');
      await page.goto('/console/operation/opeaudio');
      await expect(page.getByTestId('sound-capture').locator('tbody tr')).toHaveCount(4);
      await shoot(page, `${lang}-audio-devices`);
    });
  }
});
