import type { MessageKey, SettingCode } from '@roomcast/contract';
import { rtmpOutputArgs } from '../../media/copy-output.js';
import type { PushProtocol } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';
import type { RtmpChannel } from './rtmp-channel.js';

/**
 * What differs between the pushed outputs of one protocol (RTMP, SRT): the setting they follow, where each channel
 * goes, the refusals, the file they are kept in over a restart and ffmpeg's output options. The outputs themselves
 * (attempts, reconnects, the room's state) are one service (`rtmp-outputs.ts`).
 */
export interface PushProfile {
  protocol: PushProtocol;
  settingCode: SettingCode;
  /** Whether a channel is enabled, and the URL it goes to ('' for none). */
  target(channel: RtmpChannel): { enabled: boolean; url: string };
  refusals: Record<RtmpChannel, { disabled: MessageKey; noUrl: MessageKey }>;
  /** The refusal of "start every output" with none enabled (RTMP's rtmpctl). */
  noneEnabled: MessageKey;
  /** Under DATA_DIR/run: the outputs that are on, for the next start. */
  stateFile: string;
  outputArgs(url: string): string[];
  /** The fan-out's MPEG-TS goes out as it is, without a demux and remux (`TS_BYTES_INPUT`): SRT carries MPEG-TS. */
  passThrough?: boolean;
  /** A line for the logs without what must not be written there (SRT's passphrase). */
  redact(line: string): string;
}

export function rtmpProfile(settings: SettingsService): PushProfile {
  return {
    protocol: 'rtmp',
    settingCode: 'setting_live_rtmp',
    target: (channel) => {
      const v = settings.typed('setting_live_rtmp');
      return { enabled: v[`${channel}enable`], url: v[`${channel}url`] };
    },
    refusals: {
      main: { disabled: 'rtmpMainDisabled', noUrl: 'rtmpMainNoUrl' },
      sub: { disabled: 'rtmpSubDisabled', noUrl: 'rtmpSubNoUrl' },
    },
    noneEnabled: 'rtmpNoneEnabled',
    stateFile: 'rtmp.json',
    outputArgs: rtmpOutputArgs,
    redact: (line) => line,
  };
}

/**
 * SRT (setting_live_srt): MPEG-TS to the URL, with the mode, the latency (libsrt takes microseconds) and, when a
 * passphrase is set, AES with its key length, and the stream id, as libsrt's URL options.
 */
export function srtProfile(settings: SettingsService): PushProfile {
  return {
    protocol: 'srt',
    settingCode: 'setting_live_srt',
    target: (channel) => {
      const v = settings.typed('setting_live_srt');
      return { enabled: v[`${channel}enable`], url: v[`${channel}url`] && srtOutputUrl(v[`${channel}url`], v) };
    },
    refusals: {
      main: { disabled: 'srtMainDisabled', noUrl: 'srtMainNoUrl' },
      sub: { disabled: 'srtSubDisabled', noUrl: 'srtSubNoUrl' },
    },
    noneEnabled: 'srtMainDisabled',
    stateFile: 'srt.json',
    // The encoder's MPEG-TS itself, 1316 bytes a message (`TS_BYTES_INPUT`): 0.1 s sooner than a remux.
    outputArgs: (url) => ['-f', 'data', url],
    passThrough: true,
    redact: (line) => line.replace(/passphrase=[^&\s'"]*/g, 'passphrase=***'),
  };
}

export function srtOutputUrl(
  base: string,
  v: { mode: string; latency: number; passphrase: string; pbkeylen: string; streamid: string },
): string {
  const u = new URL(base);
  u.searchParams.set('mode', v.mode);
  u.searchParams.set('latency', String(v.latency * 1000));
  if (v.passphrase) {
    u.searchParams.set('passphrase', v.passphrase);
    u.searchParams.set('pbkeylen', v.pbkeylen);
  }
  if (v.streamid) u.searchParams.set('streamid', v.streamid);
  return u.toString();
}
