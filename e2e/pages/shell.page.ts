import { expect, type Locator, type Page } from '@playwright/test';

export type LanguageLabel = 'English' | '简体中文' | '繁體中文';

/** The header and side menu around every console page. */
export class ShellPage {
  readonly header: Locator;
  readonly username: Locator;
  readonly sideMenu: Locator;
  readonly languageButton: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header.rc-header');
    this.username = page.getByTestId('header-username');
    this.sideMenu = page.locator('.rc-sider');
    this.languageButton = page.getByTestId('language-menu');
  }

  headerButton(name: string | RegExp): Locator {
    return this.header.getByRole('button', { name });
  }

  /** The confirmation dialog currently open (logout, reboot). */
  confirmDialog(): Locator {
    return this.page.locator('.ant-modal-confirm');
  }

  async chooseLanguage(label: LanguageLabel): Promise<void> {
    await this.languageButton.click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  async logout(okLabel = 'Logout'): Promise<void> {
    await this.headerButton(okLabel).click();
    await this.confirmDialog().getByRole('button', { name: okLabel }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  async switchMode(label: 'Setting' | 'Viewer'): Promise<void> {
    await this.header.locator('.rc-mode-switch').getByText(label, { exact: true }).click();
  }

  /** A menu item or group title by its visible text (icons add their own names to the accessible name). */
  menuItem(label: string): Locator {
    const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
    return this.sideMenu.getByRole('menuitem').filter({ hasText: exact });
  }

  /** Opens a page from the side menu: its group (if folded) then the item. */
  async open(group: string, item: string): Promise<void> {
    const entry = this.menuItem(item);
    if (!(await entry.isVisible())) await this.menuItem(group).click();
    // While the group unfolds, its items are clipped and a click can miss: click until the item is selected.
    await expect(async () => {
      await entry.click();
      await expect(entry).toHaveClass(/ant-menu-item-selected/, { timeout: 1000 });
    }).toPass();
  }
}
