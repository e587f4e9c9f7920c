import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, NoData } from './define.js';

/** Area `devices`: cameras and other attached devices (PTZ control). */

/** Spec §9: speeds slow 1, normal 2, fast 3. */
export const PTZ_SPEEDS = { slow: 1, normal: 2, fast: 3 } as const;
/**
 * The dead-man timer: a movement (direction or zoom) that receives no `end` and no repeated `start` for this long is
 * stopped by the service, so a browser that goes away mid-press cannot leave a camera turning.
 */
export const PTZ_STOP_AFTER_MS = 3000;
/** While a button is held the console repeats its `start` this often (well inside `PTZ_STOP_AFTER_MS`). */
export const PTZ_KEEPALIVE_MS = 1000;

const speed = z.number().int().min(1).max(3);
const ptzOperation = z.enum(['start', 'end']);

export const deviceCalls = {
  remotecontrol: defineCall({
    summary:
      'Camera control (PTZ) of channel 0-3 (setting_ptz_camera says how each camera is reached): move or zoom (start, end), ' +
      'or set/call preset 0-9. `end` always sends a stop. A `start` repeated while the same movement runs keeps it going ' +
      `without sending it again; a movement with no \`end\` and no repeated \`start\` for ${PTZ_STOP_AFTER_MS} ms is stopped by the service.`,
    request: z.discriminatedUnion('controltype', [
      z.object({
        controltype: z.literal('direction'),
        channel: z.number().int().min(0).max(3),
        direction: z.object({ operation: ptzOperation, direction: z.enum(['up', 'down', 'left', 'right']), speed }),
      }),
      z.object({
        controltype: z.literal('zoom'),
        channel: z.number().int().min(0).max(3),
        zoom: z.object({ operation: ptzOperation, zoom: z.enum(['in', 'out']), speed }),
      }),
      z.object({
        controltype: z.literal('position'),
        channel: z.number().int().min(0).max(3),
        position: z.object({ operation: z.enum(['set', 'call']), position: z.number().int().min(0).max(9) }),
      }),
    ]),
    data: NoData,
    permission: anyOf('cameracontrol'),
    // One operation-log row per press (at its end) and per preset: the keep-alive starts of a held button are not logged.
    mutating: (b) => b.controltype === 'position' || (b.controltype === 'direction' ? b.direction.operation : b.zoom.operation) === 'end',
  }),
};
