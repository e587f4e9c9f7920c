import { expect, type Locator, type Page } from '@playwright/test';

/** /console/system/log, in English. */
export class OperationLogPage {
  readonly rows: Locator;
  readonly refreshButton: Locator;
  readonly clearButton: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('tr.ant-table-row');
    this.refreshButton = page.getByRole('button', { name: 'Refresh' });
    this.clearButton = page.getByRole('button', { name: 'Clear' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/system/log');
    await expect(this.page.getByRole('heading', { name: 'Operation log' })).toBeVisible();
  }

  row(usercode: string, description: string | RegExp): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: usercode, exact: true }) }).filter({ hasText: description });
  }

  async clear(): Promise<void> {
    await this.clearButton.click();
    await this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Clear' }).click();
  }
}
