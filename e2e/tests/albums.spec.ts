import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { BLOCKING, axeScan, expectAccessible, findingTable, findings } from '../support/axe';
import { shoot } from '../support/screenshots';
import { settled } from '../support/settle';
import { uniqueCode, type Api } from '../support/api';
import { AlbumsPage, COVER_PNG, ViewerLibrary } from '../pages/albums.page';
import { callAsBrowser } from '../pages/users.page';
import { type RecordedRow, recordShort } from '../support/recording';

interface Album {
  id: number;
  name: string;
  description: string;
  path: string;
  share: boolean;
  isdefault: boolean;
  count: number;
}

interface Recording extends RecordedRow {
  title: string;
  name: string;
}

const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;

async function albumsOf(page: Page): Promise<Album[]> {
  return (await callAsBrowser<Album[]>(page, 'listalbum')).envelope.data ?? [];
}

/** A real recording of at least `seconds` s (the lightest main quality), stopped and finalized. */
async function recordLight(api: Api, seconds: number): Promise<Recording> {
  await api.call('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] });
  return recordShort<Recording>(api, seconds);
}

test.describe('albums', () => {
  test('add with a cover, edit, share, play anonymously in the viewer, delete', async ({
    page,
    browser,
    baseURL,
    loginPage,
    adminPassword,
    adminApi,
  }) => {
    test.setTimeout(180_000);
    // Before the browser logs in as admin: that login ends this client's session.
    const recording = await recordLight(adminApi, 2);
    const title = recording.title || recording.name;
    const name = uniqueCode('Term');

    await loginPage.signInAs('admin', adminPassword);
    const albums = new AlbumsPage(page);
    await albums.goto();

    // The default album can be edited, never deleted.
    const defaultAlbum = (await albumsOf(page)).find((a) => a.isdefault);
    expect(defaultAlbum).toBeDefined();
    await expect(albums.row(defaultAlbum!.name).getByRole('button', { name: `Edit ${defaultAlbum!.name}` })).toBeVisible();
    await expect(albums.removeButton(defaultAlbum!.name)).toHaveCount(0);

    await albums.openAdd();
    await albums.save();
    await expect(albums.formError('Please input the album name.')).toBeVisible();
    const scan = findings('add album dialog', await axeScan(page, '.ant-modal'));
    expect(
      scan.filter((f) => BLOCKING.includes(f.impact)),
      findingTable(scan),
    ).toEqual([]);

    // Whitespace is stripped while typing the name (spec §5).
    await albums.field('Album name').pressSequentially(`${name.slice(0, 4)} ${name.slice(4)} `);
    await expect(albums.field('Album name')).toHaveValue(name);
    await albums.field('Description').fill('Lectures of the first term');
    // Not a picture: refused before it is sent.
    await albums.modal.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(albums.coverError).toHaveText('The file is not an image (PNG, JPEG, GIF or WebP).');
    await albums.chooseCover(COVER_PNG);
    await expect(albums.coverPreview).toBeVisible();
    await expect.poll(() => albums.coverPreview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
    await expect(albums.coverError).toHaveCount(0);
    await albums.save();
    await expect(albums.toast('Saved successfully')).toBeVisible();
    await expect(albums.modal).toBeHidden();
    await expect(albums.thumbnail(name)).toBeVisible();
    await expect.poll(() => albums.thumbnail(name).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);

    let saved = (await albumsOf(page)).find((a) => a.name === name);
    expect(saved).toMatchObject({ description: 'Lectures of the first term', share: false, isdefault: false, count: 0 });
    expect(saved?.path).toMatch(/^album\/\d+_cover\.png$/);
    const cover = await page.request.get(`/upload/${saved?.path}`);
    expect(cover.status()).toBe(200);
    expect(Buffer.compare(await cover.body(), COVER_PNG.buffer)).toBe(0);

    // Edit: the values come back, the cover is shown.
    await albums.openEdit(name);
    await expect(albums.field('Album name')).toHaveValue(name);
    await expect(albums.field('Description')).toHaveValue('Lectures of the first term');
    await expect(albums.coverPreview).toBeVisible();
    await expect(albums.shareField).not.toBeChecked();
    await shoot(page, 'en_US-albums-edit');
    await expectAccessible(page, 'edit album dialog with a cover', '.ant-modal');
    await albums.field('Description').fill('Term one');
    await albums.save();
    await expect(albums.modal).toBeHidden();
    await expect(albums.row(name)).toContainText('Term one');

    // Share from the table.
    await albums.shareSwitch(name).click();
    await expect(albums.toast('Saved successfully').last()).toBeVisible();
    await expect(albums.shareSwitch(name)).toBeChecked();
    saved = (await albumsOf(page)).find((a) => a.name === name);
    expect(saved).toMatchObject({ description: 'Term one', share: true });

    // The recording goes into the album.
    const put = await callAsBrowser(page, 'setalbum', { recordid: recording.recordid, albumid: saved!.id, albumname: name });
    expect(put.envelope.message).toBe('');
    await albums.page.reload();
    await expect(albums.row(name).getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await expectAccessible(page, 'albums with a cover');

    // Someone without a session: the viewer lists the shared album with its cover and plays its recording.
    const anonymous = await browser.newContext({ baseURL });
    try {
      const library = new ViewerLibrary(await anonymous.newPage());
      await library.goto();
      await expect(library.page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(library.album(name)).toBeVisible();
      await expect
        .poll(() =>
          library
            .album(name)
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBe(32);
      await expectAccessible(library.page, 'viewer library');
      await library.openAlbum(name);
      await expect(library.recording(title)).toBeVisible();
      await expectAccessible(library.page, 'album files');
      await library.play(title);
      await expect.poll(() => library.currentTime(), { timeout: 20_000 }).toBeGreaterThan(0.5);
      await shoot(library.page, 'en_US-viewer-player');
      await expectAccessible(library.page, 'player', '.ant-modal');
      await library.page.keyboard.press('Escape');
      await expect(library.player).toHaveCount(0);
      // The detail view: the recording's files, each playable.
      await library
        .recording(title)
        .getByRole('link', { name: `Files ${title}` })
        .click();
      await expect(library.page).toHaveURL(/\/main\/files\/detail\?album=\d+&record=/);
      await expect(library.page.locator('tr.ant-table-row').filter({ hasText: 'HD' })).toBeVisible();
      await expectAccessible(library.page, 'recording files');
    } finally {
      await anonymous.close();
    }

    // Pictures of the album screen and the viewer library in every language.
    for (const lang of LANGUAGES) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto('/console/file/album');
      await expect(page.locator('img.rc-album-thumb').first()).toBeVisible();
      await shoot(page, `${lang}-albums`);
      await page.goto('/main');
      await expect(page.getByTestId('vod-album').first()).toBeVisible();
      await shoot(page, `${lang}-viewer-library`);
      await page.goto(`/main/files?album=${saved!.id}`);
      await expect(page.locator('tr.ant-table-row').first()).toBeVisible();
      await settled(page);
      await shoot(page, `${lang}-viewer-files`);
    }
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));

    // Delete: asks first; the recording goes back to the default album.
    await albums.goto();
    await albums.remove(name);
    await expect(albums.toast('Delete success')).toBeVisible();
    await expect(albums.row(name)).toHaveCount(0);
    expect((await albumsOf(page)).some((a) => a.name === name)).toBe(false);
  });
});
