import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { Api } from '../support/api';
import { clickOption } from '../support/select';

interface Status {
  isrecording: string;
  isrecordpending: string;
  current: string;
}

/**
 * Records one real recording through the API: start, wait until the status shows `seconds` of recorded
 * video, stop, and wait until the engine is idle again (the recording is finalized and listed by then).
 */
export async function recordThroughApi(api: Api, seconds = 2): Promise<void> {
  await api.call('recordctl', { control: 'start' });
  await expect
    .poll(async () => Number((await api.call<Status>('status')).current), { timeout: 30_000, intervals: [250] })
    .toBeGreaterThanOrEqual(seconds);
  await api.call('recordctl', { control: 'stop' });
  await expect
    .poll(
      async () => {
        const s = await api.call<Status>('status');
        return s.isrecording === 'false' && s.isrecordpending === 'false';
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
}

/** /console/file/video and its detail page, in English: what a person does with the recordings. */
export class RecordingsPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly pager: Locator;
  readonly search: Locator;
  readonly info: Locator;
  readonly player: Locator;
  readonly video: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('recording-table');
    this.rows = this.table.locator('tr.ant-table-row');
    this.pager = page.locator('.ant-table-pagination');
    this.search = page.getByRole('searchbox', { name: 'Search by name' });
    this.info = page.locator('.ant-modal').filter({ has: page.getByTestId('recording-info') });
    this.player = page.locator('.ant-modal').filter({ has: page.getByTestId('player-video') });
    this.video = page.getByTestId('player-video');
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/file/video');
    await expect(this.table).toBeVisible();
    await expect(this.table.locator('.ant-spin-spinning')).toHaveCount(0);
  }

  row(title: string): Locator {
    return this.rows.filter({ hasText: title });
  }

  /** Types a name into the search box and presses Enter. */
  async searchFor(name: string): Promise<void> {
    await this.search.fill(name);
    await this.search.press('Enter');
  }

  /** Types both days into the created-date range. */
  async dateRange(start: string, end: string): Promise<void> {
    const from = this.page.getByPlaceholder('Start date', { exact: true });
    await from.click();
    await from.fill(start);
    await from.press('Enter');
    const to = this.page.getByPlaceholder('End date', { exact: true });
    await to.fill(end);
    await to.press('Enter');
    await expect(from).toHaveValue(start);
    await expect(to).toHaveValue(end);
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name });
  }

  async pageSize(size: number): Promise<void> {
    // Not chooseOption: a size that leaves one page removes the pager, select and all.
    await clickOption(this.page, this.pager.locator('.ant-select'), `${size} / page`);
  }

  async goToPage(n: number): Promise<void> {
    await this.pager.getByRole('listitem', { name: String(n), exact: true }).click();
  }

  /** Edits a title in place: the row's Rename button, the new text, Enter. */
  async rename(title: string, next: string, row = this.row(title)): Promise<void> {
    await row.getByRole('button', { name: 'Rename' }).click();
    const box = row.locator('textarea');
    await box.fill(next);
    await box.press('Enter');
  }

  action(title: string, name: 'Info' | 'Files' | 'Set album' | 'Play' | 'Delete'): Locator {
    return this.row(title).getByRole('button', { name: `${name} ${title}`, exact: true });
  }

  async openInfo(title: string): Promise<void> {
    await this.action(title, 'Info').click();
    await expect(this.info).toBeVisible();
  }

  async openPlayer(title: string): Promise<void> {
    await this.action(title, 'Play').click();
    await expect(this.player).toBeVisible();
  }

  /** The player's position in seconds. */
  currentTime(): Promise<number> {
    return this.video.evaluate((v: HTMLVideoElement) => v.currentTime);
  }

  /**
   * Records where each seek of the player lands from now on (the `seeked` event's position). The player goes on
   * playing after a seek, so its position a moment later says little on a loaded machine; the landing says it all.
   */
  async recordSeeks(): Promise<() => Promise<number[]>> {
    await this.video.evaluate((v: HTMLVideoElement & { rcSeeks?: number[] }) => {
      v.rcSeeks = [];
      v.addEventListener('seeked', () => v.rcSeeks?.push(v.currentTime));
    });
    return () => this.video.evaluate((v: HTMLVideoElement & { rcSeeks?: number[] }) => v.rcSeeks ?? []);
  }

  snapshot(time: string): Locator {
    return this.player.getByRole('button', { name: `Go to ${time}`, exact: true });
  }

  /** The player's first snapshot and its position in seconds (from its `Go to m:ss` name). */
  async firstSnapshot(): Promise<{ button: Locator; seconds: number }> {
    const button = this.player.getByRole('button', { name: /^Go to \d+:\d{2}$/ }).first();
    const [m, s] = ((await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '')
      .replace(/^Go to /, '')
      .split(':')
      .map(Number);
    return { button, seconds: (m ?? 0) * 60 + (s ?? 0) };
  }

  /** Clicks the row's Delete (or another button of the row) and agrees in the confirmation. */
  async delete(target: Locator): Promise<void> {
    await target.click();
    await this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
  }

  /** The detail page's file rows. */
  get fileRows(): Locator {
    return this.page.getByTestId('file-table').locator('tr.ant-table-row');
  }

  /** Ticks a file row's box for the batch download. */
  async selectFile(row: Locator): Promise<void> {
    await row.getByRole('checkbox').check();
  }

  /** Presses "Download selected (n)" and waits for the browser's download of the zip. */
  async downloadSelected(count: number): Promise<Download> {
    const started = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: new RegExp(`Download selected \\(${count}\\)$`) }).click();
    return started;
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}
