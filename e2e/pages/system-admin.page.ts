import { expect, type Locator, type Page } from '@playwright/test';

/** System settings → Task schedule and Config backup/restore (own panels below the cloud panels), in English. */
export class SystemAdminPage {
  readonly tasks: Locator;
  readonly taskDialog: Locator;
  readonly backup: Locator;

  constructor(readonly page: Page) {
    this.tasks = page.getByTestId('task-schedule-panel');
    this.taskDialog = page.getByRole('dialog', { name: /Add task|Update task/ });
    this.backup = page.getByTestId('backup-panel');
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/system/settings');
    await expect(this.tasks).toBeVisible();
  }

  taskRow(name: string): Locator {
    return this.tasks.locator('tr.ant-table-row').filter({ hasText: name });
  }

  /** The red error lines under the task dialog's fields. */
  taskErrors(): Locator {
    return this.taskDialog.locator('.ant-form-item-explain-error');
  }

  async openAddTask(): Promise<void> {
    await this.tasks.getByRole('button', { name: 'Add task' }).click();
    await expect(this.taskDialog).toBeVisible();
  }

  async submitTask(): Promise<void> {
    await this.taskDialog.getByRole('button', { name: 'Submit' }).click();
  }

  async chooseType(label: string): Promise<void> {
    await this.taskDialog.getByLabel('Type').click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
  }

  async setStart(time: string): Promise<void> {
    const input = this.taskDialog.getByLabel('Start time');
    await input.click();
    await input.fill(time);
    await input.press('Enter');
    await expect(input).toHaveValue(time);
  }

  async chooseCycle(label: 'Once' | 'Daily' | 'Weekly' | 'Monthly'): Promise<void> {
    await this.taskDialog.getByText(label, { exact: true }).click();
  }
}
