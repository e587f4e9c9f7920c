import { expect, type Locator, type Page } from '@playwright/test';
import { callAsBrowser } from './users.page';

export type Cycle = 'Once' | 'Daily' | 'Weekly' | 'Monthly';

export interface ScheduleFields {
  name?: string;
  /** `YYYY-MM-DD` and `HH:mm:ss`, typed into the pickers. */
  start?: [string, string];
  stop?: [string, string];
  cycle?: Cycle;
  weekdays?: string[];
}

/** /console/operation/opemain, in English: the Record panel, storage circles and recording schedules. */
export class WorkbenchPage {
  readonly recordPanel: Locator;
  readonly state: Locator;
  readonly timer: Locator;
  readonly busy: Locator;
  readonly storage: Locator;
  readonly schedules: Locator;
  readonly rows: Locator;
  /** The add/update schedule dialog. */
  readonly modal: Locator;

  constructor(readonly page: Page) {
    this.recordPanel = page.getByTestId('record-panel');
    this.state = page.getByTestId('record-state');
    this.timer = page.getByTestId('record-timer');
    this.busy = page.getByTestId('record-busy');
    this.storage = page.getByTestId('storage-panel');
    this.schedules = page.getByTestId('schedule-panel');
    this.rows = this.schedules.locator('tr.ant-table-row');
    this.modal = page.locator('.ant-modal').filter({ has: page.locator('form#schedule') });
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/operation/opemain');
    await expect(this.state).toBeVisible();
  }

  control(name: 'Start' | 'Pause' | 'Resume' | 'Stop'): Locator {
    return this.recordPanel.getByRole('button', { name });
  }

  /** Clicks a record control and waits until the command and the status reload after it are done. */
  async command(name: 'Start' | 'Pause' | 'Resume' | 'Stop'): Promise<void> {
    await this.control(name).click();
    await expect(this.busy).toBeHidden({ timeout: 30_000 });
  }

  /** The timer in seconds. */
  async seconds(): Promise<number> {
    const [h, m, s] = ((await this.timer.textContent()) ?? '').split(':').map(Number);
    return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async openAdd(): Promise<void> {
    await this.schedules.getByRole('button', { name: 'Add schedule' }).click();
    await expect(this.modal).toBeVisible();
  }

  async openEdit(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Edit' }).click();
    await expect(this.modal).toBeVisible();
  }

  /** Types into a date or time picker and commits it with Enter. */
  private async typePicker(placeholder: string, value: string): Promise<void> {
    const input = this.modal.getByPlaceholder(placeholder, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
  }

  async fill(fields: ScheduleFields): Promise<void> {
    if (fields.name !== undefined) await this.modal.getByLabel('Name', { exact: true }).fill(fields.name);
    if (fields.start) {
      await this.typePicker('Start date', fields.start[0]);
      await this.typePicker('Start time', fields.start[1]);
    }
    if (fields.stop) {
      await this.typePicker('Stop date', fields.stop[0]);
      await this.typePicker('Stop time', fields.stop[1]);
    }
    if (fields.cycle) await this.modal.getByText(fields.cycle, { exact: true }).click();
    for (const day of fields.weekdays ?? []) await this.modal.getByRole('checkbox', { name: day, exact: true }).check();
  }

  enableSwitch(): Locator {
    return this.modal.getByRole('switch');
  }

  async submit(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Submit' }).click();
  }

  formError(text: string): Locator {
    return this.modal.locator('.ant-form-item-explain-error', { hasText: text });
  }

  async delete(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Delete' }).click();
    await this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }

  /** A 270-line HD picture keeps the real ffmpeg encode light (the browser's own session does the write). */
  async useLightEncoding(): Promise<void> {
    const res = await callAsBrowser(this.page, 'writeconfig', {
      settingcode: 'setting_rec_video_codec',
      data: [{ key: 'main_quality', value: '270' }],
    });
    expect(res.envelope.message).toBe('');
  }

  /**
   * Device time `offsetS` seconds from now, as schedules take it: UTC shifted by the device zone
   * (readconfig leaves setting_datetime `current` empty, so the zone is all there is to read).
   */
  async deviceTime(offsetS: number): Promise<string> {
    const res = await callAsBrowser<{ key: string; value: string }[]>(this.page, 'readconfig', { settingcode: 'setting_datetime' });
    const zone = /^UTC([+-])(\d{2}):(\d{2})$/.exec(res.envelope.data?.find((r) => r.key === 'zone')?.value ?? '');
    const offsetMs = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) * 60_000 : 0;
    return new Date(Date.now() + offsetMs + offsetS * 1000).toISOString().slice(0, 19).replace('T', ' ');
  }

  /** Resolves with the next answer of the status poll. */
  async nextStatus(): Promise<void> {
    await this.page.waitForResponse((res) => res.url().endsWith('/api/status'));
    // Let the screen render what it read.
    await this.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }

  /**
   * Makes one request of the page's own and waits for its answer: requests the page started before it have
   * been seen by then (their events arrive in order), so a count read afterwards is complete.
   */
  async flushRequests(): Promise<void> {
    await callAsBrowser(this.page, 'roominfo');
  }

  /** Counts the page's `status` calls from now on. */
  countStatusCalls(): () => number {
    let n = 0;
    this.page.on('request', (req) => {
      if (req.url().endsWith('/api/status')) n++;
    });
    return () => n;
  }
}
