import { expect, type Locator, type Page } from '@playwright/test';

export type AudioSwitch = 'Microphone 1' | 'Microphone 2' | 'Line in 1' | 'Line in 2' | 'HDMI 5 audio' | 'HDMI audio output';

/** /console/operation/opeaudio, in English: the settings template's view and edit modes over three panels. */
export class AudioPage {
  readonly volume: Locator;
  readonly editButton: Locator;
  readonly saveButton: Locator;
  readonly resetButton: Locator;

  constructor(readonly page: Page) {
    this.volume = page.getByRole('spinbutton', { name: 'Analog input volume' });
    this.editButton = page.getByRole('button', { name: 'Edit' });
    this.saveButton = page.getByRole('button', { name: 'Save' });
    this.resetButton = page.getByRole('button', { name: 'Reset' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/console/operation/opeaudio');
    await this.expectViewing();
  }

  async expectViewing(): Promise<void> {
    await expect(this.page.getByTestId('settings-viewing')).toBeVisible();
  }

  async expectEditing(): Promise<void> {
    await expect(this.page.getByTestId('settings-editing')).toBeVisible();
  }

  async edit(): Promise<void> {
    await this.editButton.click();
    await this.expectEditing();
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  async reset(): Promise<void> {
    await this.resetButton.click();
    await this.expectViewing();
  }

  switch(label: AudioSwitch): Locator {
    return this.page.getByRole('switch', { name: label, exact: true });
  }

  async setVolume(value: string): Promise<void> {
    await this.volume.fill(value);
  }

  select(label: 'Sample rate' | 'Bitrate'): Locator {
    return this.page.getByTestId(label === 'Sample rate' ? 'field-samples' : 'field-bitrate').locator('.ant-select');
  }

  async choose(label: 'Sample rate' | 'Bitrate', option: string): Promise<void> {
    await this.select(label).click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
    await expect(this.select(label)).toContainText(option);
  }

  /** The red line under a field (its key, e.g. `analog_volume`). */
  fieldError(key: string): Locator {
    return this.page.getByTestId(`field-${key}`).locator('.ant-form-item-explain-error');
  }

  fieldHelp(key: string): Locator {
    return this.page.getByTestId(`field-${key}`).locator('.ant-form-item-explain');
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }

  /** Which of the five inputs are on, in the screen's order. */
  async inputsOn(): Promise<string[]> {
    const on: string[] = [];
    for (const label of ['Microphone 1', 'Microphone 2', 'Line in 1', 'Line in 2', 'HDMI 5 audio'] as const) {
      if ((await this.switch(label).getAttribute('aria-checked')) === 'true') on.push(label);
    }
    return on;
  }
}
