import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';

/** The checks of the contract (HEALTH_CHECKS) with their English names in the panel. */
export const HEALTH_CHECK_NAMES = {
  audio: 'Audio',
  video: 'Video',
  encoder: 'Encoder',
  disk: 'Recording disk',
  uploads: 'Uploads',
  opencast: 'Opencast',
  clock: 'Clock',
  certificate: 'HTTPS certificate',
  box: 'Recorder',
} as const;
export type HealthCheckName = keyof typeof HEALTH_CHECK_NAMES;

/** The room's health in English: the header's badge and the workbench's Health panel with its history. */
export class HealthPage {
  /** The badge in the header (the confidence monitor has one too). */
  readonly badge: Locator;
  readonly panel: Locator;
  readonly history: Locator;
  readonly historyRows: Locator;
  readonly filter: Locator;

  constructor(readonly page: Page) {
    this.badge = page.locator('header.rc-header').getByTestId('health-badge');
    this.panel = page.getByTestId('health-panel');
    this.history = this.panel.getByTestId('health-history');
    this.historyRows = this.history.locator('tr.ant-table-row');
    this.filter = this.history.getByTestId('health-filter');
  }

  /** The workbench, scrolled to the Health panel as the badge leaves it. */
  async goto(): Promise<void> {
    await this.page.goto('/console/operation/opemain#health');
    await this.expectChecks();
  }

  /** Waits until the panel lists every check. */
  async expectChecks(): Promise<void> {
    for (const name of Object.keys(HEALTH_CHECK_NAMES) as HealthCheckName[]) await expect(this.check(name)).toBeVisible();
  }

  check(name: HealthCheckName): Locator {
    return this.panel.getByTestId(`health-check-${name}`);
  }

  /** Shows only the changes of one check (its English name), or all of them ('All checks'). */
  async filterBy(label: string): Promise<void> {
    await chooseOption(this.page, this.filter, label);
  }
}
