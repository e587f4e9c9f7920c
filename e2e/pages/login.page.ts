import { expect, type Locator, type Page } from '@playwright/test';

/** /login, in English unless a test switched the language. */
export class LoginPage {
  readonly usercode: Locator;
  readonly password: Locator;
  readonly submitButton: Locator;
  readonly resetButton: Locator;
  readonly errorLine: Locator;
  readonly roomName: Locator;
  /** The "User {0} is logged in. Do you want to force him to quit?" confirmation. */
  readonly forceDialog: Locator;

  constructor(readonly page: Page) {
    this.usercode = page.getByLabel('User code', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    // By its type, so the screenshot tests can log in whatever the language.
    this.submitButton = page.locator('form button[type=submit]');
    this.resetButton = page.getByRole('button', { name: 'Reset' });
    this.errorLine = page.getByTestId('login-error');
    this.roomName = page.getByTestId('room-name');
    this.forceDialog = page.getByRole('dialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.usercode).toBeVisible();
  }

  async fill(usercode: string, password: string): Promise<void> {
    await this.usercode.fill(usercode);
    await this.password.fill(password);
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }

  /** Logs in and lands in settings mode; agrees to force out an older session of the same user if asked. */
  async loginAs(usercode: string, password: string): Promise<void> {
    await this.goto();
    await this.fill(usercode, password);
    await this.submitAndLand();
  }

  /** Submits and waits for settings mode, agreeing to force out an older session if asked. */
  async submitAndLand(): Promise<void> {
    await this.submit();
    // Another test may have left this user logged in elsewhere: then the force-out question comes first.
    const landed = this.page.waitForURL(/\/console\//).then(() => 'landed' as const);
    const asked = this.forceDialog.waitFor({ state: 'visible' }).then(() => 'asked' as const);
    landed.catch(() => undefined);
    asked.catch(() => undefined);
    if ((await Promise.race([landed, asked])) === 'asked') await this.acceptForce();
    await landed;
  }

  async acceptForce(): Promise<void> {
    // The dialog's OK button ("Force out and log in" in English), found whatever the language.
    await this.forceDialog.getByTestId('dialog-ok').click();
  }
}
