import type { CallData, CallRequest } from '@roomcast/contract';
import { deviceInstant } from '../../app/device-clock';
import { panel } from '../../components/settings/settings-form';

/** Spec §4: the status is read again 3 s after an RTMP start or stop, once the output has settled. */
export const RTMP_SETTLE_MS = 3000;

/** The two RTMP outputs: main sends the HD picture, sub the SD one (rtmpchannelctl's '1' and '2'). */
export const RTMP_CHANNELS = [
  { key: 'main', channel: '1' },
  { key: 'sub', channel: '2' },
] as const satisfies readonly { key: string; channel: CallRequest<'rtmpchannelctl'>['channel'] }[];
export type RtmpChannelKey = (typeof RTMP_CHANNELS)[number]['key'];

/** A channel's state as spec §4 names it. */
export type RtmpState = 'idle' | 'started' | 'reconnecting';

type Status = CallData<'status'>;

/** The state of a channel from the status (`ismainliving` / `issubliving`); idle before the first read. */
export function rtmpStateOf(status: Status | undefined, key: RtmpChannelKey): RtmpState {
  const value = key === 'main' ? status?.ismainliving : status?.issubliving;
  return value === 'true' ? 'started' : value === 'reconn' ? 'reconnecting' : 'idle';
}

/** When the channel was started, as the status says it (device time); '' while idle. */
export function rtmpStartOf(status: Status | undefined, key: RtmpChannelKey): string {
  return (key === 'main' ? status?.mainlivingstart : status?.sublivingstart) ?? '';
}

/**
 * Spec §4: Start disabled when started, reconnecting or pending; Stop enabled only when started or reconnecting
 * (and no command of this channel is pending).
 */
export function rtmpControls(state: RtmpState, pending: boolean): { start: boolean; stop: boolean } {
  return { start: state === 'idle' && !pending, stop: state !== 'idle' && !pending };
}

/** Whole seconds since `start` (device time in its zone, see app/device-clock.ts); 0 when unknown. */
export function rtmpSeconds(start: string, zoneOffset: number | undefined, now: number): number {
  const at = deviceInstant(start, zoneOffset);
  return at === undefined ? 0 : Math.max(0, Math.floor((now - at) / 1000));
}

/** `HH:MM:SS` (hours go past 99 when they must). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** The screen's settings panels (the shared settings pattern): RTMP, whose card also holds the channel controls, and RTSP. */
export const RTMP_PANEL = panel({ title: 'screens.mediaStream.rtmp', code: 'setting_live_rtmp' });
export const RTSP_PANEL = panel({ title: 'screens.mediaStream.rtsp', code: 'setting_live_rtsp' });
