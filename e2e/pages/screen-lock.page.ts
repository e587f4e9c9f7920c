import { expect, type Locator, type Page } from '@playwright/test';
import { SettingsPanelPage } from './settings-panel.page';

/** System settings → Lock screen and Change password, the header's Lock button and the lock overlay, in English. */
export class ScreenLockPage extends SettingsPanelPage {
  readonly lockPanel: Locator;
  readonly lockButton: Locator;
  readonly overlay: Locator;
  readonly overlayPassword: Locator;
  readonly passwordPanel: Locator;
  readonly passwordDialog: Locator;

  constructor(page: Page) {
    super(page, '/console/system/settings');
    this.lockPanel = page.getByTestId('settings-panel-lockscreen');
    this.lockButton = page.getByTestId('lock-now');
    this.overlay = page.getByTestId('lock-overlay');
    this.overlayPassword = this.overlay.locator('input[type=password]');
    this.passwordPanel = page.getByTestId('password-panel');
    this.passwordDialog = page.getByRole('dialog', { name: 'Change password' });
  }

  /** The lock overlay's error line under the password. */
  overlayError(): Locator {
    return this.overlay.locator('.ant-form-item-explain-error');
  }

  /**
   * Reloads a locked page and waits until it is locked again. The console shows the overlay from its session's
   * `lockscreenstate`, read once the page has loaded and asked `whoami`: on a busy machine that read comes late,
   * so the wait is for it, and only the drawing of the overlay after it has the expectation's time.
   */
  async reloadLocked(): Promise<void> {
    const stateRead = this.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/lockscreenstate');
    await this.page.reload();
    await stateRead;
    await expect(this.overlay).toBeVisible();
  }

  async unlock(password: string): Promise<void> {
    await this.overlayPassword.fill(password);
    await this.overlay.locator('button[type=submit]').click();
  }

  /** The session id the console keeps (to ask the service as this browser would). */
  sessionId(): Promise<string> {
    return this.page.evaluate(() => (JSON.parse(localStorage.getItem('roomcast.session') ?? '{}') as { id: string }).id);
  }

  async openPasswordDialog(): Promise<void> {
    await this.passwordPanel.getByRole('button', { name: 'Change password' }).click();
    await expect(this.passwordDialog).toBeVisible();
  }

  dialogErrors(): Locator {
    return this.passwordDialog.locator('.ant-form-item-explain-error');
  }
}
