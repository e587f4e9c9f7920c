import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/test';
import { Api, uniqueCode } from '../support/api';
import { expectAccessible } from '../support/axe';
import { shoot } from '../support/screenshots';
import { motionDone } from '../support/settle';
import { type Cue, CaptionsPage, listTracks, PlayerCaptions, srt, trackCues, webVtt } from '../pages/captions.page';
import { callAsBrowser } from '../pages/users.page';
import { type RecordedRow, recordShort } from '../support/recording';

/*
 * Captions in the console (issue 22): a short real recording; a WebVTT and an SRT file imported through the detail
 * page's dialog (a bad one refused with its line), played in the console's player and the viewer's (language chosen
 * and Off), corrected in the editor (text, split, join, shift, a time, reviewed) and saved, refused with the cue's
 * number, removed; a user without recording rights sees no import or edit. The service's side (parsing, checks, the
 * part files) is apps/server's captions tests.
 */

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const TITLE = uniqueCode('Captions');
/** Recorded seconds: every cue below lies well within them. */
const RECORD_SECONDS = 6;
const EN_CUES: Cue[] = [
  { start: 0, end: 1500, text: 'Good morning everyone' },
  { start: 1500, end: 3000, text: 'Today we talk about captions' },
  { start: 3000, end: 4500, text: 'Thank you' },
];
const ZH_CUES: Cue[] = [
  { start: 0, end: 2000, text: '大家早上好' },
  { start: 2000, end: 4000, text: '今天讲字幕' },
];
/** A cue (its timing on line 6) that ends long after the recording. */
const BAD_VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n\n00:00:02.000 --> 00:30:00.000\nToo late\n';

interface Recording extends RecordedRow {
  files: (RecordedRow['files'][number] & { title: string })[];
}

let recordid = '';
/** The first part of the HD channel (ms): the cues its WebVTT file holds. */
let firstPartMs = 0;
let hdTitle = '';
let albumid: number | undefined;

const adminClient = async (playwright: { request: { newContext: () => Promise<APIRequestContext> } }, baseURL: string) => {
  const request = await playwright.request.newContext();
  const api = new Api(request, baseURL);
  await api.login('admin', process.env.E2E_ADMIN_PASSWORD ?? '');
  return { api, request };
};

test.describe('captions', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const { api, request } = await adminClient(playwright, process.env.E2E_BASE_URL ?? '');
    try {
      await api.call('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] });
      const newest = await recordShort<Recording>(api, RECORD_SECONDS, {
        timeoutMs: 60_000,
        ready: (row) => row.files.length > 0 && row.files.every((f) => f.url !== '' && f.duration > 0),
      });
      recordid = newest.recordid;
      await api.call('updaterecord', { recordid, title: TITLE });
      const hd = newest.files.filter((f) => f.channel === newest.files[0]!.channel);
      firstPartMs = Math.round(hd[0]!.duration * 1000);
      hdTitle = hd[0]!.title;
      const recordingMs = hd.reduce((ms, f) => ms + Math.round(f.duration * 1000), 0);
      expect(recordingMs, 'the cues lie within the recording').toBeGreaterThan(4800);
    } finally {
      await request.dispose();
    }
  });

  test.afterAll(async ({ playwright }) => {
    const { api, request } = await adminClient(playwright, process.env.E2E_BASE_URL ?? '');
    if (recordid) await api.raw('removerecord', { recordid });
    if (albumid !== undefined) await api.raw('deletealbum', { id: albumid });
    await request.dispose();
  });

  test('a WebVTT and an SRT file imported through the dialog; a bad file is refused with its line and nothing changes', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const captions = new CaptionsPage(page);
    await captions.goto(recordid);
    await expect(captions.table).toContainText('No caption tracks');

    // Not a caption file: refused before it is sent.
    await captions.importButton.click();
    await captions.dialog
      .getByTestId('caption-file-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(captions.dialog).toContainText('Only .vtt and .srt files can be imported');

    // WebVTT, in the console's language (English) by default.
    await captions.fillImport('lecture.vtt', webVtt(EN_CUES), undefined, 'Lecture');
    await expect(captions.dialog.locator('.ant-select')).toContainText('English');
    await captions.submitImport();
    await expect(captions.toast('Captions imported: 3 cues')).toBeVisible();
    await expect(captions.dialog).toBeHidden();
    await expect(captions.row('Lecture')).toContainText('English');
    await expect(captions.row('Lecture')).toContainText('Imported');
    await expect(captions.row('Lecture')).toContainText('Not reviewed');
    await expect(captions.row('Lecture').getByRole('cell', { name: '3', exact: true })).toBeVisible();

    // A bad file: the service names its line; the dialog stays, the track is as it was.
    await captions.fillImport('broken.vtt', BAD_VTT, 'English');
    await expect(captions.dialog).toContainText("The recording's English captions will be replaced.");
    await captions.submitImport();
    await expect(captions.problem).toContainText('The caption file is refused at line 6');
    await expect(captions.dialog).toBeVisible();
    await shoot(page, 'en_US-captions-import-refused');
    await captions.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(captions.dialog).toBeHidden();
    let tracks = await listTracks(page, recordid);
    expect(tracks.map((t) => [t.language, t.label, t.cues, t.origin])).toEqual([['en', 'Lecture', 3, 'imported']]);
    expect(await trackCues(page, tracks[0]!.id)).toEqual(EN_CUES);

    // SRT, in Simplified Chinese, without a label.
    await captions.fillImport('lecture-zh.srt', srt(ZH_CUES), 'Chinese (Simplified)');
    await captions.submitImport();
    await expect(captions.toast('Captions imported: 2 cues')).toBeVisible();
    await expect(captions.rows).toHaveCount(2);
    tracks = await listTracks(page, recordid);
    const zh = tracks.find((t) => t.language === 'zh-Hans');
    expect(zh).toMatchObject({ label: '', cues: 2, origin: 'imported', reviewed: false });
    expect(await trackCues(page, zh!.id)).toEqual(ZH_CUES);
    await expect(captions.row('Chinese (Simplified)')).toBeVisible();
  });

  test("the tracks play in the console's player and the viewer's, a language at a time or Off", async ({
    page,
    browser,
    baseURL,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const captions = new CaptionsPage(page);
    await captions.goto(recordid);
    await page
      .getByTestId('file-table')
      .getByRole('button', { name: `Play ${hdTitle}`, exact: true })
      .first()
      .click();
    const video = page.getByTestId('player-video');
    await expect(video).toBeVisible();
    const player = new PlayerCaptions(page, video);
    await expect(page.locator('.ant-modal').getByRole('combobox', { name: 'Captions', exact: true })).toBeVisible();
    const inFirstPart = (cues: Cue[]) => cues.filter((c) => c.start < firstPartMs).length;

    // Off at first: no track shows (nor loads).
    await expect
      .poll(() => player.tracks())
      .toEqual([
        { language: 'en', mode: 'disabled', cues: 0 },
        { language: 'zh-Hans', mode: 'disabled', cues: 0 },
      ]);
    await player.choose('English (Lecture)');
    await expect
      .poll(() => player.tracks())
      .toEqual([
        { language: 'en', mode: 'showing', cues: inFirstPart(EN_CUES) },
        { language: 'zh-Hans', mode: 'disabled', cues: 0 },
      ]);
    await expect.poll(() => player.activeAt(0.5)).toEqual(['Good morning everyone']);
    await shoot(page, 'en_US-captions-player');
    // Another part swaps only a <track>'s src (the element, and with it the chosen mode, stay): the browser loads the
    // new file's cues and keeps showing them. Here the English track is given the Chinese file, then its own again.
    const ownSrc = await video.evaluate((v: HTMLVideoElement) => {
      const [en, zh] = Array.from(v.querySelectorAll('track'));
      const own = en!.src;
      en!.src = zh!.src;
      return own;
    });
    await expect
      .poll(() => player.tracks())
      .toEqual([
        { language: 'en', mode: 'showing', cues: inFirstPart(ZH_CUES) },
        { language: 'zh-Hans', mode: 'disabled', cues: 0 },
      ]);
    await expect.poll(() => player.activeAt(2.5)).toEqual(['今天讲字幕']);
    await video.evaluate((v: HTMLVideoElement, src) => {
      v.querySelector('track')!.src = src;
    }, ownSrc);
    await expect.poll(() => player.activeAt(0.5)).toEqual(['Good morning everyone']);

    await player.choose('Chinese (Simplified)');
    await expect
      .poll(async () => (await player.tracks()).map((t) => [t.language, t.mode]))
      .toEqual([
        ['en', 'disabled'],
        ['zh-Hans', 'showing'],
      ]);
    await expect.poll(() => player.activeAt(2.5)).toEqual(['今天讲字幕']);
    expect((await player.tracks())[1]!.cues).toBe(inFirstPart(ZH_CUES));

    await player.choose('Off');
    await expect.poll(async () => (await player.tracks()).map((t) => t.mode)).toEqual(['disabled', 'disabled']);
    await expect.poll(() => player.activeAt(0.5)).toEqual([]);

    // The viewer's player, for someone without a session, of the recording in a shared album.
    const album = await callAsBrowser<{ id: number }>(page, 'editalbum', { id: -1, name: uniqueCode('Captioned'), share: true });
    albumid = album.envelope.data?.id;
    expect((await callAsBrowser(page, 'setalbum', { recordid, albumid })).envelope.message).toBe('');
    const anonymous = await browser.newContext({ baseURL });
    try {
      const viewer = await anonymous.newPage();
      await viewer.goto(`/main/files/detail?album=${albumid}&record=${recordid}`);
      const hd = viewer.locator('tr.ant-table-row', { has: viewer.getByText('HD', { exact: true }) });
      await hd.getByRole('button', { name: /^Play / }).click();
      const vod = new PlayerCaptions(viewer, viewer.getByTestId('vod-player'));
      await vod.choose('English (Lecture)');
      await expect
        .poll(async () => (await vod.tracks()).find((t) => t.language === 'en'))
        .toEqual({ language: 'en', mode: 'showing', cues: inFirstPart(EN_CUES) });
      await expect.poll(() => vod.activeAt(2)).toEqual(['Today we talk about captions']);
      await expect(viewer.getByRole('button', { name: /Import captions|^Edit / })).toHaveCount(0);
      await shoot(viewer, 'en_US-captions-viewer');
    } finally {
      await anonymous.close();
    }
  });

  test('the editor: a text corrected, a cue split, two joined, all shifted, a time typed, reviewed, saved and kept', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const captions = new CaptionsPage(page);
    await captions.goto(recordid);
    await captions.openEditor('Lecture');
    await expect(captions.cueRows).toHaveCount(3);
    await expect(captions.cueStart(2)).toHaveValue('0:00:01.500');
    await expect(captions.cueEnd(2)).toHaveValue('0:00:03.000');

    await captions.cueText(1).fill('Good morning, everyone');
    // Split at the middle of its time, the text at the space nearest its middle.
    await captions.cueButton('Split', 2).click();
    await expect(captions.cueRows).toHaveCount(4);
    await expect(captions.cueText(2)).toHaveValue('Today we talk');
    await expect(captions.cueText(3)).toHaveValue('about captions');
    await expect(captions.cueStart(3)).toHaveValue('0:00:02.250');
    // Joined with the next: from its start to the next one's end.
    await captions.cueButton('Join with next:', 3).click();
    await expect(captions.cueRows).toHaveCount(3);
    await expect(captions.cueText(3)).toHaveValue('about captions Thank you');
    await expect(captions.cueEnd(3)).toHaveValue('0:00:04.500');
    await captions.shift(200);
    await expect(captions.toast('Cues shifted by 200 ms')).toBeVisible();
    await expect(captions.cueStart(1)).toHaveValue('0:00:00.200');
    await captions.cueEnd(3).fill('0:00:04.800');
    await captions.cueEnd(3).press('Enter');
    await captions.editor.getByRole('checkbox', { name: 'Reviewed by a person' }).check();
    await expect(captions.editor.getByTestId('cue-count')).toHaveText('3 cues, not saved');
    await captions.save();
    await expect(captions.toast('Captions saved')).toBeVisible();
    await expect(captions.editor.getByTestId('cue-count')).toHaveText('3 cues');

    const expected: Cue[] = [
      { start: 200, end: 1700, text: 'Good morning, everyone' },
      { start: 1700, end: 2450, text: 'Today we talk' },
      { start: 2450, end: 4800, text: 'about captions Thank you' },
    ];
    const en = (await listTracks(page, recordid)).find((t) => t.language === 'en')!;
    expect(en).toMatchObject({ origin: 'edited', reviewed: true, cues: 3, label: 'Lecture' });
    expect(await trackCues(page, en.id)).toEqual(expected);

    // Loaded again: the service's.
    await page.reload();
    await expect(captions.row('Lecture')).toContainText('Edited');
    await expect(captions.row('Lecture')).toContainText('Reviewed');
    await captions.openEditor('Lecture');
    await expect(captions.cueText(1)).toHaveValue('Good morning, everyone');
    await expect(captions.cueStart(2)).toHaveValue('0:00:01.700');
    await expect(captions.editor.getByRole('checkbox', { name: 'Reviewed by a person' })).toBeChecked();

    // A cue ending before it starts: refused with its number, which is shown and focused.
    await captions.cueEnd(2).fill('0:00:00.100');
    await captions.cueEnd(2).press('Enter');
    await captions.save();
    await expect(captions.editorProblem).toContainText('Cue 2 is refused: the cue must end after it starts');
    await expect(captions.cueText(2)).toBeFocused();
    await shoot(page, 'en_US-captions-editor-refused');

    // Leaving with unsaved changes asks first; staying keeps them, leaving drops them.
    await captions.editor.getByRole('button', { name: 'Close' }).click();
    const ask = page.locator('.ant-modal-confirm', { hasText: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(captions.cueEnd(2)).toHaveValue('0:00:00.100');
    await captions.editor.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(captions.editor).toBeHidden();
    expect(await trackCues(page, en.id)).toEqual(expected);
  });

  test('no serious accessibility findings on the detail page with captions, the import dialog, the editor and the player, in three languages', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    test.setTimeout(150_000);
    await loginPage.signInAs('admin', adminPassword);
    const captions = new CaptionsPage(page);
    for (const lang of LANGUAGES) {
      await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
      await captions.goto(recordid);
      await expect(captions.rows).toHaveCount(2);
      await expectAccessible(page, `detail page with captions (${lang})`);
      await shoot(page, `${lang}-captions-detail`);

      await captions.importButton.or(captions.section.locator('.rc-captions-head button')).first().click();
      await expect(captions.dialog).toBeVisible();
      await expectAccessible(page, `import dialog (${lang})`, '.ant-modal');
      await shoot(page, `${lang}-captions-import`);
      await page.keyboard.press('Escape');
      await expect(captions.dialog).toBeHidden();

      await captions.rows.first().locator('button:has(.anticon-edit)').click();
      await expect(captions.cueRows.first()).toBeVisible();
      await captions.editor.locator('tbody .ant-checkbox-input').first().check();
      await page.mouse.move(0, 0);
      await motionDone(page);
      await expectAccessible(page, `caption editor (${lang})`);
      await shoot(page, `${lang}-captions-editor`);
      await page.keyboard.press('Escape');
      await expect(captions.editor).toBeHidden();

      await page.getByTestId('file-table').locator('tr.ant-table-row').first().locator('button:has(.anticon-play-circle)').click();
      const player = new PlayerCaptions(page, page.getByTestId('player-video'));
      await player.select.locator('.ant-select').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
      await expect.poll(async () => (await player.tracks()).find((t) => t.mode === 'showing')?.cues ?? 0).toBeGreaterThan(0);
      await player.activeAt(0.5);
      await expectAccessible(page, `player with captions (${lang})`, '.ant-modal');
      await page.mouse.move(0, 0);
      await shoot(page, `${lang}-captions-player`);
    }
  });

  test('a user without recording rights sees no import or edit, and still gets the captions in the viewer', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    const usercode = uniqueCode('capviewer');
    await adminApi.newUser({ usercode, password: 'Caption-pass-1', functions: [] });
    await loginPage.signInAs(usercode, 'Caption-pass-1');
    await page.goto(`/console/file/video/detail?id=${recordid}`);
    await expect(page.locator('.ant-result')).toBeVisible();
    await expect(page.getByTestId('captions-section')).toHaveCount(0);
    // Nor may they through the API.
    const refused = await callAsBrowser(page, 'importcaption', { recordid, language: 'en', format: 'vtt', text: webVtt(EN_CUES) });
    expect(refused.status).toBe(403);

    await page.goto(`/main/files/detail?album=${albumid}&record=${recordid}`);
    const hd = page.locator('tr.ant-table-row', { has: page.getByText('HD', { exact: true }) });
    await hd.getByRole('button', { name: /^Play / }).click();
    const vod = new PlayerCaptions(page, page.getByTestId('vod-player'));
    await vod.choose('English (Lecture)');
    await expect.poll(async () => (await vod.tracks()).find((t) => t.mode === 'showing')?.cues ?? 0).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /Import captions|^Edit / })).toHaveCount(0);
  });

  test('a track removed after its confirmation', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    const captions = new CaptionsPage(page);
    await captions.goto(recordid);
    await captions.row('Chinese (Simplified)').getByRole('button', { name: 'Remove Chinese (Simplified)' }).click();
    const confirm = page.locator('.ant-popconfirm', { hasText: 'Remove the Chinese (Simplified) captions?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(captions.toast('Captions removed')).toBeVisible();
    await expect(captions.rows).toHaveCount(1);
    expect((await listTracks(page, recordid)).map((t) => t.language)).toEqual(['en']);
  });
});
