import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A list screen whose rows are added and edited in a dialog with a form (albums, groups), in English. Each
 * screen's page object extends it with its rows and fields.
 */
export class ModalListPage {
  readonly modal: Locator;
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    private readonly path: string,
    private readonly addLabel: string,
  ) {
    this.modal = page.locator('.ant-modal').filter({ has: page.locator('form') });
    this.rows = page.locator('tr.ant-table-row');
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await expect(this.page.getByRole('button', { name: this.addLabel })).toBeVisible();
  }

  async openAdd(): Promise<void> {
    await this.page.getByRole('button', { name: this.addLabel }).click();
    await expect(this.modal).toBeVisible();
  }

  async save(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Save' }).click();
  }
}
