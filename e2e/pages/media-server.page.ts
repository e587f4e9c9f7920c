import type { Locator, Page } from '@playwright/test';
import { SettingsPanelPage } from './settings-panel.page';

/** The hidden media-server panel of /console/advance/3rdpart (Opencast capture agent), in English. */
export class MediaServerPage extends SettingsPanelPage<'Opencast capture agent' | 'Schedules from Opencast'> {
  readonly ftpTitleIcon: Locator;
  readonly panel: Locator;
  readonly url: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly agentName: Locator;
  readonly workflow: Locator;
  readonly flavors: Locator;
  readonly status: Locator;
  readonly queue: Locator;

  constructor(page: Page) {
    super(page, '/console/advance/3rdpart');
    this.ftpTitleIcon = page.getByTestId('ftp-title-icon');
    this.panel = page.getByTestId('settings-panel-mediaserver');
    this.url = this.panel.getByRole('textbox', { name: 'Opencast URL' });
    this.username = this.panel.getByRole('textbox', { name: 'User name' });
    this.password = this.panel.getByLabel('Password');
    this.agentName = this.panel.getByRole('textbox', { name: 'Agent name' });
    this.workflow = this.panel.getByRole('textbox', { name: 'Workflow' });
    this.flavors = this.panel.getByRole('textbox', { name: 'Files and flavors' });
    this.status = this.panel.getByTestId('media-server-status');
    this.queue = this.panel.getByTestId('upload-queue-opencast');
  }

  /** The panel is hidden until the FTP panel's title icon is double-clicked (spec §2). */
  async reveal(): Promise<void> {
    await this.ftpTitleIcon.dblclick();
  }
}
