import type { DevicesArea } from '../services/devices/index.js';
import type { HandlerMap } from './handler.js';

export const deviceHandlers: HandlerMap<DevicesArea> = {
  remotecontrol: (ctx) => {
    const b = ctx.body;
    const what =
      b.controltype === 'direction'
        ? `${b.direction.direction} ${b.direction.operation}`
        : b.controltype === 'zoom'
          ? `zoom ${b.zoom.zoom} ${b.zoom.operation}`
          : `preset ${b.position.position} ${b.position.operation}`;
    ctx.describe(`channel ${b.channel} ${what}`);
    return ctx.services.ptz.remote(b);
  },
};
