/**
 * The media engine's state machine state, read by `status`. The engine that drives ffmpeg (media engine
 * issue) owns and updates it; until a recording or live output runs, everything is idle.
 */
export interface EngineState {
  recording: 'idle' | 'recording' | 'paused';
  pending: boolean;
  recordingStart: number | undefined;
  /** Accumulated recorded milliseconds (pauses excluded) before the current run. */
  recordedMs: number;
  schedule: { id: number; stopTime: number } | undefined;
  scanning: boolean;
  layoutButtonId: number;
  living: boolean;
  livingStart: number | undefined;
  /** The RTMP outputs (services/live/rtmp-outputs.ts): off, started (connecting or streaming), reconnecting. */
  rtmp: { main: 'true' | 'false' | 'reconn'; sub: 'true' | 'false' | 'reconn' };
  /** When each RTMP output that is on was started (kept over reconnects and restarts). */
  rtmpStart: { main: number | undefined; sub: number | undefined };
  /** The RTSP outputs that are on (services/live/rtsp-outputs.ts: enabled in setting_live_rtsp and running). */
  rtsp: { main: boolean; sub: boolean };
  /** The layout on the output; undefined: the default for the configured channels. */
  layout: { type: number; channeldata: string[] } | undefined;
  /** The silence alarm: a recording's sound has stayed below the threshold for the alarm time (system domain's monitor). */
  audioAlarm: boolean;
}

export function idleEngineState(): EngineState {
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
    rtmp: { main: 'false', sub: 'false' },
    rtmpStart: { main: undefined, sub: undefined },
    rtsp: { main: false, sub: false },
    layout: undefined,
    audioAlarm: false,
  };
}
