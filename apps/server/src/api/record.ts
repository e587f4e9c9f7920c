import type { HandlerMap } from './handler.js';

export const recordHandlers: HandlerMap = {
  scanfiles: (ctx) => ctx.services.diskScan.start(),
  recordctl: async (ctx) => {
    const r = ctx.services.recording;
    ctx.describe(ctx.body.control);
    switch (ctx.body.control) {
      case 'start':
        await r.start(ctx.user);
        return;
      case 'pause':
        return r.pause();
      case 'resume':
        return r.resume();
      case 'stop':
        return r.stop();
    }
  },
};
