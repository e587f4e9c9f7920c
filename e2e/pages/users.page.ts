import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';

export interface Envelope<T> {
  result: boolean;
  message: string;
  data?: T;
}

/**
 * A call with the browser's own session (one live session per user: logging the API in as the same user
 * would end the browser's).
 */
export async function callAsBrowser<T = unknown>(
  page: Page,
  name: string,
  body: unknown = {},
): Promise<{ status: number; envelope: Envelope<T> }> {
  return page.evaluate(
    async ({ name, body }) => {
      const stored = localStorage.getItem('roomcast.session');
      const id = stored ? (JSON.parse(stored) as { id: string }).id : '';
      const res = await fetch(`/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': id },
        body: JSON.stringify(body),
      });
      return { status: res.status, envelope: (await res.json()) as Envelope<T> };
    },
    { name, body },
  );
}

export interface UserFields {
  usercode?: string;
  username?: string;
  password?: string;
  confirm?: string;
}

/** /console/usermanage/user, in English. */
export class UsersPage {
  /** The add/edit dialog. */
  readonly modal: Locator;
  /** The import dialog. */
  readonly importDialog: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.modal = page.locator('.ant-modal').filter({ has: page.locator('form') });
    this.importDialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-upload') });
    this.rows = page.locator('tr.ant-table-row');
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/usermanage/user');
    await expect(this.row('admin')).toBeVisible();
  }

  row(usercode: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: usercode, exact: true }) });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name });
  }

  async openAdd(): Promise<void> {
    await this.button('Add user').click();
    await expect(this.modal).toBeVisible();
  }

  async openEdit(usercode: string): Promise<void> {
    await this.row(usercode).getByRole('button', { name: 'Edit' }).click();
    await expect(this.modal).toBeVisible();
  }

  field(label: 'User code' | 'User name' | 'Password' | 'Confirm password'): Locator {
    return this.modal.getByLabel(label, { exact: true });
  }

  /** The role picker; the admin account has none. */
  roleSelect(): Locator {
    return this.modal.locator('.ant-form-item').filter({ hasText: /^Role/ }).locator('.ant-select');
  }

  async fill(fields: UserFields): Promise<void> {
    if (fields.usercode !== undefined) await this.field('User code').fill(fields.usercode);
    if (fields.username !== undefined) await this.field('User name').fill(fields.username);
    if (fields.password !== undefined) await this.field('Password').fill(fields.password);
    if (fields.confirm !== undefined) await this.field('Confirm password').fill(fields.confirm);
  }

  private formSelect(itemLabel: RegExp): Locator {
    return this.modal.locator('.ant-form-item').filter({ hasText: itemLabel }).locator('.ant-select');
  }

  /** The group (a single select); waits until its dropdown has closed, so the next pick finds only its own. */
  async chooseGroup(option: string): Promise<void> {
    await chooseOption(this.page, this.formSelect(/^Group/), option);
    await expect(this.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  }

  /** Adds one group to the access picker (a multi-select, closed with Escape). */
  async chooseAccess(option: string): Promise<void> {
    const dropdowns = this.page.locator('.ant-select-dropdown:visible');
    await expect(dropdowns).toHaveCount(0);
    await this.formSelect(/^Access group recordings/).click();
    await dropdowns.getByTitle(option, { exact: true }).click();
    await this.page.keyboard.press('Escape');
    await expect(dropdowns).toHaveCount(0);
  }

  fn(label: string): Locator {
    return this.modal.getByRole('checkbox', { name: label, exact: true });
  }

  async save(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Save' }).click();
  }

  async cancel(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.modal).toBeHidden();
  }

  formError(text: string): Locator {
    return this.modal.locator('.ant-form-item-explain-error', { hasText: text });
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }

  async confirmPopover(okLabel: string): Promise<void> {
    await this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: okLabel }).click();
  }

  async removeRow(usercode: string): Promise<void> {
    await this.row(usercode).getByRole('button', { name: 'Remove' }).click();
    await this.confirmPopover('Remove');
  }

  async select(usercode: string): Promise<void> {
    await this.row(usercode).getByRole('checkbox').check();
  }

  async removeSelected(): Promise<void> {
    await this.button('Remove selected').click();
    await this.confirmPopover('Remove');
  }

  async filter(text: string): Promise<void> {
    await this.page.getByPlaceholder('Filter by user code or name').fill(text);
  }

  async download(button: 'Export CSV' | 'Download import template'): Promise<Download> {
    const downloaded = this.page.waitForEvent('download');
    await this.button(button).click();
    return downloaded;
  }

  /** Opens the import dialog and sends one file; resolves with the result block once it shows an outcome. */
  async importCsv(name: string, content: string): Promise<Locator> {
    await this.button('Import CSV').click();
    await expect(this.importDialog).toBeVisible();
    await this.importDialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    const result = this.importDialog.getByTestId('import-result');
    await expect(result.locator('.ant-alert')).toBeVisible();
    return result;
  }

  async closeImport(): Promise<void> {
    await this.importDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(this.importDialog).toBeHidden();
  }
}
