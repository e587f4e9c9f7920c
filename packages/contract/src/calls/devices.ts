import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, NoData } from './define.js';

/** Area `devices`: cameras and other attached devices (PTZ control). */

const speed = z.number().int().min(1).max(3);
const ptzOperation = z.enum(['start', 'end']);

export const deviceCalls = {
  remotecontrol: defineCall({
    summary: 'Camera control (PTZ): move, zoom, or set/call a preset.',
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
    mutating: true,
  }),
};
