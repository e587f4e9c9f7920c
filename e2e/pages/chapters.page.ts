import { expect, type Locator, type Page } from '@playwright/test';
import { callAsBrowser } from './users.page';

/** A chapter as listchapter answers it. */
export interface ListedChapter {
  id: string;
  kind: 'slide' | 'mark';
  number: number;
  position: number;
  part: number;
  offset: number;
  title: string;
  textstate: 'pending' | 'done' | 'none';
  thumb: string;
}

/** The title the list shows: the chapter's own, else "Slide N" or "Chapter N" (in English). */
export function shownTitle(c: ListedChapter): string {
  return c.title || `${c.kind === 'slide' ? 'Slide' : 'Chapter'} ${c.number}`;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The chapter list beside a player's video (the console's and the viewer's): what a person reads and clicks there. */
export class ChapterList {
  readonly list: Locator;
  readonly items: Locator;
  /** The chapter being played (the highlighted one). */
  readonly current: Locator;
  /** Slides whose text is still being read, whatever the language. */
  readonly reading: Locator;

  constructor(
    readonly page: Page,
    readonly video: Locator,
  ) {
    this.list = page.getByTestId('chapter-list');
    this.items = this.list.getByRole('listitem');
    this.current = this.list.locator('button[aria-current="true"]');
    this.reading = this.list.locator('.rc-chapter-reading');
  }

  /**
   * The button that plays from a chapter: its name is the title and the time. A listed chapter is found by its place in
   * the list (titles repeat: the synthetic slides have four), a title alone by its name.
   */
  chapter(c: ListedChapter | string): Locator {
    if (typeof c !== 'string') return this.itemOf(c).getByRole('button', { name: new RegExp(`^${escaped(shownTitle(c))} \\d+:\\d{2}`) });
    return this.list.getByRole('button', { name: new RegExp(`^${escaped(c)} \\d+:\\d{2}`) });
  }

  renameButton(c: ListedChapter): Locator {
    return this.itemOf(c).getByRole('button', { name: `Rename ${shownTitle(c)}`, exact: true });
  }

  /** The box a chapter's title is edited in, open after its Rename button. */
  renameBox(c: ListedChapter): Locator {
    return this.itemOf(c).getByRole('textbox', { name: `New title of ${shownTitle(c)}`, exact: true });
  }

  /** Renames a chapter in place: its Rename button, the new title, Enter. */
  async rename(c: ListedChapter, next: string): Promise<void> {
    await this.renameButton(c).click();
    await this.renameBox(c).fill(next);
    await this.renameBox(c).press('Enter');
  }

  /** A chapter's row, by its number (the list shows them in the recording's order). */
  private itemOf(c: ListedChapter): Locator {
    return this.items.nth(c.number - 1);
  }

  /** Where each seek of the video lands from now on (the `seeked` event's position, in seconds). */
  async recordSeeks(): Promise<() => Promise<number[]>> {
    await this.video.evaluate((v: HTMLVideoElement & { rcSeeks?: number[] }) => {
      v.rcSeeks = [];
      v.addEventListener('seeked', () => v.rcSeeks?.push(v.currentTime));
    });
    return () => this.video.evaluate((v: HTMLVideoElement & { rcSeeks?: number[] }) => v.rcSeeks ?? []);
  }

  /** Stops the video at the start, so the first chapter plays (a headless browser plays on its own, muted). */
  async rewind(): Promise<void> {
    await expect.poll(() => this.video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await this.video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      v.pause();
      v.currentTime = 0;
    });
  }
}

/** The chapters of a recording as the service lists them, through the browser's session. */
export async function listChapters(page: Page, recordid: string): Promise<ListedChapter[]> {
  const res = await callAsBrowser<{ chapters: ListedChapter[] }>(page, 'listchapter', { recordid });
  expect(res.envelope.message).toBe('');
  return res.envelope.data?.chapters ?? [];
}

/** The Record panel's Mark button (English). */
export function markButton(page: Page): Locator {
  return page.getByTestId('record-panel').getByRole('button', { name: /Mark$/ });
}

/**
 * Opens the console's player of a recording from the recordings list, searched by its title (in the address, so in
 * any language), by the row's play button.
 */
export async function openConsolePlayer(page: Page, title: string): Promise<ChapterList> {
  await page.goto(`/console/file/video?name=${encodeURIComponent(title)}`);
  const row = page.getByTestId('recording-table').locator('tr.ant-table-row', { hasText: title });
  await row.locator('button:has(.anticon-play-circle)').click();
  const video = page.getByTestId('player-video');
  await expect(video).toBeVisible();
  return new ChapterList(page, video);
}
