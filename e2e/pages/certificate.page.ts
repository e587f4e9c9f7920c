import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { motionDone } from '../support/settle';
import { SettingsPanelPage } from './settings-panel.page';

/** SHA-256, colon-separated hex, as the console shows it. */
export const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

/**
 * System settings → Certificate (the card after the settings panels) and the ACME panel among them, in English.
 */
export class CertificatePage extends SettingsPanelPage {
  readonly panel: Locator;
  readonly fingerprint: Locator;
  readonly source: Locator;
  readonly uploadDialog: Locator;
  readonly csrDialog: Locator;
  readonly acme: Locator;

  constructor(page: Page) {
    super(page, '/console/system/settings');
    this.panel = page.getByTestId('certificate-panel');
    this.fingerprint = this.panel.getByTestId('certificate-fingerprint');
    this.source = this.panel.getByTestId('certificate-source');
    this.uploadDialog = page.getByRole('dialog', { name: "Upload the site's certificate" });
    this.csrDialog = page.getByRole('dialog', { name: 'Certificate signing request' });
    this.acme = page.getByTestId('settings-panel-acme');
  }

  override async goto(): Promise<void> {
    await super.goto();
    await expect(this.fingerprint).toHaveText(FINGERPRINT);
  }

  /** Downloads the certificate in use with the card's button: its file name and text. */
  async download(): Promise<{ filename: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.panel.getByRole('button', { name: 'Download certificate' }).click(),
    ]);
    return { filename: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
  }

  async openUpload(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Upload certificate…' }).click();
    await expect(this.uploadDialog).toBeVisible();
  }

  /** A PEM field of the upload dialog: `certificate` or `key`. */
  uploadField(which: 'certificate' | 'key'): Locator {
    return this.uploadDialog.getByTestId(`certificate-upload-${which}-field`);
  }

  /** Chooses a file for a PEM field with its Open button's file chooser (read as text by the console). */
  async chooseFile(which: 'certificate' | 'key', file: string): Promise<void> {
    await this.uploadField(which).locator('input[type=file]').setInputFiles(file);
  }

  async saveUpload(): Promise<void> {
    await this.uploadDialog.getByRole('button', { name: 'Save' }).click();
  }

  async openCsr(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Create certificate request…' }).click();
    await expect(this.csrDialog).toBeVisible();
  }

  /** "Use the box's own certificate", confirmed in its popup once that has stopped moving. */
  async useOwn(): Promise<void> {
    await this.panel.getByRole('button', { name: "Use the box's own certificate" }).click();
    const confirm = this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Use it' });
    await expect(confirm).toBeVisible();
    await motionDone(this.page);
    await confirm.click();
  }

  /** The HTTPS port the card names. */
  async httpsPort(): Promise<number> {
    return Number(await this.panel.getByTestId('certificate-port').textContent());
  }
}
