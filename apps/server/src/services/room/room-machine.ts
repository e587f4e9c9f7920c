import { Fail } from '../core/index.js';
import type { PushProtocol, RoomState, RtmpChannelName, RtmpState, ShownLayout } from './room-state.js';

/**
 * Everything that changes the room's state. A command is legal from some states only; `transition` refuses the
 * others with the spec's message, so the rules of the room live here and nowhere else.
 */
export type RoomCommand = RoomCommandBody & {
  /**
   * Why the service itself made this change (a restart, a settings write, the silence check), not a user's call:
   * the operation log writes it with the change (room-log.ts). A user's call is logged by the API with its caller.
   */
  why?: string;
};

type RoomCommandBody =
  /** A record command begins (refused while another one is under way: `recordPending`). */
  | { type: 'record.claim' }
  /** It has ended, whatever its outcome. */
  | { type: 'record.release' }
  /** A start: the encoder is wanted from here (refused while recording or scanning). */
  | { type: 'record.starting' }
  /** The first frame is on disk: recording from `at`. */
  | { type: 'record.started'; at: number }
  /** A start failed before its first frame. */
  | { type: 'record.abort' }
  | { type: 'record.pause'; at: number }
  | { type: 'record.resume'; at: number }
  | { type: 'record.stop' }
  /** The recording belongs to a schedule that stops it at `stopTime` (a later occurrence may move it). */
  | { type: 'record.schedule'; schedule: { id: number; stopTime: number } }
  /** A disk scan begins (refused while recording or while another runs) or ends. */
  | { type: 'scan.start' }
  | { type: 'scan.end' }
  | { type: 'live.start'; at: number }
  | { type: 'live.stop' }
  /** RTMP outputs change state together (several turned on at once are planned in one encode). */
  | {
      type: 'rtmp.set';
      /** The outputs' protocol (RTMP when not said). */
      protocol?: PushProtocol;
      outputs: Partial<Record<RtmpChannelName, { state: RtmpState; start: number | undefined }>>;
    }
  | { type: 'rtsp.set'; main: boolean; sub: boolean }
  /** The layout on the output; `buttonId` when it is a saved slot's. */
  | { type: 'layout.set'; layout: ShownLayout | undefined; buttonId?: number }
  | { type: 'alarm.set'; on: boolean }
  /** The levels are watched, or no longer (`monitor-service.ts`, after a short linger). */
  | { type: 'monitor.set'; on: boolean };

export type RoomCommandType = RoomCommand['type'];

/** The state after `cmd`, or a `Fail` with the spec's message when `cmd` is not legal now. Pure. */
export function transition(s: Readonly<RoomState>, cmd: RoomCommand): RoomState {
  switch (cmd.type) {
    case 'record.claim':
      if (s.pending) throw Fail.of('recordPending');
      return { ...s, pending: true };
    case 'record.release':
      return { ...s, pending: false };
    case 'record.starting':
      if (s.recording !== 'idle') throw Fail.of('recordRunning');
      if (s.scanning) throw Fail.of('recordScanning');
      return { ...s, recording: 'starting', recordedMs: 0, recordingStart: undefined };
    case 'record.started':
      if (s.recording !== 'starting') throw Fail.of('recordNotRunning');
      return { ...s, recording: 'recording', recordingStart: cmd.at, recordedMs: 0 };
    case 'record.abort':
      if (s.recording !== 'starting') return s;
      return { ...s, recording: 'idle', recordingStart: undefined, recordedMs: 0, schedule: undefined };
    case 'record.pause':
      if (s.recording !== 'recording') throw Fail.of('recordNotRunning');
      return {
        ...s,
        recording: 'paused',
        recordedMs: s.recordedMs + (s.recordingStart ? cmd.at - s.recordingStart : 0),
        recordingStart: undefined,
      };
    case 'record.resume':
      if (s.recording !== 'paused') throw Fail.of('recordNotPaused');
      return { ...s, recording: 'recording', recordingStart: cmd.at };
    case 'record.stop':
      if (s.recording !== 'recording' && s.recording !== 'paused') throw Fail.of('recordNotRunning');
      return { ...s, recording: 'idle', recordingStart: undefined, recordedMs: 0, schedule: undefined };
    case 'record.schedule':
      // A recording that has ended meanwhile has no schedule to show.
      if (s.recording === 'idle') return s;
      return { ...s, schedule: { ...cmd.schedule } };
    case 'scan.start':
      if (s.recording !== 'idle' || s.pending) throw Fail.of('hddScanRecording');
      if (s.scanning) throw Fail.of('recordScanning');
      return { ...s, scanning: true };
    case 'scan.end':
      return { ...s, scanning: false };
    case 'live.start':
      if (s.living) return s;
      return { ...s, living: true, livingStart: cmd.at };
    case 'live.stop':
      if (!s.living) return s;
      return { ...s, living: false, livingStart: undefined };
    case 'rtmp.set': {
      const protocol = cmd.protocol ?? 'rtmp';
      const states = { ...s[protocol] };
      const starts = { ...s[`${protocol}Start`] };
      for (const [channel, o] of Object.entries(cmd.outputs) as [RtmpChannelName, { state: RtmpState; start: number | undefined }][]) {
        states[channel] = o.state;
        starts[channel] = o.state === 'off' ? undefined : o.start;
      }
      return { ...s, [protocol]: states, [`${protocol}Start`]: starts };
    }
    case 'rtsp.set':
      return { ...s, rtsp: { main: cmd.main, sub: cmd.sub } };
    case 'layout.set':
      return {
        ...s,
        layout: cmd.layout && { type: cmd.layout.type, channeldata: [...cmd.layout.channeldata] },
        layoutButtonId: cmd.buttonId ?? s.layoutButtonId,
      };
    case 'alarm.set':
      return { ...s, audioAlarm: cmd.on };
    case 'monitor.set':
      return { ...s, monitoring: cmd.on };
  }
}
