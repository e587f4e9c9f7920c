import { test, expect } from '../support/test';
import { kv, loginUserWith, startFromSettings, storedSettings } from '../support/settings';
import { VideoPage } from '../pages/video.page';

/*
 * The Video screen (spec §2, §4, §5, §9): input video A-F and encoding video over the shared settings template.
 * The options of each mode come from the contract (this service runs in normal mode); the service refuses what the
 * screen refuses (apps/server/test/picture-settings.test.ts, packages/contract/src/settings/video-modes.test.ts).
 */

const CODES = ['setting_video_input', 'setting_rec_video_codec'];
const DEFAULTS = [
  { section: 'setting_video_input', data: kv({ channelA: 'hdmi1', channelB: 'hdmi2', channelC: 'hdmi3', channelD: '', rtspURLA: '' }) },
  {
    section: 'setting_rec_video_codec',
    data: kv({ main_quality: '1080', main_bitrate: '4000', main_streamtype: 'cbr', sub_bitrate: '500' }),
  },
  { section: 'setting_advance_media_save', data: kv({ resource_vi0_enable: 'false' }) },
];

test.describe('video settings', () => {
  startFromSettings(DEFAULTS);

  test('edit with checks on the fields, the options of the mode, save, reload, reset', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'vid', ['operation', 'videosetting', 'setting', 'storage']);
    const video = new VideoPage(page);
    await video.goto();

    // View mode: the device's values, and the device each source is bound to (none here: the stand-in).
    await expect(video.select('channelA')).toContainText('HDMI 1');
    await expect(video.fieldHelp('channelA')).toContainText('No capture device for this source');
    await expect(video.select('main_quality')).toContainText('1080P');
    await expect(video.fieldHelp('sub_quality')).toContainText('always 360 lines');

    await video.edit();
    // Normal mode: no 2160, no 20000; RTSP is a source.
    expect(await video.options('main_quality')).toEqual(['1080P', '720P', '480P', '270P']);
    expect(await video.options('main_bitrate')).not.toContain('20 Mbps');
    expect(await video.options('channelD')).toContain('RTSP');

    // Channels A-C are required; an RTSP channel needs its URL; whitespace goes while typing.
    await video.choose('channelA', 'None');
    await expect(video.fieldError('channelA')).toHaveText('Channel A must have a source. Please choose one.');
    await video.save();
    await expect(video.toast('Please correct the fields marked in red.')).toBeVisible();
    await video.expectEditing();
    // An SRT channel needs its URL too (issue 20), then back to RTSP.
    await video.choose('channelA', 'SRT');
    await expect(video.fieldError('srtURLA')).toHaveText('Channel A is set to SRT. Please input its SRT URL.');
    await video.choose('channelA', 'RTSP');
    await expect(video.fieldError('rtspURLA')).toHaveText('Channel A is set to RTSP. Please input its RTSP URL.');
    await video.rtspUrl('A').fill('rtsp://cam a/live 1');
    await expect(video.rtspUrl('A')).toHaveValue('rtsp://cama/live1');
    await expect(video.fieldError('rtspURLA')).toHaveCount(0);

    await video.choose('main_quality', '720P');
    await video.choose('main_bitrate', '8 Mbps');
    await video.save();
    await expect(video.toast('Settings saved')).toBeVisible();
    await video.expectViewing();

    const stored = await storedSettings(adminApi, CODES);
    expect(stored.setting_video_input).toMatchObject({ channelA: 'rtsp', rtspURLA: 'rtsp://cama/live1' });
    expect(stored.setting_rec_video_codec).toMatchObject({ main_quality: '720', main_bitrate: '8000', sub_quality: '360' });

    await page.reload();
    await video.expectViewing();
    await expect(video.select('channelA')).toContainText('RTSP');
    await expect(video.rtspUrl('A')).toHaveValue('rtsp://cama/live1');
    await expect(video.select('main_quality')).toContainText('720P');

    // Reset leaves edit mode with the device's values.
    await video.edit();
    await video.choose('main_quality', '480P');
    await video.reset();
    await expect(video.select('main_quality')).toContainText('720P');
  });

  test('advises 4 Mbps or less while channels are recorded on their own', async ({ page, adminApi, loginPage }) => {
    await adminApi.call('setsetting', [{ section: 'setting_advance_media_save', data: kv({ resource_vi0_enable: 'true' }) }]);
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'vid', ['operation', 'videosetting', 'setting', 'storage']);
    const video = new VideoPage(page);
    await video.goto();
    await video.edit();
    await video.choose('main_bitrate', '8 Mbps');
    await expect(video.fieldHelp('main_bitrate')).toHaveText(
      'Channels are recorded on their own: keep the main bitrate at 4 Mbps or less.',
    );
    await video.choose('main_bitrate', '4 Mbps');
    await expect(video.fieldHelp('main_bitrate')).toHaveCount(0);
    await video.reset();
  });

  test('Edit is disabled while recording', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'vid', ['operation', 'videosetting']);
    const video = new VideoPage(page);
    await video.goto();
    await expect(video.editButton).toBeEnabled();
    expect((await adminApi.raw('recordctl', { control: 'start' })).envelope.result).toBe(true);
    // The console's status poll (every 5 s) sees it.
    await expect(video.blocked).toHaveText('Recording: stop it to change the video settings.', { timeout: 15_000 });
    await expect(video.editButton).toBeDisabled();
    expect((await adminApi.raw('recordctl', { control: 'stop' })).envelope.result).toBe(true);
    await expect(video.editButton).toBeEnabled({ timeout: 15_000 });
    await expect(video.blocked).toHaveCount(0);
  });
});
