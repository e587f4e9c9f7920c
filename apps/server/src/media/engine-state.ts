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
  rtmp: { main: 'true' | 'false' | 'reconn'; sub: 'true' | 'false' | 'reconn' };
  /** The layout on the output; undefined: the default for the configured channels. */
  layout: { type: number; channeldata: string[] } | undefined;
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
    layout: undefined,
  };
}
