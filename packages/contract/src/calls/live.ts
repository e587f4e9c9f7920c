import { z } from 'zod';
import { anyOf, PUBLIC } from '../permissions.js';
import { defineCall, Empty, NoData } from './define.js';

/** Area `live`: the live room and the RTMP outputs. */

export const liveCalls = {
  roomlivectrl: defineCall({
    summary:
      'Start or stop the live room (both idempotent). The first start replaces the default `setting_room.urlsession` ("live") by a random one of 10 letters and digits. While living, the encoder runs and its HD picture is served as HLS and over WebSockets (see livesource); the room name and urlsession cannot change (publish can). A room that was living when the service stopped lives on at its next start.',
    request: z.object({ control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('operating'),
    mutating: true,
  }),
  livesource: defineCall({
    summary:
      'Where to watch the live room now, for this caller. `hls` is the path of the HLS playlist (`/xlive/{urlsession}.m3u8`, spec §7; 1 s segments at `/xlive/{urlsession}/{segment}.ts`) and `ws` the path of a WebSocket (ws:// or wss:// on this host) that sends the MPEG-TS stream as binary messages, each viewer starting at a keyframe with PAT and PMT; a viewer that falls a few MB behind is disconnected. A published room (`setting_room.publish`) answers plain paths anyone may use. Otherwise both carry a signature (`?s=&exp=&sig=`, valid 4 h) bound to the caller\'s session: they stop working when the session ends or is forced out (its WebSockets close at once), and the playlist\'s segment lines carry the same query; without it the room answers 404 as if it did not exist. `rtmp` is the RTMP form of the URL on the host name the request was sent to (the Host header without its port). Answers "does not exist" to a caller who may not watch (an unpublished room needs a session with `live` or `operating`), and "not living" when the room is not living.',
    request: Empty,
    data: z.object({
      hls: z.string().describe('HLS playlist URL path (with its signature unless the room is published)'),
      ws: z.string().describe('WebSocket URL path (ws:// on this host) of the MPEG-TS stream (with its signature unless published)'),
      rtmp: z.string().describe('the RTMP form: rtmp://{host}/xlive/{urlsession}, host from the request'),
      urlsession: z.string(),
      published: z.boolean(),
      livingstart: z.string().describe('when the room went live, in the device zone'),
    }),
    permission: PUBLIC,
    mutating: false,
  }),
  rtmpctl: defineCall({
    summary:
      'Start or stop the RTMP outputs of `setting_live_rtmp` (both idempotent). Start turns on every enabled output (main: the HD picture, sub: the SD picture, each a stream copy of the one encode, which runs while an output is on); refused when none is enabled. When a destination drops, the output reconnects by itself (after 1 s, doubling to 30 s; status `ismainliving`/`issubliving` "reconn" meanwhile, "true" again once it streams). Outputs that are on come back after a service restart. Stop turns every output off.',
    request: z.object({ control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('rtmplive', 'mediastream'),
    mutating: true,
  }),
  srtchannelctl: defineCall({
    summary:
      'Start or stop one SRT output of `setting_live_srt` (the twin of rtmpchannelctl): channel "1" main (the HD picture to `mainurl`), "2" sub (the SD picture to `suburl`), a copy of the encode in MPEG-TS; both idempotent. A dropped receiver is tried again (1 s doubling to 30 s; status `ismainsrt`/`issubsrt` "reconn" meanwhile, "true" once it streams); outputs that are on come back after a service restart. Start is refused when the channel is not enabled or has no URL.',
    request: z.object({ channel: z.enum(['1', '2']), control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('rtmplive', 'mediastream'),
    mutating: true,
  }),
  rtmpchannelctl: defineCall({
    summary:
      'Start or stop one RTMP output: channel "1" main (the HD picture to `mainurl`), "2" sub (the SD picture to `suburl`); both idempotent, reconnecting as rtmpctl says. Start is refused when the channel is not enabled or has no URL.',
    request: z.object({ channel: z.enum(['1', '2']), control: z.enum(['start', 'stop']) }),
    data: NoData,
    permission: anyOf('rtmplive', 'mediastream'),
    mutating: true,
  }),
};
