import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { Api, uniqueCode } from '../support/api';
import { shoot } from '../support/screenshots';
import { BLOCKING, axeScan, findingTable, findings, type Finding } from '../support/axe';
import { settled } from '../support/settle';
import { recordThroughApi, RecordingsPage } from '../pages/recordings.page';
import { callAsBrowser } from '../pages/users.page';
import type { LoginPage } from '../pages/login.page';

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
/** One more than a page of 10, so the list has two pages. */
const COUNT = 11;
const PREFIX = uniqueCode('Rec');
const title = (n: number) => `${PREFIX} ${String(n).padStart(2, '0')}`;

interface Listed {
  recordid: string;
  title: string;
  album: string;
  starttime: string;
  files: { filepath: string; title: string; channel: number }[];
}

async function adminApi(request: APIRequestContext): Promise<Api> {
  const api = new Api(request, process.env.E2E_BASE_URL ?? '');
  await api.login('admin', process.env.E2E_ADMIN_PASSWORD ?? '');
  return api;
}

async function mine(page: Page): Promise<Listed[]> {
  const res = await callAsBrowser<{ rows: Listed[] }>(page, 'listmedia', { usercode: '*', queryfields: { name: PREFIX }, pagesize: 100 });
  return res.envelope.data?.rows ?? [];
}

/** Logs in as admin through the form in any language (fields by id), forcing out the set-up's API session. */
async function login(loginPage: LoginPage, password: string, lang?: string): Promise<void> {
  const page = loginPage.page;
  if (lang) await page.addInitScript((value) => localStorage.setItem('roomcast.language', value), lang);
  await page.goto('/login');
  await page.locator('input#usercode').fill('admin');
  await page.locator('input#password').fill(password);
  await loginPage.submitAndLand();
}

test.describe('recordings', () => {
  test.describe.configure({ mode: 'serial' });

  // Real recordings, made once for the file: a light picture, a few seconds each, then titled 01..11 oldest first.
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(300_000);
    const request = await playwright.request.newContext();
    const api = await adminApi(request);
    await api.call('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] });
    for (let i = 0; i < COUNT; i++) await recordThroughApi(api);
    const newest = await api.call<{ rows: Listed[] }>('listmedia', { usercode: '*', pagesize: COUNT });
    const oldestFirst = [...newest.rows].reverse();
    for (const [i, r] of oldestFirst.entries()) await api.call('updaterecord', { recordid: r.recordid, title: title(i + 1) });
    await request.dispose();
  });

  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const api = await adminApi(request);
    const left = await api.call<{ rows: Listed[] }>('listmedia', { usercode: '*', queryfields: { name: PREFIX }, pagesize: 100 });
    for (const r of left.rows) await api.raw('removerecord', { recordid: r.recordid });
    await request.dispose();
  });

  test('lists, searches by name and date, and pages', async ({ page, loginPage, adminPassword }) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    await list.goto();

    await list.searchFor(PREFIX);
    await expect(list.rows).toHaveCount(10);
    await expect(list.pager).toContainText('Total: 11');
    await expect(list.row(title(11))).toBeVisible();
    await list.goToPage(2);
    await expect(list.rows).toHaveCount(1);
    await expect(list.row(title(1))).toBeVisible();
    // The search and the page are in the URL: the files page's Back, and a reload, come back to them.
    await list.action(title(1), 'Files').click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(list.search).toHaveValue(PREFIX);
    await expect(list.rows).toHaveCount(1);
    await expect(list.row(title(1))).toBeVisible();
    await page.reload();
    await expect(list.row(title(1))).toBeVisible();
    await expect(list.search).toHaveValue(PREFIX);
    await list.pageSize(20);
    await expect(list.rows).toHaveCount(11);
    // One page: no pager at all.
    await expect(list.pager).toHaveCount(0);

    await list.searchFor(title(3));
    await expect(list.rows).toHaveCount(1);
    await expect(list.row(title(3))).toBeVisible();

    // Created-date range: a day long ago finds nothing; the day they were made finds them.
    await list.searchFor(PREFIX);
    await list.dateRange('2000-01-01', '2000-01-02');
    await expect(list.table).toContainText('No recordings');
    const day = (await mine(page))[0]?.starttime.slice(0, 10) ?? '';
    await list.dateRange(day, day);
    await expect(list.rows).toHaveCount(11);

    await list.button('Reset').click();
    await expect(list.search).toHaveValue('');
    await expect(page.getByPlaceholder('Start date', { exact: true })).toHaveValue('');

    // Narrow view: titles are cut to 10 characters and an ellipsis.
    await list.searchFor(title(2));
    await page.setViewportSize({ width: 820, height: 900 });
    await expect(list.rows.first().locator('td').first()).toContainText(`${[...title(2)].slice(0, 10).join('')}…`);
  });

  test('renames a recording in place', async ({ page, loginPage, adminPassword }) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    await list.goto();
    await list.searchFor(title(5));
    const renamed = `${PREFIX} renamed`;
    await list.rename(title(5), renamed, list.rows.first());
    await expect(list.toast('Title saved')).toBeVisible();
    await list.searchFor(renamed);
    await expect(list.rows).toHaveCount(1);
    await page.reload();
    await list.searchFor(renamed);
    await expect(list.row(renamed)).toBeVisible();
  });

  test('shows every field in the info dialog', async ({ page, loginPage, adminPassword }) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    await list.goto();
    await list.searchFor(title(2));
    const r = (await mine(page)).find((x) => x.title === title(2));
    await list.openInfo(title(2));
    for (const label of [
      'ID',
      'Title',
      'Name',
      'Start time',
      'Stop time',
      'User',
      'Source',
      'FTP sync',
      'Media server sync',
      'Album',
      'Files',
    ])
      await expect(list.info.locator('th', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    await expect(list.info).toContainText(r?.recordid ?? '?');
    await expect(list.info).toContainText(title(2));
    await list.info.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(list.info).toBeHidden();
  });

  test('plays a recording and a snapshot seeks', async ({ page, loginPage, adminPassword }) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    await list.goto();
    await list.searchFor(title(4));
    await list.openPlayer(title(4));
    await expect.poll(() => list.video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    // The first snapshot is taken as the recording starts (0:00, or 0:01 when the first picture came late).
    const first = await list.firstSnapshot();
    await expect(first.button).toBeVisible();
    // Forward past it (by position: a headless browser may not play on its own), then the snapshot seeks back.
    await list.video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = v.duration - 0.1;
    });
    await expect.poll(() => list.currentTime()).toBeGreaterThan(first.seconds + 0.5);
    const seeks = await list.recordSeeks();
    await first.button.click();
    // It lands on the snapshot's position (and plays on from there).
    await expect.poll(async () => (await seeks()).some((at) => at < first.seconds + 0.5)).toBe(true);
  });

  test('deletes a recording after confirming', async ({ page, loginPage, adminPassword }) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    await list.goto();
    await list.searchFor(PREFIX);
    await list.delete(list.action(title(11), 'Delete'));
    await expect(list.toast('Delete completed')).toBeVisible();
    await expect(list.row(title(11))).toHaveCount(0);
    await expect(list.rows).toHaveCount(10);
    expect((await mine(page)).some((r) => r.title === title(11))).toBe(false);
  });

  test('detail: renames, offers the download and deletes a file', async ({ page, loginPage, adminPassword }) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    await list.goto();
    await list.searchFor(title(6));
    await list.action(title(6), 'Files').click();
    await expect(page).toHaveURL(/\/console\/file\/video\/detail\?id=\d+$/);
    const files = page.getByTestId('file-table').locator('tr.ant-table-row');
    const r = (await mine(page)).find((x) => x.title === title(6));
    const count = r?.files.length ?? 0;
    expect(count).toBeGreaterThan(1);
    await expect(files).toHaveCount(count);

    const first = files.first();
    const download = first.getByRole('link', { name: /^Download / });
    await expect(download).toHaveAttribute('href', /^\/media\//);
    await expect(download).toHaveAttribute('download', /\.mp4$/);
    await list.rename('', `${PREFIX} file`, first);
    await expect(list.toast('Title saved')).toBeVisible();
    await expect(first).toContainText(`${PREFIX} file`);

    const last = files.last();
    await list.delete(last.getByRole('button', { name: /^Delete / }));
    await expect(list.toast('Delete completed')).toBeVisible();
    await expect(files).toHaveCount(count - 1);
  });

  test('detail: downloads the chosen files as one zip, byte for byte', async ({ page, loginPage, adminPassword }, info) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    await list.goto();
    await list.searchFor(title(8));
    await list.action(title(8), 'Files').click();
    const r = (await mine(page)).find((x) => x.title === title(8));
    const files = r?.files ?? [];
    expect(files.length).toBeGreaterThan(1);
    await expect(list.fileRows).toHaveCount(files.length);
    await expect(page.getByRole('button', { name: /Download selected \(0\)$/ })).toBeDisabled();
    for (const row of await list.fileRows.all()) await list.selectFile(row);

    const download = await list.downloadSelected(files.length);
    expect(download.suggestedFilename()).toBe(`${title(8)}.zip`);
    const zip = info.outputPath('batch.zip');
    await download.saveAs(zip);
    expect(execFileSync('unzip', ['-t', zip], { encoding: 'utf8' })).toContain('No errors detected');
    const out = info.outputPath('batch');
    execFileSync('unzip', ['-q', zip, '-d', out]);
    // Each file as its own signed /media/ URL serves it.
    const listed = await callAsBrowser<{ rows: { files: { filepath: string; url: string }[] }[] }>(page, 'listmedia', {
      usercode: '*',
      recordid: r?.recordid,
    });
    for (const f of listed.envelope.data?.rows[0]?.files ?? []) {
      const original = await (await page.request.get(f.url)).body();
      const inZip = readFileSync(join(out, ...f.filepath.split('/').slice(-2)));
      expect(inZip.equals(original), f.filepath).toBe(true);
    }
  });

  test('sets the album of a recording', async ({ page, loginPage, adminPassword }) => {
    await login(loginPage, adminPassword);
    const name = uniqueCode('Album');
    const made = await callAsBrowser<{ id: number }>(page, 'editalbum', { id: -1, name });
    expect(made.envelope.message).toBe('');
    try {
      const list = new RecordingsPage(page);
      await list.goto();
      await list.searchFor(title(7));
      await list.action(title(7), 'Set album').click();
      await expect(page).toHaveURL(/\/console\/file\/video\/album\?isSelectMode=true&recordid=\d+$/);
      await page.getByRole('button', { name: `Select ${name}`, exact: true }).click();
      await expect(list.toast(`Moved to the album "${name}"`)).toBeVisible();
      // Back on the list as it was: the same search.
      await expect(page).toHaveURL(/\/console\/file\/video\?name=/);
      await expect(list.search).toHaveValue(title(7));
      await expect(list.row(title(7))).toContainText(name);
    } finally {
      await callAsBrowser(page, 'deletealbum', { id: made.envelope.data?.id });
    }
  });

  // Another user's recording in a shared album: they may see and play it, not change it, so the console offers neither
  // rename nor delete (listmedia's `mayedit`), where the service would answer "does not exist".
  test("detail of another user's recording in a shared album: no rename, no delete", async ({ page, loginPage, adminApi }) => {
    const name = uniqueCode('Shared');
    const { id: albumid } = await adminApi.call<{ id: number }>('editalbum', { id: -1, name, share: true });
    const usercode = uniqueCode('reader');
    const password = 'Reader-pass-1';
    try {
      const listed = await adminApi.call<{ rows: Listed[] }>('listmedia', { usercode: '*', queryfields: { name: title(9) } });
      const r = listed.rows[0];
      await adminApi.call('setalbum', { recordid: r.recordid, albumid });
      await adminApi.newUser({ usercode, password, functions: ['myrecord'] });
      await loginPage.signInAs(usercode, password);
      await page.goto(`/console/file/video/detail?id=${r.recordid}`);
      const list = new RecordingsPage(page);
      await expect(list.fileRows).toHaveCount(r.files.length);
      await expect(page.getByText(title(9), { exact: true })).toBeVisible();
      await expect(list.fileRows.first().getByRole('button', { name: /^Play / })).toBeEnabled();
      await expect(page.getByTestId('file-table').getByRole('button', { name: /^Delete / })).toHaveCount(0);
      await expect(page.getByTestId('file-table').getByRole('button', { name: 'Rename' })).toHaveCount(0);
      await shoot(page, 'en_US-recording-detail-not-mine');
    } finally {
      await adminApi.call('deletealbum', { id: albumid });
    }
  });

  test('no serious accessibility findings with rows, the info dialog, the player and the detail', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await login(loginPage, adminPassword);
    const list = new RecordingsPage(page);
    const all: Finding[] = [];
    const scan = async (where: string) => {
      await settled(page);
      all.push(...findings(where, await axeScan(page)));
    };
    await list.goto();
    await list.searchFor(PREFIX);
    await expect(list.rows).toHaveCount(10);
    await scan('list');
    await list.openInfo(title(2));
    await scan('info');
    await list.info.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(list.info).toBeHidden();
    await list.openPlayer(title(3));
    await expect(list.player.locator('.rc-snapshot img').first()).toBeVisible();
    await scan('player');
    await page.keyboard.press('Escape');
    await expect(list.player).toBeHidden();
    await list.action(title(3), 'Files').click();
    await expect(page.getByTestId('file-table').locator('tr.ant-table-row').first()).toBeVisible();
    await scan('detail');
    const blocking = all.filter((f) => BLOCKING.includes(f.impact));
    expect(blocking.length, findingTable(blocking)).toBe(0);
  });

  for (const lang of LANGUAGES) {
    test(`screenshots in ${lang}`, async ({ page, loginPage, adminPassword }) => {
      await login(loginPage, adminPassword, lang);
      const list = new RecordingsPage(page);
      await list.goto();
      // The name filter in the toolbar (the page's other box searches titles, chapters and captions), in any language.
      const byName = page.locator('.rc-recording-toolbar .ant-input-search input');
      await byName.fill(PREFIX);
      await byName.press('Enter');
      await expect(list.rows).toHaveCount(10);
      await shoot(page, `${lang}-recordings`);

      await list.rows.nth(1).locator('td').last().locator('button').first().click();
      await expect(list.info).toBeVisible();
      await shoot(page, `${lang}-recordings-info`);
      await list.info.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(list.info).toBeHidden();

      await list.rows.nth(1).locator('td').last().locator('button').nth(3).click();
      await expect(list.player).toBeVisible();
      await expect.poll(() => list.video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
      await expect(list.player.locator('.rc-snapshot img').first()).toBeVisible();
      await list.video.evaluate((v: HTMLVideoElement) => v.pause());
      await shoot(page, `${lang}-recordings-player`);
    });
  }
});
