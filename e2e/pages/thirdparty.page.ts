import type { Locator, Page } from '@playwright/test';
import { SettingsPanelPage } from './settings-panel.page';

/** /console/advance/3rdpart, in English: the FTP panel, its Test connection and upload queue. */
export class ThirdPartyPage extends SettingsPanelPage<'Upload recordings' | 'Upload only in a time window'> {
  readonly host: Locator;
  readonly port: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly folder: Locator;
  readonly testButton: Locator;
  readonly testResult: Locator;
  readonly queue: Locator;
  readonly titleIcon: Locator;

  constructor(page: Page) {
    super(page, '/console/advance/3rdpart');
    const ftp = page.getByTestId('settings-panel-ftp');
    this.host = ftp.getByRole('textbox', { name: 'Server', exact: true });
    this.port = ftp.getByRole('spinbutton', { name: 'Port' });
    this.username = ftp.getByRole('textbox', { name: 'User name' });
    this.password = ftp.getByLabel('Password');
    this.folder = ftp.getByRole('textbox', { name: 'Folder' });
    this.testButton = ftp.getByRole('button', { name: 'Test connection' });
    this.testResult = ftp.getByTestId('ftp-test-result');
    this.queue = ftp.getByTestId('upload-queue-ftp');
    this.titleIcon = ftp.getByTestId('ftp-title-icon');
  }
}
