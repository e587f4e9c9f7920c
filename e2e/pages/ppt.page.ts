import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { SettingsPanelPage } from './settings-panel.page';

export type PptSwitch = 'Switch to slides automatically' | 'Push slides';

/** /console/operation/opeppt, in English: slide switching and push (setting_ppt), the slides page's QR code and link. */
export class PptPage extends SettingsPanelPage<PptSwitch> {
  readonly threshold: Locator;
  readonly duration: Locator;
  readonly qrCode: Locator;
  readonly pageUrl: Locator;
  readonly downloadButton: Locator;
  readonly copyButton: Locator;

  constructor(page: Page) {
    super(page, '/console/operation/opeppt');
    this.threshold = page.getByRole('spinbutton', { name: 'Change threshold (%)' });
    this.duration = page.getByRole('spinbutton', { name: 'Slide duration (s)' });
    this.qrCode = page.getByTestId('ppt-qrcode');
    this.pageUrl = page.getByTestId('ppt-url');
    this.downloadButton = page.getByRole('button', { name: 'Download QR code' });
    this.copyButton = page.getByRole('button', { name: 'Copy link' });
  }

  channel(): Locator {
    return this.page.getByTestId('field-slidechannel').locator('.ant-select');
  }

  async chooseChannel(letter: string): Promise<void> {
    await chooseOption(this.page, this.channel(), letter);
  }
}
