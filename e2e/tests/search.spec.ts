import type { Locator } from '@playwright/test';
import { test, expect } from '../support/test';
import { Api, uniqueCode } from '../support/api';
import { expectAccessible } from '../support/axe';
import { shoot } from '../support/screenshots';
import { settled } from '../support/settle';
import { kv, storedSettings, type SettingSections } from '../support/settings';
import { callAsBrowser } from '../pages/users.page';
import { recordShort } from '../support/recording';
import { playedRanges, SearchBox, startedAt, type SearchHit } from '../pages/search.page';

/*
 * The search box (issue 22) in the recordings list and the viewer's album page: a real recording of a few seconds
 * with a unique title and an imported caption track holding a unique word; the service's side (what matches, the
 * order, the snippets, who sees what) is apps/server/test/**\/search*.test.ts.
 */

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
const HD = 10;
const TITLE = uniqueCode('Lecturesearch');
const WORD = uniqueCode('quokka');
const MISSING = uniqueCode('nowhere');
/** A word in the title of a chapter marked while recording. */
const TOPIC = uniqueCode('platypus');
/** A word in more cues than a page of results shows (10). */
const PAGED = uniqueCode('wombat');
const PAGED_CUES = 12;
const SETTINGS: SettingSections = [{ section: 'setting_rec_video_codec', data: kv({ main_quality: '270' }) }];
/** Recorded seconds at least: room for a cue of a second two seconds in. */
const RECORD_SECONDS = 5;

interface Recording {
  recordid: string;
  stop: boolean;
  files: { fileid: string; url: string; channel: number; duration: number }[];
}

let recordid = '';
let cueStart = 0;
let hdParts: Recording['files'] = [];
const albums: number[] = [];
let before: SettingSections = [];

/**
 * A player opened by a hit plays from the hit's moment in its part: the stretch it plays starts there (the seek lands
 * on a frame near it; a loaded machine may show it late, so the check is polled).
 */
async function expectPlayingFrom(video: Locator, hit: Pick<SearchHit, 'offset'>): Promise<void> {
  await expect(video).toBeVisible();
  await expect.poll(() => startedAt(video), { timeout: 20_000 }).toBeGreaterThan(hit.offset / 1000 - 0.5);
  expect(await startedAt(video), JSON.stringify(await playedRanges(video))).toBeLessThan(hit.offset / 1000 + 0.75);
}

test.describe('search', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL ?? '');
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD ?? '');
    const stored = await storedSettings(
      api,
      SETTINGS.map((s) => s.section),
    );
    before = SETTINGS.map((s) => ({ section: s.section, data: s.data.map(({ key }) => ({ key, value: stored[s.section]?.[key] ?? '' })) }));
    await api.call('setsetting', SETTINGS);
    // Recorded through the API, with a chapter marked a couple of seconds in; the newest recording, once it is
    // finalized with a file to play.
    const newest = await recordShort<Recording>(api, RECORD_SECONDS, {
      during: async (recorded) => {
        await expect.poll(recorded, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        await api.call('markchapter', { title: `Topic ${TOPIC}` });
      },
      ready: (row) => row.files.some((f) => f.channel === HD && f.url !== ''),
    });
    recordid = newest.recordid;
    hdParts = newest.files.filter((f) => f.channel === HD);
    await api.call('updaterecord', { recordid, title: TITLE });

    // A cue of a second with the unique word, two seconds in (earlier when the machine recorded less).
    const durationMs = Math.floor(hdParts.reduce((sum, f) => sum + f.duration, 0) * 1000);
    cueStart = Math.min(2000, Math.max(0, durationMs - 1500));
    const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23);
    const vtt = `WEBVTT\n\n${stamp(cueStart)} --> ${stamp(cueStart + 1000)}\nThe ${WORD} is a small marsupial\n`;
    await api.call('importcaption', { recordid, language: 'en', format: 'vtt', text: vtt });
    // A second track with the paging word in every cue, spread over the recording.
    const step = Math.floor((durationMs - 100) / PAGED_CUES);
    const cues = Array.from({ length: PAGED_CUES }, (_, i) => `${stamp(i * step)} --> ${stamp((i + 1) * step)}\nDer ${PAGED} ${i + 1}\n`);
    await api.call('importcaption', { recordid, language: 'de', format: 'vtt', text: `WEBVTT\n\n${cues.join('\n')}` });

    // The recording in a shared album, and a second shared album without it.
    for (const name of [uniqueCode('Searched'), uniqueCode('Other')]) {
      const { id } = await api.call<{ id: number }>('editalbum', { id: -1, name, share: true });
      albums.push(id);
    }
    await api.call('setalbum', { recordid, albumid: albums[0] });
    await request.dispose();
  });

  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL ?? '');
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD ?? '');
    await api.raw('recordctl', { control: 'stop' });
    if (before.length) await api.call('setsetting', before);
    if (recordid) await api.raw('removerecord', { recordid });
    for (const id of albums) await api.raw('deletealbum', { id });
    await request.dispose();
  });

  test('the recordings list finds the title and the caption word, plays from the cue, says when nothing matches', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    await page.goto('/console/file/video');
    const search = new SearchBox(page);
    await expect(page.getByTestId('recording-table')).toBeVisible();
    await expect(search.box).toHaveAccessibleName('Search titles, chapters and captions');

    // The title: one hit, its words marked, the query kept in the address.
    await search.search(TITLE);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${TITLE}`));
    await expect(page.getByTestId('recording-table')).toHaveCount(0);
    const title = search.ofKind('title');
    await expect(title).toHaveCount(1);
    await expect(search.marked(title)).toHaveText(TITLE);
    await expect(title).toContainText('Title');
    await expect(search.playButton(TITLE, 0)).toBeVisible();

    // The caption word: the cue's moment, as the service found it.
    await search.search(WORD);
    const answer = await callAsBrowser<{ rows: SearchHit[] }>(page, 'searchmedia', { query: WORD });
    const found = answer.envelope.data?.rows ?? [];
    const hit = found.find((h) => h.kind === 'caption');
    expect(hit, JSON.stringify(found)).toMatchObject({ recordid, language: 'en', position: cueStart });
    const caption = search.ofKind('caption');
    await expect(caption).toHaveCount(1);
    await expect(search.marked(caption)).toHaveText(WORD);
    await expect(caption.getByTestId('search-snippet')).toHaveText(`The ${WORD} is a small marsupial`);
    await expect(caption).toContainText('Captions · English');
    await shoot(page, 'en_US-search-results');

    // More moments than a page: the pages' navigation, the rest on page 2.
    await search.search(PAGED);
    await expect(search.hits).toHaveCount(10);
    await expect(search.results).toContainText(`Matches for “${PAGED}”: ${PAGED_CUES}`);
    await expect(search.ofKind('caption').first()).toContainText('Captions · German');
    await search.pages.getByRole('listitem', { name: '2', exact: true }).click();
    await expect(search.hits).toHaveCount(PAGED_CUES - 10);
    await shoot(page, 'en_US-search-pages');

    // A chapter's title: the chapter's number, its picture, played from the chapter.
    const video = page.getByTestId('player-video');
    await search.search(TOPIC);
    const chapterHit = (await callAsBrowser<{ rows: SearchHit[] }>(page, 'searchmedia', { query: TOPIC })).envelope.data?.rows[0];
    expect(chapterHit).toMatchObject({ recordid, kind: 'chapter' });
    const chapter = search.ofKind('chapter');
    await expect(chapter).toHaveCount(1);
    await expect(chapter).toContainText(`Chapter ${chapterHit!.chapternumber}`);
    await expect(search.marked(chapter)).toHaveText(TOPIC);
    await search.playButton(TITLE, chapterHit!.position).click();
    await expectPlayingFrom(video, chapterHit!);
    await expect(video).toHaveAttribute('data-file', hdParts[chapterHit!.part - 1]?.fileid ?? '');
    await page.keyboard.press('Escape');
    await expect(video).toHaveCount(0);

    // The caption hit plays its part from the cue.
    await search.search(WORD);
    await search.playButton(TITLE, hit!.position).click();
    await expectPlayingFrom(video, hit!);
    await expect(video).toHaveAttribute('data-file', hdParts[hit!.part - 1]?.fileid ?? '');
    await page.keyboard.press('Escape');
    await expect(video).toHaveCount(0);

    // Kept over a reload; a word that is nowhere says so; clearing brings the list back.
    await page.reload();
    await expect(search.box).toHaveValue(WORD);
    await expect(search.ofKind('caption')).toHaveCount(1);
    await search.search(MISSING);
    await expect(search.empty).toContainText(`Nothing found for “${MISSING}”`);
    await expect(search.hits).toHaveCount(0);
    await search.results.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(page.getByTestId('recording-table')).toBeVisible();
    await expect(search.box).toHaveValue('');
  });

  test('a viewer without a session searches a shared album: its recordings only, played from the moment', async ({ browser, baseURL }) => {
    const anonymous = await browser.newContext({ baseURL });
    try {
      const page = await anonymous.newPage();
      const search = new SearchBox(page);
      await page.goto(`/main/files?album=${albums[0]}`);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('vod-files').locator('tr.ant-table-row')).toHaveCount(1);
      await search.search(WORD);
      await expect(page).toHaveURL(new RegExp(`album=${albums[0]}&q=${WORD}`));
      await expect(search.hits).toHaveCount(1);
      await expect(search.marked(search.ofKind('caption'))).toHaveText(WORD);
      await settled(page);
      await shoot(page, 'en_US-search-viewer');

      const hits = (await callAsBrowser<{ rows: SearchHit[] }>(page, 'searchmedia', { query: WORD, albumid: albums[0] })).envelope.data
        ?.rows;
      expect(hits).toMatchObject([{ recordid, kind: 'caption', position: cueStart }]);
      await search.playButton(TITLE, cueStart).click();
      await expectPlayingFrom(page.getByTestId('vod-player'), hits![0]!);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('vod-player')).toHaveCount(0);

      // The other shared album does not hold it: nothing found there.
      await page.goto(`/main/files?album=${albums[1]}&q=${WORD}`);
      await expect(search.box).toHaveValue(WORD);
      await expect(search.empty).toContainText(`Nothing found for “${WORD}”`);
      await search.results.getByRole('button', { name: 'Clear search' }).click();
      await expect(page.getByTestId('vod-files')).toBeVisible();
    } finally {
      await anonymous.close();
    }
  });

  test('no serious accessibility findings on the results, in three languages', async ({ page, loginPage, adminPassword }) => {
    await loginPage.signInAs('admin', adminPassword);
    await page.goto('/console/file/video');
    for (const lang of LANGUAGES) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto(`/console/file/video?q=${WORD}`);
      const search = new SearchBox(page);
      await expect(search.ofKind('caption')).toHaveCount(1);
      await expectAccessible(page, `search results (${lang})`);
      await shoot(page, `${lang}-search-list`);
      await page.goto(`/main/files?album=${albums[0]}&q=${MISSING}`);
      await expect(search.empty).toBeVisible();
      await expectAccessible(page, `viewer search, nothing found (${lang})`);
      await shoot(page, `${lang}-search-empty`);
    }
  });
});
