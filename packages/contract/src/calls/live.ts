import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, NoData } from './define.js';

/** Area `live`: the live room and the RTMP outputs. */

export const liveCalls = {
  roomlivectrl: defineCall({
    summary: 'Start or stop the live room.',
    request: z.object({ control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('operating'),
    mutating: true,
  }),
  rtmpctl: defineCall({
    summary: 'Start or stop both RTMP outputs.',
    request: z.object({ control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('rtmplive', 'mediastream'),
    mutating: true,
  }),
  rtmpchannelctl: defineCall({
    summary: 'Start or stop one RTMP output: channel "1" main, "2" sub.',
    request: z.object({ channel: z.enum(['1', '2']), control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('rtmplive', 'mediastream'),
    mutating: true,
  }),
};
