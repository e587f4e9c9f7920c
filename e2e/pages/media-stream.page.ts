import type { Locator, Page } from '@playwright/test';
import { SettingsPanelPage } from './settings-panel.page';

export type RtmpChannel = 'main' | 'sub';
const CHANNEL_NAME: Record<RtmpChannel, string> = { main: 'Main output (HD)', sub: 'Sub output (SD)' };

/** /console/operation/opemediastream, in English: the RTMP settings with each output's control, the RTSP settings. */
export class MediaStreamPage extends SettingsPanelPage<'Main output' | 'Sub output'> {
  static readonly PATH = '/console/operation/opemediastream';
  readonly rtmpPanel: Locator;
  readonly rtspPanel: Locator;

  constructor(page: Page) {
    super(page, MediaStreamPage.PATH);
    this.rtmpPanel = page.getByTestId('settings-panel-rtmp');
    this.rtspPanel = page.getByTestId('settings-panel-rtsp');
  }

  /** A switch of the RTMP panel (the RTSP panel has switches of the same names). */
  rtmpSwitch(label: 'Main output' | 'Sub output'): Locator {
    return this.rtmpPanel.getByRole('switch', { name: label, exact: true });
  }

  rtmpUrl(channel: RtmpChannel): Locator {
    return this.rtmpPanel.getByRole('textbox', { name: channel === 'main' ? 'Main RTMP URL' : 'Sub RTMP URL', exact: true });
  }

  /** The red line under a field of the RTMP panel (the RTSP panel has keys of the same names). */
  rtmpFieldError(key: string): Locator {
    return this.rtmpPanel.getByTestId(`field-${key}`).locator('.ant-form-item-explain-error');
  }

  /** The row of one output: its name, saved URL, state, timer, Start and Stop. */
  channel(channel: RtmpChannel): Locator {
    return this.page.getByRole('group', { name: CHANNEL_NAME[channel] });
  }

  state(channel: RtmpChannel): Locator {
    return this.page.getByTestId(`rtmp-${channel}-state`);
  }

  timer(channel: RtmpChannel): Locator {
    return this.page.getByTestId(`rtmp-${channel}-timer`);
  }

  start(channel: RtmpChannel): Locator {
    return this.channel(channel).getByRole('button', { name: `Start ${CHANNEL_NAME[channel]}` });
  }

  stop(channel: RtmpChannel): Locator {
    return this.channel(channel).getByRole('button', { name: `Stop ${CHANNEL_NAME[channel]}` });
  }
}
