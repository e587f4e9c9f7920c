import { expect, type Locator, type Page } from '@playwright/test';

/** The live player of components/live (workbench preview, viewer card), in English. */
export class LivePlayerPart {
  readonly video: Locator;
  readonly phase: Locator;

  constructor(
    readonly page: Page,
    within: Locator,
  ) {
    this.video = within.getByTestId('live-video');
    this.phase = within.getByTestId('live-phase');
  }

  /** `mpegts` (sub-second), `hls.js` or `native`, once the player has chosen. */
  playback(): Promise<string | null> {
    return this.video.getAttribute('data-playback');
  }

  currentTime(): Promise<number> {
    return this.video.evaluate((v: HTMLVideoElement) => v.currentTime);
  }

  /** Plays: the picture's clock moves on by more than a second. */
  async expectPlaying(timeout = 30_000): Promise<void> {
    await expect(this.video).toHaveAttribute('data-phase', 'playing', { timeout });
    const from = await this.currentTime();
    await expect.poll(() => this.currentTime(), { timeout: 15_000 }).toBeGreaterThan(from + 1);
  }

  /**
   * Plays again after an interruption: within `timeout`, the picture's clock moves on by more than half a second over
   * one second of watching (a reconnected player starts a new timeline, so only progress counts, not a position).
   */
  async expectAdvancing(timeout = 45_000): Promise<void> {
    await expect
      .poll(
        async () => {
          const from = await this.currentTime();
          await this.page.waitForTimeout(1000);
          return (await this.currentTime()) - from;
        },
        { timeout, intervals: [0] },
      )
      .toBeGreaterThan(0.5);
  }

  /** Seconds between what is shown and the newest picture received (the player's own buffer). */
  bufferedAhead(): Promise<number> {
    return this.video.evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(v.buffered.length - 1) - v.currentTime : 0));
  }

  /** Chooses `Low latency` or `Compatible (HLS)`. */
  async choose(mode: 'Low latency' | 'Compatible (HLS)'): Promise<void> {
    await this.page.getByTestId('live-mode').getByText(mode, { exact: true }).click();
  }
}

/** The Live panel of the workbench (/console/operation/opemain), in English. */
export class LivePanelPage {
  readonly panel: Locator;
  readonly state: Locator;
  readonly timer: Locator;
  readonly labels: Locator;
  readonly preview: Locator;
  /** The RTMP address line, shown while living. */
  readonly rtmp: Locator;
  readonly player: LivePlayerPart;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('live-panel');
    this.rtmp = page.getByTestId('live-rtmp');
    this.state = page.getByTestId('live-state');
    this.timer = page.getByTestId('live-timer');
    this.labels = page.getByTestId('live-labels');
    this.preview = page.getByTestId('live-preview');
    this.player = new LivePlayerPart(page, this.preview);
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/operation/opemain');
    await expect(this.state).toBeVisible();
    await expect(this.labels).toBeVisible();
  }

  button(name: 'Start live' | 'Stop live' | 'Edit' | 'Save' | 'Reset'): Locator {
    return this.panel.getByRole('button', { name });
  }

  field(label: 'Room name' | 'Live session name'): Locator {
    return this.panel.getByLabel(label, { exact: true });
  }

  publishSwitch(): Locator {
    return this.panel.getByRole('switch', { name: 'Show the live room to viewers' });
  }

  /** Start or Stop, then the status read 3 s later: the state it leads to. */
  async command(name: 'Start live' | 'Stop live', state: 'Living' | 'Idle'): Promise<void> {
    await this.button(name).click();
    await expect(this.state).toHaveText(state, { timeout: 30_000 });
  }

  /** The live time in seconds. */
  async seconds(): Promise<number> {
    const [h, m, s] = ((await this.timer.textContent()) ?? '').split(':').map(Number);
    return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
  }

  /** Edit, set the publish switch, Save: back in view mode with the new value. */
  async setPublished(on: boolean): Promise<void> {
    await this.button('Edit').click();
    const sw = this.publishSwitch();
    if ((await sw.getAttribute('aria-checked')) !== String(on)) await sw.click();
    await this.button('Save').click();
    await expect(this.page.locator('.ant-message-notice', { hasText: 'Settings saved' })).toBeVisible();
    await expect(this.button('Edit')).toBeVisible();
    await expect(this.labels).toContainText(on ? 'Shared with viewers' : 'Not shared');
  }
}

/** The viewer home's Live card. */
export class LiveCardPage {
  readonly card: Locator;
  readonly player: LivePlayerPart;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('live-card');
    this.player = new LivePlayerPart(page, this.card);
  }

  /** Opens /main and waits until it has asked `livesource` (the card's answer) and rendered it. */
  async goto(): Promise<void> {
    const asked = this.page.waitForResponse((res) => res.url().endsWith('/api/livesource'));
    await this.page.goto('/main');
    await asked;
    await expect(this.page.getByTestId('vod-card')).toBeVisible();
  }
}
