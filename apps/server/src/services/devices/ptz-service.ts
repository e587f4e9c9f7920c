import { LIMITS, ptzChannelConfig, type CallBody } from '@roomcast/contract';
import { Fail, type Timers } from '../core/index.js';
import { pelcoDCommand, viscaCommand, type PtzAction, type PtzMotion, type PtzSpeed } from './ptz-commands.js';
import type { SerialPorts } from './serial-ports.js';
import type { ViscaOverIp } from './visca-ip.js';

export interface PtzDeps {
  /** setting_ptz_camera's values now: how each channel's camera is reached. */
  settings: () => Record<string, string>;
  ports: SerialPorts;
  ip: ViscaOverIp;
  /** One-shot timers (services/core): the dead-man timer of each running movement. */
  timers: Timers;
  /** A movement with no end and no repeated start for this long is stopped (contract PTZ_STOP_AFTER_MS). */
  stopAfterMs: number;
  log: (line: string) => void;
  oplog: (description: string) => void;
}

type Axis = 'move' | 'zoom';
const STOP: Record<Axis, PtzAction> = { move: { kind: 'moveStop' }, zoom: { kind: 'zoomStop' } };

/**
 * remotecontrol over the cameras of channels 0-3 (VISCA or PELCO-D on a serial port, VISCA over IP). A press's `end`
 * always sends a stop; each running movement has a dead-man timer, re-armed by a repeated `start` (the console's
 * keep-alive while a button is held), that stops it when neither comes in time (a browser gone mid-press).
 */
export function ptzService(d: PtzDeps) {
  const channels = Array.from({ length: LIMITS.ptzChannels }, () => ({
    motion: {} as PtzMotion,
    timers: {} as Partial<Record<Axis, unknown>>,
  }));

  async function send(channel: number, action: PtzAction): Promise<void> {
    const c = ptzChannelConfig(d.settings(), channel);
    const motion = channels[channel]!.motion;
    try {
      // Over IP the camera's VISCA address is always 1.
      if (c.protocol === 'viscaip') return await d.ip.send(c.host, c.udpport, viscaCommand(1, action));
      const line = d.ports.cameraLine(c.port, channel);
      const frames = c.protocol === 'visca' ? [viscaCommand(c.address, action)] : pelcoDCommand(c.address, action, motion);
      await line.write(Buffer.concat(frames));
    } catch (err) {
      if (err instanceof Fail) throw err;
      d.log(`camera channel ${channel}: ${(err as Error).message}`);
      throw Fail.of('ptzSendFailed', channel);
    }
  }

  function disarm(channel: number, axis: Axis): void {
    const timers = channels[channel]!.timers;
    if (timers[axis] !== undefined) d.timers.clear(timers[axis]);
    timers[axis] = undefined;
  }

  function arm(channel: number, axis: Axis): void {
    disarm(channel, axis);
    channels[channel]!.timers[axis] = d.timers.set(() => void expire(channel, axis), d.stopAfterMs);
  }

  async function expire(channel: number, axis: Axis): Promise<void> {
    channels[channel]!.timers[axis] = undefined;
    if (!channels[channel]!.motion[axis]) return;
    d.oplog(`camera channel ${channel}: ${axis === 'move' ? 'movement' : 'zoom'} stopped, no release within ${d.stopAfterMs / 1000} s`);
    await stop(channel, axis).catch((err: Error) => d.log(`camera channel ${channel}: dead-man stop failed: ${err.message}`));
  }

  async function start(channel: number, axis: Axis, action: PtzAction & { speed: PtzSpeed }, motion: PtzMotion[Axis]): Promise<void> {
    const ch = channels[channel]!;
    const same = JSON.stringify(ch.motion[axis]) === JSON.stringify(motion);
    ch.motion = { ...ch.motion, [axis]: motion };
    arm(channel, axis);
    // A repeated start of the movement already running only keeps it alive.
    if (same) return;
    try {
      await send(channel, action);
    } catch (err) {
      ch.motion = { ...ch.motion, [axis]: undefined };
      disarm(channel, axis);
      throw err;
    }
  }

  /** Ends one axis of a channel: the stop is sent whether or not a start was seen (a stop is always safe). */
  async function stop(channel: number, axis: Axis): Promise<void> {
    const ch = channels[channel]!;
    disarm(channel, axis);
    ch.motion = { ...ch.motion, [axis]: undefined };
    await send(channel, STOP[axis]);
  }

  return {
    async remote(body: CallBody<'remotecontrol'>): Promise<void> {
      const ch = body.channel;
      switch (body.controltype) {
        case 'direction': {
          const { operation, direction, speed } = body.direction;
          const s = speed as PtzSpeed;
          return operation === 'start'
            ? start(ch, 'move', { kind: 'move', direction, speed: s }, { direction, speed: s })
            : stop(ch, 'move');
        }
        case 'zoom': {
          const { operation, zoom, speed } = body.zoom;
          const s = speed as PtzSpeed;
          return operation === 'start' ? start(ch, 'zoom', { kind: 'zoom', zoom, speed: s }, { zoom, speed: s }) : stop(ch, 'zoom');
        }
        case 'position': {
          const { operation, position } = body.position;
          return send(ch, { kind: operation === 'set' ? 'presetSet' : 'presetCall', preset: position });
        }
      }
    },
    /** The control panel's preset call. */
    callPreset: (channel: number, preset: number) => send(channel, { kind: 'presetCall', preset }),
    /** At shutdown: every running movement is stopped, its timer cleared. */
    async halt(): Promise<void> {
      for (const [channel, ch] of channels.entries()) {
        for (const axis of ['move', 'zoom'] as const) {
          if (ch.motion[axis]) await stop(channel, axis).catch(() => undefined);
          else disarm(channel, axis);
        }
      }
    },
  };
}
export type PtzService = ReturnType<typeof ptzService>;
