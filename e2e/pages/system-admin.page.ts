import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { motionDone } from '../support/settle';

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

  /** Opens a task's Update dialog from its row. */
  async openTask(name: string): Promise<void> {
    await this.taskRow(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await expect(this.taskDialog.getByLabel('Name')).toHaveValue(name);
  }

  /** Deletes a task from its row, confirming in the popup once it has stopped moving (a click beside it closes it). */
  async deleteTask(name: string): Promise<void> {
    await this.taskRow(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' });
    await expect(confirm).toBeVisible();
    await motionDone(this.page);
    await confirm.click();
  }

  async submitTask(): Promise<void> {
    await this.taskDialog.getByRole('button', { name: 'Submit' }).click();
  }

  async chooseType(label: string): Promise<void> {
    await chooseOption(this.page, this.taskDialog.locator('.ant-select', { has: this.page.getByLabel('Type') }), label);
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
