import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { motionDone } from '../support/settle';
import { SettingsPanelPage } from './settings-panel.page';

/** /console/operation/opevideo, in English: input video (channels A-F) and encoding video. */
export class VideoPage extends SettingsPanelPage {
  readonly blocked: Locator;

  constructor(page: Page) {
    super(page, '/console/operation/opevideo');
    this.blocked = page.getByTestId('settings-edit-blocked');
  }

  /** The select of a key (`channelA`, `main_quality` ...). */
  select(key: string): Locator {
    return this.page.getByTestId(`field-${key}`).locator('.ant-select');
  }

  async choose(key: string, option: string): Promise<void> {
    await chooseOption(this.page, this.select(key), option);
  }

  /** The options a select offers now (opened once nothing moves, so a list still fading out is not the one read). */
  async options(key: string): Promise<string[]> {
    await motionDone(this.page);
    await this.select(key).click();
    const dropdown = this.page.locator('.ant-select-dropdown:visible');
    await expect(dropdown.locator('.ant-select-item-option').first()).toBeVisible();
    const titles = await dropdown.locator('.ant-select-item-option').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
    await this.page.keyboard.press('Escape');
    await expect(dropdown).toHaveCount(0);
    return titles;
  }

  rtspUrl(channel: string): Locator {
    return this.page.getByRole('textbox', { name: `RTSP URL of channel ${channel}` });
  }
}
