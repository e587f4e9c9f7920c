import type { Locator, Page } from '@playwright/test';
import { SettingsPanelPage } from './settings-panel.page';

export type StorageSwitch =
  | 'Auto clear by free space'
  | 'Retention clear'
  | 'Record to internal disk'
  | 'Also record to USB disk'
  | 'Allow copying to USB disk'
  | 'Record HD'
  | 'Record SD';

/** /console/advance/storage, in English: the storage codes and the disk scan. */
export class StoragePage extends SettingsPanelPage<StorageSwitch> {
  readonly freeSize: Locator;
  readonly retentionDays: Locator;
  readonly diskScan: Locator;
  readonly scanButton: Locator;

  constructor(page: Page) {
    super(page, '/console/advance/storage');
    this.freeSize = page.getByRole('spinbutton', { name: 'Free space to keep (GB)' });
    this.retentionDays = page.getByRole('spinbutton', { name: 'Days to keep' });
    this.diskScan = page.getByTestId('disk-scan');
    this.scanButton = this.diskScan.getByRole('button', { name: 'Start disk scan' });
  }

  /** Whether auto clear and retention are on, in that order. */
  async clearing(): Promise<[boolean, boolean]> {
    return [await this.isOn('Auto clear by free space'), await this.isOn('Retention clear')];
  }

  panel(name: 'output' | 'autoClear' | 'retention' | 'segmentation'): Locator {
    return this.page.getByTestId(`settings-panel-${name}`);
  }
}
