import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';

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

  /** The select named by its label (`Channel`, `Save the position as`). */
  select(label: string): Locator {
    return this.page.locator('.ant-select', { has: this.page.getByRole('combobox', { name: label }) });
  }

  async chooseChannel(n: number): Promise<void> {
    await chooseOption(this.page, this.select('Channel'), `Channel ${n}`);
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
    await chooseOption(this.page, this.select('Save the position as'), `Preset ${n}`);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }
}
