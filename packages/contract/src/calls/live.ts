import { z } from 'zod';
import { anyOf, PUBLIC } from '../permissions.js';
import { defineCall, Empty, NoData } from './define.js';

/** Area `live`: the live room and the RTMP outputs. */

export const liveCalls = {
  roomlivectrl: defineCall({
    summary: 'Start or stop the live room.',
    request: z.object({ control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('operating'),
    mutating: true,
  }),
  livesource: defineCall({
    summary:
      'Where to watch the live room now, for this caller: the HLS playlist (`/xlive/{urlsession}.m3u8`, spec §7) and the sub-second MPEG-TS WebSocket, both with a short-lived signature bound to the caller\'s session (they stop working when it ends or is forced out), and the RTMP form of the URL. Answers "not living" when the room is not living, and "does not exist" to a caller who may not watch: an unpublished room needs a session with `live`.',
    request: Empty,
    data: z.object({
      hls: z.string().describe('HLS playlist URL path with its signature'),
      ws: z.string().describe('WebSocket URL path (ws:// on this host) of the MPEG-TS stream, with its signature'),
      rtmp: z.string().describe('the RTMP form: rtmp://{host}/xlive/{urlsession}'),
      urlsession: z.string(),
      published: z.boolean(),
      livingstart: z.string(),
    }),
    permission: PUBLIC,
    mutating: false,
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
