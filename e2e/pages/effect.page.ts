import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { SettingsPanelPage } from './settings-panel.page';

/** /console/operation/opeeffect, in English: layout type, layout animation, the saved layouts and the layout modal. */
export class EffectPage extends SettingsPanelPage {
  readonly layouts: Locator;
  readonly switching: Locator;
  readonly modal: Locator;

  constructor(page: Page) {
    super(page, '/console/operation/opeeffect');
    this.layouts = page.getByTestId('layout-card');
    this.switching = page.getByRole('switch', { name: 'Switch layouts automatically' });
    this.modal = page.getByRole('dialog', { name: 'Arrange layouts' });
  }

  /** The select of a key in a panel: `fit` (layout type) or `animation` (type, speed). */
  select(panel: 'fit' | 'animation', key: 'type' | 'speed'): Locator {
    return this.page.getByTestId(`settings-panel-${panel}`).getByTestId(`field-${key}`).locator('.ant-select');
  }

  async choose(panel: 'fit' | 'animation', key: 'type' | 'speed', option: string): Promise<void> {
    await chooseOption(this.page, this.select(panel, key), option);
  }

  /** The button of saved layout slot `n` (1-9). */
  slotButton(n: number): Locator {
    return this.layouts.getByRole('button', { name: new RegExp(`^Layout ${n}:`) });
  }

  async openModal(): Promise<void> {
    await this.layouts.getByRole('button', { name: 'Arrange layouts' }).click();
    await expect(this.modal).toBeVisible();
  }

  /** In the modal: pick slot `n` (1-9) and a type by its name. */
  async pickSlot(n: number): Promise<void> {
    await this.modal
      .getByRole('radiogroup', { name: 'Layout slot' })
      .locator('label')
      .nth(n - 1)
      .click();
  }

  async pickType(name: string): Promise<void> {
    const group = this.modal.getByRole('radiogroup', { name: 'Layout type' });
    await group.locator('label', { has: this.page.getByRole('img', { name, exact: true }) }).click();
  }

  /** In the modal: window `n` (1-based) gets `channel` (A-E). */
  async assign(n: number, channel: string): Promise<void> {
    const select = this.modal.locator('.ant-select', { has: this.page.getByRole('combobox', { name: `Window ${n}` }) });
    await chooseOption(this.page, select, `Channel ${channel}`);
    await expect(this.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  }

  acceptError(): Locator {
    return this.modal.getByTestId('layout-accept-error');
  }
}
