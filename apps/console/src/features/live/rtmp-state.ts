import type { CallData, CallName, CallRequest, SettingCode } from '@roomcast/contract';
import { deviceInstant } from '../../app/device-clock';
import { panel } from '../../components/settings/settings-form';

/*
 * The push outputs of the Media stream screen (RTMP, SRT) as data: each protocol is a profile (its call, the status
 * fields of its two outputs, the locale keys of its texts) that the one control (RtmpChannels.tsx) renders, and the
 * pure steps over a profile. The file keeps its first name because docs/architecture.md names it.
 */

/** Spec §4: the status is read again 3 s after an output's start or stop, once the output has settled. */
export const OUTPUT_SETTLE_MS = 3000;

/** The two outputs of a protocol: main sends the HD picture, sub the SD one (the channel calls' '1' and '2'). */
export const OUTPUT_CHANNELS = [
  { key: 'main', channel: '1' },
  { key: 'sub', channel: '2' },
] as const satisfies readonly { key: string; channel: CallRequest<OutputCall>['channel'] }[];
export type OutputKey = (typeof OUTPUT_CHANNELS)[number]['key'];

/** An output's state as spec §4 names it. */
export type OutputState = 'idle' | 'started' | 'reconnecting';

type Status = CallData<'status'>;
/** The calls that start and stop one output of a protocol. */
export type OutputCall = Extract<CallName, 'rtmpchannelctl' | 'srtchannelctl'>;
/** Status fields that tell an output's state ('true', 'false', 'reconn'). */
type StateField = { [K in keyof Status]: 'reconn' extends Status[K] ? K : never }[keyof Status];
/** Status fields that tell when something was started, in device time. */
type StartField = Extract<keyof Status, `${string}start`>;

/** One protocol's outputs on the screen. */
export interface OutputProfile {
  call: OutputCall;
  /** The setting whose saved URLs the rows show (what a start uses). */
  code: Extract<SettingCode, 'setting_live_rtmp' | 'setting_live_srt'>;
  state: Record<OutputKey, StateField>;
  /** When each output was started; absent when the status does not say (no timer is shown then). */
  start?: Record<OutputKey, StartField>;
  /** Prefix of the test ids: `<prefix>-control`, `<prefix>-main`, `<prefix>-main-state`, `<prefix>-main-timer`. */
  testId: string;
  /** Locale keys (`live` namespace) of the control's title and of each output's name. */
  title: string;
  names: Record<OutputKey, string>;
}

export const RTMP_OUTPUTS: OutputProfile = {
  call: 'rtmpchannelctl',
  code: 'setting_live_rtmp',
  state: { main: 'ismainliving', sub: 'issubliving' },
  start: { main: 'mainlivingstart', sub: 'sublivingstart' },
  testId: 'rtmp',
  title: 'mediaStream.outputs.rtmp.control',
  names: { main: 'mediaStream.outputs.rtmp.main', sub: 'mediaStream.outputs.rtmp.sub' },
};

/** The status has no start time of the SRT outputs: their rows show the state without a timer. */
export const SRT_OUTPUTS: OutputProfile = {
  call: 'srtchannelctl',
  code: 'setting_live_srt',
  state: { main: 'ismainsrt', sub: 'issubsrt' },
  testId: 'srt',
  title: 'mediaStream.outputs.srt.control',
  names: { main: 'mediaStream.outputs.srt.main', sub: 'mediaStream.outputs.srt.sub' },
};

/** The state of an output from the status; idle before the first read. */
export function outputStateOf(status: Status | undefined, profile: OutputProfile, key: OutputKey): OutputState {
  const value = status?.[profile.state[key]];
  return value === 'true' ? 'started' : value === 'reconn' ? 'reconnecting' : 'idle';
}

/** When the output was started, as the status says it (device time); '' while idle or when the status does not say. */
export function outputStartOf(status: Status | undefined, profile: OutputProfile, key: OutputKey): string {
  const field = profile.start?.[key];
  return (field && status?.[field]) || '';
}

/**
 * Spec §4: Start disabled when started, reconnecting or pending; Stop enabled only when started or reconnecting
 * (and no command of this output is pending).
 */
export function outputControls(state: OutputState, pending: boolean): { start: boolean; stop: boolean } {
  return { start: state === 'idle' && !pending, stop: state !== 'idle' && !pending };
}

/** Whole seconds since `start` (device time in its zone, see app/device-clock.ts); 0 when unknown. */
export function outputSeconds(start: string, zoneOffset: number | undefined, now: number): number {
  const at = deviceInstant(start, zoneOffset);
  return at === undefined ? 0 : Math.max(0, Math.floor((now - at) / 1000));
}

/** `HH:MM:SS` (hours go past 99 when they must). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/**
 * The screen's settings panels (the shared settings pattern): RTMP and SRT, whose cards also hold their outputs'
 * controls, and RTSP.
 */
export const RTMP_PANEL = panel({ title: 'screens.mediaStream.rtmp', code: 'setting_live_rtmp' });
export const SRT_PANEL = panel({ title: 'screens.mediaStream.srt', code: 'setting_live_srt' });
export const RTSP_PANEL = panel({ title: 'screens.mediaStream.rtsp', code: 'setting_live_rtsp' });
