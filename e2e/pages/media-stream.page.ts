import type { Locator, Page } from '@playwright/test';
import { SettingsPanelPage } from './settings-panel.page';

export type RtmpChannel = 'main' | 'sub';
/** The outputs with a start/stop control: RTMP's and SRT's (the RTSP outputs are served while enabled). */
export type PushProtocol = 'rtmp' | 'srt';
const CHANNEL_NAME: Record<PushProtocol, Record<RtmpChannel, string>> = {
  rtmp: { main: 'Main output (HD)', sub: 'Sub output (SD)' },
  srt: { main: 'Main SRT output (HD)', sub: 'Sub SRT output (SD)' },
};

/**
 * /console/operation/opemediastream, in English: the RTMP and the SRT settings, each with its outputs' control, the
 * RTSP settings. An output's methods take the protocol, RTMP unless told.
 */
export class MediaStreamPage extends SettingsPanelPage<'Main output' | 'Sub output'> {
  static readonly PATH = '/console/operation/opemediastream';
  readonly rtmpPanel: Locator;
  readonly srtPanel: Locator;
  readonly rtspPanel: Locator;

  constructor(page: Page) {
    super(page, MediaStreamPage.PATH);
    this.rtmpPanel = page.getByTestId('settings-panel-rtmp');
    this.srtPanel = page.getByTestId('settings-panel-srt');
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

  /** A switch of the SRT panel. */
  srtSwitch(label: 'Main output' | 'Sub output'): Locator {
    return this.srtPanel.getByRole('switch', { name: label, exact: true });
  }

  srtUrl(channel: RtmpChannel): Locator {
    return this.srtPanel.getByRole('textbox', { name: channel === 'main' ? 'Main SRT URL' : 'Sub SRT URL', exact: true });
  }

  /** The passphrase (a password box, which has no textbox role). */
  get srtPassphrase(): Locator {
    return this.srtPanel.getByLabel('Passphrase', { exact: true });
  }

  /** The red line under a field of the SRT panel. */
  srtFieldError(key: string): Locator {
    return this.srtPanel.getByTestId(`field-${key}`).locator('.ant-form-item-explain-error');
  }

  /** The row of one output: its name, saved URL, state, timer (RTMP only), Start and Stop. */
  channel(channel: RtmpChannel, protocol: PushProtocol = 'rtmp'): Locator {
    return this.page.getByRole('group', { name: CHANNEL_NAME[protocol][channel] });
  }

  state(channel: RtmpChannel, protocol: PushProtocol = 'rtmp'): Locator {
    return this.page.getByTestId(`${protocol}-${channel}-state`);
  }

  timer(channel: RtmpChannel, protocol: PushProtocol = 'rtmp'): Locator {
    return this.page.getByTestId(`${protocol}-${channel}-timer`);
  }

  start(channel: RtmpChannel, protocol: PushProtocol = 'rtmp'): Locator {
    return this.channel(channel, protocol).getByRole('button', { name: `Start ${CHANNEL_NAME[protocol][channel]}` });
  }

  stop(channel: RtmpChannel, protocol: PushProtocol = 'rtmp'): Locator {
    return this.channel(channel, protocol).getByRole('button', { name: `Stop ${CHANNEL_NAME[protocol][channel]}` });
  }
}
