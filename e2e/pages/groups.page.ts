import { expect, type Locator, type Page } from '@playwright/test';
import { ModalListPage } from './modal-list.page';

/** /console/usermanage/group, in English. */
export class GroupsPage extends ModalListPage {
  constructor(page: Page) {
    super(page, '/console/usermanage/group', 'Add group');
  }

  row(groupcode: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: groupcode, exact: true }) });
  }

  async openEdit(groupcode: string): Promise<void> {
    await this.row(groupcode).getByRole('button', { name: 'Edit' }).click();
    await expect(this.modal).toBeVisible();
  }

  field(label: 'Group code' | 'Group name'): Locator {
    return this.modal.getByLabel(label, { exact: true });
  }

  fn(label: string): Locator {
    return this.modal.getByRole('checkbox', { name: label, exact: true });
  }

  async chooseAccess(option: string): Promise<void> {
    const dropdowns = this.page.locator('.ant-select-dropdown:visible');
    await this.modal
      .locator('.ant-form-item')
      .filter({ hasText: /^Access group recordings/ })
      .locator('.ant-select')
      .click();
    await dropdowns.getByTitle(option, { exact: true }).click();
    await this.page.keyboard.press('Escape');
    await expect(dropdowns).toHaveCount(0);
  }

  /** The chosen groups of the access picker. */
  accessTags(): Locator {
    return this.modal.locator('.ant-select-selection-item');
  }

  async cancel(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.modal).toBeHidden();
  }

  async remove(groupcode: string): Promise<void> {
    await this.row(groupcode).getByRole('button', { name: 'Remove' }).click();
    await this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Remove' }).click();
  }

  formError(text: string): Locator {
    return this.modal.locator('.ant-form-item-explain-error', { hasText: text });
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}
