import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A settings screen built on the console's SettingsPanel (view mode with Edit; Save and Reset in edit mode),
 * in English. Each screen's page object extends it with its own fields.
 */
export class SettingsPanelPage<Switch extends string = string> {
  readonly editButton: Locator;
  readonly saveButton: Locator;
  readonly resetButton: Locator;

  constructor(
    readonly page: Page,
    private readonly path: string,
  ) {
    this.editButton = page.getByRole('button', { name: 'Edit' });
    this.saveButton = page.getByRole('button', { name: 'Save' });
    this.resetButton = page.getByRole('button', { name: 'Reset' });
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
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

  switch(label: Switch): Locator {
    return this.page.getByRole('switch', { name: label, exact: true });
  }

  async isOn(label: Switch): Promise<boolean> {
    return (await this.switch(label).getAttribute('aria-checked')) === 'true';
  }

  /** The red line under a field (its key, e.g. `analog_volume`). */
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
