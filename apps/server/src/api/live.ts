import { RTMP_CHANNEL_OF, type LiveArea } from '../services/live/index.js';
import type { HandlerMap } from './handler.js';

/** A host name as it may appear in a URL we answer (anything else becomes `localhost`). */
const safeHost = (host: string) => (/^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])$/.test(host) ? host : 'localhost');

export const liveHandlers: HandlerMap<LiveArea> = {
  roomlivectrl: async (ctx) => {
    ctx.describe(ctx.body.control);
    await (ctx.body.control === 'start' ? ctx.services.live.start() : ctx.services.live.stop());
  },
  livesource: (ctx) => ctx.services.live.source(ctx.user, safeHost(ctx.host)),
  rtmpctl: async (ctx) => {
    ctx.describe(ctx.body.control);
    await (ctx.body.control === 'start' ? ctx.services.rtmp.startAll() : ctx.services.rtmp.stopAll());
  },
  rtmpchannelctl: async (ctx) => {
    const channel = RTMP_CHANNEL_OF[ctx.body.channel];
    ctx.describe(`${channel} ${ctx.body.control}`);
    await (ctx.body.control === 'start' ? ctx.services.rtmp.startChannel(channel) : ctx.services.rtmp.stopChannel(channel));
  },
  srtchannelctl: async (ctx) => {
    const channel = RTMP_CHANNEL_OF[ctx.body.channel];
    ctx.describe(`${channel} ${ctx.body.control}`);
    await (ctx.body.control === 'start' ? ctx.services.srt.startChannel(channel) : ctx.services.srt.stopChannel(channel));
  },
};
