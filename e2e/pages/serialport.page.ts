import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { SettingsPanelPage } from './settings-panel.page';

/** /console/advance/serialport, in English: the two ports and the camera of each PTZ channel. */
export class SerialPortPage extends SettingsPanelPage {
  constructor(page: Page) {
    super(page, '/console/advance/serialport');
  }

  /** The select of a key (e.g. `rs232_type`, `ch1_protocol`). */
  select(key: string): Locator {
    return this.page.getByTestId(`field-${key}`).locator('.ant-select');
  }

  async choose(key: string, option: string): Promise<void> {
    await chooseOption(this.page, this.select(key), option);
  }

  input(key: string): Locator {
    return this.page.getByTestId(`field-${key}`).locator('input');
  }

  field(key: string): Locator {
    return this.page.getByTestId(`field-${key}`);
  }
}
