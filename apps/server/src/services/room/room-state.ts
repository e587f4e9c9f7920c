/** The layout on the output: a layout type and the channel letters of its windows. */
export interface ShownLayout {
  type: number;
  channeldata: string[];
}

/** An RTMP output's state: off, on (connecting or streaming), reconnecting after a drop. */
export type RtmpState = 'off' | 'on' | 'reconnecting';
export type RtmpChannelName = 'main' | 'sub';
/** The protocols of the pushed outputs (a copy of the encode each: `services/live/rtmp-outputs.ts`). */
export type PushProtocol = 'rtmp' | 'srt';
export const PUSH_PROTOCOLS: readonly PushProtocol[] = ['rtmp', 'srt'];
/** The outputs as people read them (logs, the operation log). */
export const PUSH_LABEL: Record<PushProtocol, Record<RtmpChannelName, string>> = {
  rtmp: { main: 'RTMP main (HD)', sub: 'RTMP sub (SD)' },
  srt: { main: 'SRT main (HD)', sub: 'SRT sub (SD)' },
};
export const RTMP_LABEL = PUSH_LABEL.rtmp;

/**
 * The room's state: what records, lives and streams, the disk scan and the layout on the output. Only the room
 * (`room.ts`) changes it, through the commands of `room-machine.ts`; everyone else reads it or listens to its events.
 */
export interface RoomState {
  /** `starting`: a start is under way (the encoder runs, the first frame is not on disk yet; status shows pending). */
  recording: 'idle' | 'starting' | 'recording' | 'paused';
  /** A record command (start, pause, resume, stop with its finalize) is under way. */
  pending: boolean;
  /** When the current run of recording began (device clock); undefined while paused or idle. */
  recordingStart: number | undefined;
  /** Accumulated recorded milliseconds (pauses excluded) before the current run. */
  recordedMs: number;
  /** The schedule the recording belongs to, and when that schedule stops it. */
  schedule: { id: number; stopTime: number } | undefined;
  scanning: boolean;
  layoutButtonId: number;
  living: boolean;
  livingStart: number | undefined;
  rtmp: Record<RtmpChannelName, RtmpState>;
  /** When each RTMP output that is on was started (kept over reconnects and restarts). */
  rtmpStart: Record<RtmpChannelName, number | undefined>;
  /** The SRT outputs, as the RTMP ones. */
  srt: Record<RtmpChannelName, RtmpState>;
  srtStart: Record<RtmpChannelName, number | undefined>;
  /** The RTSP outputs that are on (enabled in setting_live_rtsp and served). */
  rtsp: { main: boolean; sub: boolean };
  /** The layout on the output; undefined: the default for the configured channels. */
  layout: ShownLayout | undefined;
  /** The silence alarm: a recording's sound has stayed below the threshold for the alarm time. */
  audioAlarm: boolean;
  /**
   * A levels stream asked for the encode (`?encode=1`: the Audio screen, the confidence monitor started by hand): it
   * runs for it while nothing else does, so the meters, the picture and each channel's signal show before a lecture.
   */
  monitoring: boolean;
}

export function idleRoomState(): RoomState {
  return {
    recording: 'idle',
    pending: false,
    recordingStart: undefined,
    recordedMs: 0,
    schedule: undefined,
    scanning: false,
    layoutButtonId: 0,
    living: false,
    livingStart: undefined,
    rtmp: { main: 'off', sub: 'off' },
    rtmpStart: { main: undefined, sub: undefined },
    srt: { main: 'off', sub: 'off' },
    srtStart: { main: undefined, sub: undefined },
    rtsp: { main: false, sub: false },
    layout: undefined,
    audioAlarm: false,
    monitoring: false,
  };
}

/** Recording or paused (a start under way is not yet a recording). */
export const isRecording = (s: RoomState): boolean => s.recording === 'recording' || s.recording === 'paused';
/** Milliseconds recorded so far, pauses excluded. */
export const recordedMsAt = (s: RoomState, now: number): number =>
  s.recordedMs + (s.recording === 'recording' && s.recordingStart ? now - s.recordingStart : 0);
/** Whether an RTMP or SRT output is on (reconnecting included). */
export const pushing = (s: RoomState): boolean => PUSH_PROTOCOLS.some((p) => s[p].main !== 'off' || s[p].sub !== 'off');
/** Recording (or starting), the live room or a pushed output (reconnecting included) is on: the video settings are fixed. */
export const videoFixed = (s: RoomState): boolean => s.recording !== 'idle' || s.living || pushing(s);

/** The fields a change touched, as `field=value` (for logs). */
export function describeChange(before: Readonly<RoomState>, after: Readonly<RoomState>): string {
  return (Object.keys(after) as (keyof RoomState)[])
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}=${JSON.stringify(after[k]) ?? 'none'}`)
    .join(' ');
}
