import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { SettingsPanelPage } from './settings-panel.page';

export type AudioSwitch = 'Microphone 1' | 'Microphone 2' | 'Line in 1' | 'Line in 2' | 'HDMI 5 audio' | 'HDMI audio output';

/** /console/operation/opeaudio, in English: three panels over the audio codes. */
export class AudioPage extends SettingsPanelPage<AudioSwitch> {
  readonly volume: Locator;

  constructor(page: Page) {
    super(page, '/console/operation/opeaudio');
    this.volume = page.getByRole('spinbutton', { name: 'Analog input volume' });
  }

  async setVolume(value: string): Promise<void> {
    await this.volume.fill(value);
  }

  select(label: 'Sample rate' | 'Bitrate'): Locator {
    return this.page.getByTestId(label === 'Sample rate' ? 'field-samples' : 'field-bitrate').locator('.ant-select');
  }

  async choose(label: 'Sample rate' | 'Bitrate', option: string): Promise<void> {
    await chooseOption(this.page, this.select(label), option);
  }

  /** Which of the five inputs are on, in the screen's order. */
  async inputsOn(): Promise<string[]> {
    const on: string[] = [];
    for (const label of ['Microphone 1', 'Microphone 2', 'Line in 1', 'Line in 2', 'HDMI 5 audio'] as const) {
      if (await this.isOn(label)) on.push(label);
    }
    return on;
  }
}
