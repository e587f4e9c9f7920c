import { expect, type Locator, type Page } from '@playwright/test';

/** /console/system/about, in English: the versions, the product and the hidden product editor. */
export class AboutPage {
  readonly titleIcon: Locator;
  readonly editor: Locator;

  constructor(readonly page: Page) {
    this.titleIcon = page.getByTestId('about-title-icon');
    this.editor = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/system/about');
    await expect(this.page.getByTestId('settings-viewing')).toBeVisible();
  }

  /** A key's value as the page shows it (read-only text, or the value of a disabled box). */
  async value(code: string, key: string): Promise<string> {
    const control = this.page.locator(`[id="${code}-${key}"]`);
    return (await control.evaluate((el) => (el instanceof HTMLInputElement ? el.value : (el.textContent ?? '')))).trim();
  }

  async openEditor(): Promise<void> {
    await this.titleIcon.dblclick();
    await expect(this.editor).toBeVisible();
  }

  /** The editor's first step: an administrator's credentials, then Continue (the dialog's submit button, any language). */
  async giveCredentials(usercode: string, password: string): Promise<void> {
    await this.editor.locator('input#product-admin_usercode').fill(usercode);
    await this.editor.locator('input#product-admin_password').fill(password);
    await this.editor.locator('button[type=submit]').click();
  }
}

/** /console/system/update, in English. */
export class UpdatePage {
  readonly versions: Locator;
  readonly install: Locator;
  readonly confirm: Locator;
  readonly progress: Locator;
  readonly failure: Locator;

  constructor(readonly page: Page) {
    this.versions = page.getByTestId('update-versions');
    this.install = page.getByTestId('update-install');
    this.confirm = page.getByRole('dialog');
    this.progress = page.getByTestId('update-progress');
    this.failure = page.getByTestId('update-failure');
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/system/update');
    await expect(this.versions).toBeVisible();
  }

  /** Picks a bundle with the page's file chooser; the confirmation opens. */
  async choose(file: string): Promise<void> {
    await this.install.locator('input[type=file]').setInputFiles(file);
    await expect(this.confirm).toBeVisible();
  }

  /** The confirmation's OK ("Install and restart"), found whatever the language. */
  async installChosen(): Promise<void> {
    await this.confirm.locator('.ant-modal-footer .ant-btn-primary').click();
  }
}
