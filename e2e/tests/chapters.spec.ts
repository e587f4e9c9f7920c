import { test, expect } from '../support/test';
import { Api, uniqueCode } from '../support/api';
import { expectAccessible } from '../support/axe';
import { shoot, shootPart } from '../support/screenshots';
import { kv, storedSettings, type SettingSections } from '../support/settings';
import { ChapterList, listChapters, markButton, openConsolePlayer } from '../pages/chapters.page';
import { callAsBrowser } from '../pages/users.page';
import { WorkbenchPage } from '../pages/workbench.page';

/*
 * Chapters in the console (issue 22): a real recording of the synthetic slides (a new slide every 3 s on the wall
 * clock, read by the service's Tesseract) with a Mark pressed on the Record panel; the player lists them, seeks,
 * highlights the playing one and renames; the viewer's player lists them too. The service's side (times, OCR
 * accuracy, parts) is apps/server/test/chapters/slide-chapters.test.ts.
 */

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const TITLE = uniqueCode('Chapters');
const SETTINGS: SettingSections = [
  { section: 'setting_rec_video_codec', data: kv({ main_quality: '270' }) },
  { section: 'setting_ppt', data: kv({ slidechannel: 'C', chapterenable: 'true' }) },
];
const SLIDES = 'slides:3';
/** Recorded seconds: the first slide, and at least two changes of a slide every 3 s. */
const RECORD_SECONDS = 8;

let recordid = '';
let albumid: number | undefined;
let before: SettingSections = [];

test.describe('chapters', () => {
  test.describe.configure({ mode: 'serial' });

  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL ?? '');
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD ?? '');
    await api.raw('recordctl', { control: 'stop' });
    await api.call('writeconfig', { settingcode: 'setting_video_devices', data: [{ key: 'hdmi3', value: '' }] });
    if (before.length) await api.call('setsetting', before);
    if (recordid) await api.raw('removerecord', { recordid });
    if (albumid !== undefined) await api.raw('deletealbum', { id: albumid });
    await request.dispose();
  });

  test('a recording of slides with a mark: listed with their text, seeking, highlighted, renamed; in the viewer too', async ({
    page,
    adminApi,
    loginPage,
    adminPassword,
  }) => {
    test.setTimeout(180_000);
    const stored = await storedSettings(
      adminApi,
      SETTINGS.map((s) => s.section),
    );
    before = SETTINGS.map((s) => ({ section: s.section, data: s.data.map(({ key }) => ({ key, value: stored[s.section]?.[key] ?? '' })) }));
    await adminApi.call('setsetting', SETTINGS);
    await adminApi.call('writeconfig', { settingcode: 'setting_video_devices', data: [{ key: 'hdmi3', value: SLIDES }] });

    // Recorded from the workbench, with one Mark a few seconds in.
    await loginPage.loginAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.goto();
    await expect(markButton(page)).toBeDisabled();
    await wb.command('Start');
    await expect(wb.state).toHaveText('Recording');
    await expect.poll(() => wb.seconds(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await markButton(page).click();
    await expect(page.locator('.ant-message-notice', { hasText: /^Chapter marked at \d{2}:\d{2}:\d{2}$/ })).toBeVisible();
    await shootPart(page, wb.recordPanel, 'en_US-chapters-mark');
    await expect.poll(() => wb.seconds(), { timeout: 30_000 }).toBeGreaterThanOrEqual(RECORD_SECONDS);
    await wb.command('Stop');
    await expect(wb.state).toHaveText('Idle', { timeout: 30_000 });
    await expect(markButton(page)).toBeDisabled();

    const newest = await callAsBrowser<{ rows: { recordid: string }[] }>(page, 'listmedia', { usercode: '*', pagesize: 1 });
    recordid = newest.envelope.data?.rows[0]?.recordid ?? '';
    expect((await callAsBrowser(page, 'updaterecord', { recordid, title: TITLE })).envelope.message).toBe('');

    // The player lists the slides and the mark once every slide's text has been read.
    const player = await openConsolePlayer(page, TITLE);
    await expect(player.items.first()).toBeVisible();
    await expect(player.reading).toHaveCount(0, { timeout: 60_000 });
    const chapters = await listChapters(page, recordid);
    const slides = chapters.filter((c) => c.kind === 'slide');
    const marks = chapters.filter((c) => c.kind === 'mark');
    const show = JSON.stringify(chapters.map(({ thumb, ...c }) => c));
    expect(slides.length, show).toBeGreaterThanOrEqual(3);
    expect(marks.length, show).toBe(1);
    // The slides' titles as OCR read them (one of the drawn titles, give or take a character), the mark "Chapter N".
    for (const c of slides) expect(c.title.trim(), show).not.toBe('');
    expect(marks[0]?.title).toBe('');
    await expect(player.items).toHaveCount(chapters.length);
    for (const c of chapters) await expect(player.chapter(c)).toBeVisible();
    await expect(player.list.locator('img').first()).toBeVisible();

    // Clicking a later chapter seeks there (its part, its offset) and highlights it.
    await player.rewind();
    await expect(player.chapter(chapters[0]!)).toHaveAttribute('aria-current', 'true');
    const later = slides.at(-1)!;
    const seeks = await player.recordSeeks();
    await player.chapter(later).click();
    await expect.poll(async () => (await seeks()).some((at) => Math.abs(at - later.offset / 1000) < 1.5), { message: show }).toBe(true);
    await expect(player.chapter(later)).toHaveAttribute('aria-current', 'true');
    await expect(player.current).toHaveCount(1);

    // Renamed in place (Esc leaves the box, not the player); the new title is the service's (after a reload).
    const first = chapters[0]!;
    await player.renameButton(first).click();
    await expect(player.renameBox(first)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(player.renameBox(first)).toHaveCount(0);
    await expect(player.renameButton(first)).toBeFocused();
    await expect(player.video).toBeVisible();
    const renamed = `Introduction ${uniqueCode('')}`;
    await player.rename(first, renamed);
    await expect(wb.toast('Chapter renamed')).toBeVisible();
    // Opened anew (the page loaded again): the title is the service's.
    const again = await openConsolePlayer(page, TITLE);
    await expect(again.chapter(renamed)).toBeVisible();

    // The viewer's player of a shared album lists them (read-only) and seeks the same way.
    const album = await callAsBrowser<{ id: number }>(page, 'editalbum', { id: -1, name: uniqueCode('Lectures'), share: true });
    albumid = album.envelope.data?.id;
    expect((await callAsBrowser(page, 'setalbum', { recordid, albumid })).envelope.message).toBe('');
    await page.goto(`/main/files/detail?album=${albumid}&record=${recordid}`);
    const hd = page.getByTestId('vod-detail').locator('tr.ant-table-row', { has: page.getByText('HD', { exact: true }) });
    await hd.getByRole('button', { name: /^Play / }).click();
    const viewer = new ChapterList(page, page.getByTestId('vod-player'));
    await expect(viewer.chapter(renamed)).toBeVisible();
    await expect(viewer.list.getByRole('button', { name: /^Rename / })).toHaveCount(0);
    await viewer.rewind();
    await viewer.chapter(later).click();
    await expect(viewer.chapter(later)).toHaveAttribute('aria-current', 'true');
    await viewer.video.evaluate((v: HTMLVideoElement) => v.pause());
    await shoot(page, 'en_US-chapters-viewer');
  });

  test('no serious accessibility findings on the player with chapters, in three languages', async ({ page, loginPage, adminPassword }) => {
    await loginPage.loginAs('admin', adminPassword);
    for (const lang of LANGUAGES) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      const player = await openConsolePlayer(page, TITLE);
      await expect(player.items.first()).toBeVisible();
      await player.rewind();
      await expect(player.current).toHaveCount(1);
      await expectAccessible(page, `player with chapters (${lang})`);
      // The pointer left where the row's play button was would hover a chapter's button in the picture.
      await page.mouse.move(0, 0);
      await shoot(page, `${lang}-chapters-player`);
    }
    // Narrow: the list goes under the video.
    await page.setViewportSize({ width: 820, height: 900 });
    await shoot(page, 'zh_HK-chapters-player-narrow');
  });
});
