import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@roomcast/test-servers';
import { test, expect } from '../support/test';
import { Api } from '../support/api';
import { expectAccessible } from '../support/axe';
import { SHOTS_WANTED, shoot } from '../support/screenshots';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { MediaStreamPage } from '../pages/media-stream.page';

/*
 * The SRT outputs on the Media stream screen (issue 20): the SRT settings (a short passphrase marked on the field
 * before anything is saved) and each output's control (idle / started, Start and Stop; no timer, as the status has no
 * start time of an SRT output) against a real SRT receiver on loopback: Debian's ffmpeg listening, which the service
 * calls. axe checks the screen in each language while an output streams. The real encoder runs: the HD picture is made
 * light first.
 */

/** English last: the walk goes on in it. */
const LANGUAGES = [
  { label: '简体中文', lang: 'zh_CN', tag: 'zh-CN' },
  { label: '繁體中文', lang: 'zh_HK', tag: 'zh-HK' },
  { label: 'English', lang: 'en_US', tag: 'en-US' },
] as const;
const STREAMER = ['operation', 'mediastream'];
const LIGHT_ENCODING = { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] };
const SRT_OFF = [
  {
    section: 'setting_live_srt',
    data: kv({
      mainenable: 'false',
      mainurl: '',
      subenable: 'false',
      suburl: '',
      mode: 'caller',
      latency: '200',
      pbkeylen: '16',
      streamid: '',
    }),
  },
];
/** An MPEG-TS packet: 188 bytes, each starting with the sync byte 0x47. */
const TS_PACKET = 188;

test.describe('media stream: SRT outputs', () => {
  let dir: string;
  let received: string;
  let port: number;
  let receiver: ChildProcess | undefined;

  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'e2e-srt-'));
    received = join(dir, 'main.ts');
    port = await freePort();
  });

  // One service serves every spec: leave the outputs off and their settings empty.
  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL!);
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD!);
    for (const channel of ['1', '2']) await api.raw('srtchannelctl', { channel, control: 'stop' });
    await api.call('setsetting', SRT_OFF);
    await request.dispose();
    receiver?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('SRT main calls a real receiver: a short passphrase refused on the field, started and streaming, an output that is off refused, stopped; axe in three languages', async ({
    page,
    adminApi,
    loginPage,
    shell,
  }) => {
    test.setTimeout(120_000);
    await adminApi.call('writeconfig', LIGHT_ENCODING);
    await adminApi.call('setsetting', SRT_OFF);
    await loginUserWith(adminApi, (u, p) => loginPage.loginAs(u, p), 'srt', STREAMER);
    const screen = new MediaStreamPage(page);
    await screen.goto();
    await expect(screen.state('main', 'srt')).toHaveText('Idle');
    await expect(screen.channel('main', 'srt')).toContainText('No URL saved yet');
    await expect(screen.timer('main', 'srt')).toHaveCount(0);
    await expect(screen.start('main', 'srt')).toBeEnabled();
    await expect(screen.stop('main', 'srt')).toBeDisabled();

    const url = `srt://127.0.0.1:${port}`;
    await screen.edit();
    await screen.srtSwitch('Main output').click();
    await screen.srtUrl('main').fill(url);
    // Too short for libsrt (10 to 79 characters): marked on the field, and Save sends nothing.
    await screen.srtPassphrase.fill('short');
    await expect(screen.srtFieldError('passphrase')).toBeVisible();
    await expectAccessible(page, 'mediastream editing');
    const writes: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(setsetting|writeconfig)$/.test(r.url())) writes.push(r.url().split('/').pop()!);
    });
    await screen.save();
    await expect(screen.toast('Please correct the fields marked in red.')).toBeVisible();
    await screen.expectEditing();
    expect(writes).toEqual([]);
    // No passphrase: the receiver below takes the stream unencrypted.
    await screen.srtPassphrase.fill('');
    await expect(screen.srtFieldError('passphrase')).toHaveCount(0);
    await screen.save();
    await expect(screen.toast('Settings saved')).toBeVisible();
    await screen.expectViewing();
    expect(writes).toEqual(['setsetting']);
    expect((await storedSettings(adminApi, ['setting_live_srt'])).setting_live_srt).toMatchObject({
      mainenable: 'true',
      mainurl: url,
      mode: 'caller',
    });
    await expect(screen.channel('main', 'srt')).toContainText(url);

    // The receiver listens; Start makes the box call it. (A short probe and each packet flushed: what arrives is on
    // disk at once.)
    receiver = spawn(
      'ffmpeg',
      ['-nostdin', '-loglevel', 'error', '-y', '-probesize', '32768', '-analyzeduration', '0', '-i', `${url}?mode=listener`].concat([
        '-c',
        'copy',
        '-flush_packets',
        '1',
        '-f',
        'mpegts',
        received,
      ]),
      { stdio: 'ignore' },
    );
    await screen.start('main', 'srt').click();
    await expect(screen.start('main', 'srt')).toBeDisabled();
    await expect(screen.state('main', 'srt')).toHaveText('Started', { timeout: 30_000 });
    await expect(screen.stop('main', 'srt')).toBeEnabled();
    await expect.poll(() => (existsSync(received) ? statSync(received).size : 0), { timeout: 30_000 }).toBeGreaterThan(50 * TS_PACKET);
    const ts = readFileSync(received);
    expect([ts[0], ts[TS_PACKET], ts[2 * TS_PACKET]]).toEqual([0x47, 0x47, 0x47]);
    // The RTMP outputs are their own.
    await expect(screen.state('main')).toHaveText('Idle');

    // Started, in each language (chosen in the header, no reload): axe, and the pictures (with edit mode's marked
    // passphrase) when they are wanted.
    for (const { label, lang, tag } of LANGUAGES) {
      await shell.chooseLanguage(label);
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
      await expect(screen.state('main', 'srt')).toHaveClass(/ant-tag-green/);
      await expectAccessible(page, `${lang} mediastream, SRT started`);
      if (!SHOTS_WANTED) continue;
      await shoot(page, `${lang}-mediastream-srt-started`);
      // Edit is the header's primary button, Reset its last one, in every language.
      await page.locator('.rc-page > .ant-card-head .ant-btn-primary').click();
      await page.locator('#setting_live_srt-passphrase').fill('short');
      await expect(screen.srtFieldError('passphrase')).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `${lang}-mediastream-srt-edit`);
      await page.locator('.rc-page > .ant-card-head .ant-btn').last().click();
      await screen.expectViewing();
    }

    // The sub output is off in the settings: the service refuses, in the reader's language. Main stops meanwhile
    // (each output waits 3 s for its status on its own).
    await screen.start('sub', 'srt').click();
    await expect(screen.toast('The SRT sub output is not enabled: turn it on in the SRT settings first.')).toBeVisible();
    await screen.stop('main', 'srt').click();
    await expect(screen.state('sub', 'srt')).toHaveText('Idle');
    await expect(screen.start('sub', 'srt')).toBeEnabled();
    await expect(screen.state('main', 'srt')).toHaveText('Idle', { timeout: 15_000 });
    await expect(screen.start('main', 'srt')).toBeEnabled();
    await expect(screen.stop('main', 'srt')).toBeDisabled();
    expect(await adminApi.call<Record<string, string>>('status')).toMatchObject({ ismainsrt: 'false', issubsrt: 'false' });
  });
});
