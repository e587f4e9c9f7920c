import { expect, type Locator, type Page } from '@playwright/test';

export type PtzButton = 'Up' | 'Down' | 'Left' | 'Right' | 'Zoom in' | 'Zoom out';

/** /console/operation/opeptz, in English: channel, speed, the direction pad, zoom and presets. */
export class PtzPage {
  readonly camera: Locator;
  readonly pad: Locator;

  constructor(readonly page: Page) {
    this.camera = page.getByTestId('ptz-camera');
    this.pad = page.getByRole('group', { name: 'Direction' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/operation/opeptz');
    await expect(this.page.getByRole('heading', { name: 'Camera control' })).toBeVisible();
  }

  button(name: PtzButton): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  async chooseChannel(n: number): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Channel' }).click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(`Channel ${n}`, { exact: true }).click();
  }

  async chooseSpeed(label: 'Slow' | 'Normal' | 'Fast'): Promise<void> {
    await this.page.locator('.ant-radio-button-wrapper', { hasText: label }).click();
    await expect(this.page.getByRole('radio', { name: label })).toBeChecked();
  }

  /** Puts the mouse on a button and presses it; the test then ends the press (mouse up, or moving away). */
  async mouseDownOn(name: PtzButton): Promise<void> {
    await this.button(name).hover();
    await this.page.mouse.down();
  }

  async callPreset(n: number): Promise<void> {
    await this.page.getByRole('button', { name: `Call preset ${n}` }).click();
  }

  async savePreset(n: number): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Save the position as' }).click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(`Preset ${n}`, { exact: true }).click();
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }
}
