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

  /**
   * Logs in without the form, for a test about something else: the `login` call (which, like the form, forces out an
   * older session of the same user), its session stored where the console keeps it, so the next page the test opens
   * is that user's, as after a reload. Saves the test the login page, the form and the landing screen (for admin the
   * workbench, with its status, preview and schedule): about 1.5 s of each test's 3 to 5 on an idle machine. The form
   * itself is tested by login.spec.ts and shell.spec.ts, which use `loginAs`.
   */
  async signInAs(usercode: string, password: string): Promise<void> {
    const res = await this.page.request.post('/api/login', { data: { usercode, password } });
    const answer = (await res.json()) as { result: boolean; message: string; data?: { sessionID: string; usercode?: string } };
    if (!answer.result || !answer.data) throw new Error(`login as ${usercode} failed: ${answer.message}`);
    // Stored at the first load of the console after this, once (a later logout and reload must stay logged out), with
    // the console's idle limit (30 min, spec §9) counted on the page's clock, as the console's own login does.
    const once = `roomcast.e2e.signed-in.${Date.now()}.${Math.random()}`;
    await this.page.addInitScript(
      ({ flag, session }) => {
        if (location.protocol === 'about:' || sessionStorage.getItem(flag)) return;
        sessionStorage.setItem(flag, '1');
        localStorage.setItem('roomcast.session', JSON.stringify({ ...session, expires: Date.now() + 30 * 60_000 }));
      },
      { flag: once, session: { id: answer.data.sessionID, usercode: answer.data.usercode ?? usercode } },
    );
  }

  async acceptForce(): Promise<void> {
    // The dialog's OK button ("Force out and log in" in English), found whatever the language.
    await this.forceDialog.getByTestId('dialog-ok').click();
  }
}
