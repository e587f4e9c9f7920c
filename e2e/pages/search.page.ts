import { expect, type Locator, type Page } from '@playwright/test';

/** A hit as searchmedia answers it (what the tests compare the page with). */
export interface SearchHit {
  recordid: string;
  recordtitle: string;
  kind: 'title' | 'chapter' | 'caption';
  language: string;
  chapternumber: number;
  position: number;
  part: number;
  offset: number;
  snippet: string;
}

/** The player's clock of a position in ms (`m:ss`, `h:mm:ss` from an hour), as the hits' buttons name it. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/**
 * The search box of the recordings list and the viewer's album page (components/search/MediaSearch.tsx), in any
 * language: found by its test id; what a person types, reads and clicks there.
 */
export class SearchBox {
  readonly box: Locator;
  readonly results: Locator;
  readonly hits: Locator;
  readonly empty: Locator;
  /** The navigation of the results' pages. */
  readonly pages: Locator;

  constructor(readonly page: Page) {
    this.box = page.getByTestId('media-search').getByRole('searchbox');
    this.results = page.getByTestId('search-results');
    this.hits = this.results.getByTestId('search-hit');
    this.empty = this.results.locator('.ant-empty');
    this.pages = this.results.getByRole('navigation');
  }

  /** Types the words and presses Enter; waits for the answer (hits or the empty state). */
  async search(words: string): Promise<void> {
    await this.box.fill(words);
    await this.box.press('Enter');
    await expect(this.hits.first().or(this.empty)).toBeVisible();
  }

  /** The hits of one kind (title, chapter or caption). */
  ofKind(kind: SearchHit['kind']): Locator {
    return this.results.locator(`[data-testid="search-hit"][data-kind="${kind}"]`);
  }

  /** The words marked as matched in a hit's snippet. */
  marked(hit: Locator): Locator {
    return hit.getByTestId('search-snippet').locator('mark');
  }

  /** The button that plays a hit (English): "Play <title> from <m:ss>". */
  playButton(title: string, positionMs: number): Locator {
    return this.results.getByRole('button', { name: `Play ${title} from ${clock(positionMs)}`, exact: true });
  }
}

/**
 * Where a video plays from: the start of the last stretch it has played (a seek starts a new one), else where it
 * stands. A player asked to start at a moment seeks there once the file's metadata is in and plays on (a headless
 * browser plays on its own, muted); the browser may have played a few milliseconds from 0 before that seek.
 */
export function startedAt(video: Locator): Promise<number> {
  return video.evaluate((v: HTMLVideoElement) => (v.played.length > 0 ? v.played.start(v.played.length - 1) : v.currentTime));
}

/** What a video has played, as [start, end] stretches in seconds (for a failure's message). */
export function playedRanges(video: Locator): Promise<number[][]> {
  return video.evaluate((v: HTMLVideoElement) => Array.from({ length: v.played.length }, (_, i) => [v.played.start(i), v.played.end(i)]));
}
