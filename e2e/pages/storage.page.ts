import { expect, type Locator, type Page } from '@playwright/test';

export type StorageSwitch =
  | 'Auto clear by free space'
  | 'Retention clear'
  | 'Record to internal disk'
  | 'Also record to USB disk'
  | 'Allow copying to USB disk'
  | 'Record HD'
  | 'Record SD';

/** /console/advance/storage, in English: the settings template over the storage codes, and the disk scan. */
export class StoragePage {
  readonly freeSize: Locator;
  readonly retentionDays: Locator;
  readonly editButton: Locator;
  readonly saveButton: Locator;
  readonly resetButton: Locator;
  readonly diskScan: Locator;
  readonly scanButton: Locator;

  constructor(readonly page: Page) {
    this.freeSize = page.getByRole('spinbutton', { name: 'Free space to keep (GB)' });
    this.retentionDays = page.getByRole('spinbutton', { name: 'Days to keep' });
    this.editButton = page.getByRole('button', { name: 'Edit' });
    this.saveButton = page.getByRole('button', { name: 'Save' });
    this.resetButton = page.getByRole('button', { name: 'Reset' });
    this.diskScan = page.getByTestId('disk-scan');
    this.scanButton = this.diskScan.getByRole('button', { name: 'Start disk scan' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/advance/storage');
    await this.expectViewing();
  }

  async expectViewing(): Promise<void> {
    await expect(this.page.getByTestId('settings-viewing')).toBeVisible();
  }

  async expectEditing(): Promise<void> {
    await expect(this.page.getByTestId('settings-editing')).toBeVisible();
  }

  async edit(): Promise<void> {
    await this.editButton.click();
    await this.expectEditing();
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  async reset(): Promise<void> {
    await this.resetButton.click();
    await this.expectViewing();
  }

  switch(label: StorageSwitch): Locator {
    return this.page.getByRole('switch', { name: label, exact: true });
  }

  /** Whether auto clear and retention are on, in that order. */
  async clearing(): Promise<[boolean, boolean]> {
    const on = async (label: StorageSwitch) => (await this.switch(label).getAttribute('aria-checked')) === 'true';
    return [await on('Auto clear by free space'), await on('Retention clear')];
  }

  panel(name: 'output' | 'autoClear' | 'retention' | 'segmentation'): Locator {
    return this.page.getByTestId(`settings-panel-${name}`);
  }

  /** The red line under a field (its key, e.g. `freesize`). */
  fieldError(key: string): Locator {
    return this.page.getByTestId(`field-${key}`).locator('.ant-form-item-explain-error');
  }

  fieldHelp(key: string): Locator {
    return this.page.getByTestId(`field-${key}`).locator('.ant-form-item-explain');
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}
