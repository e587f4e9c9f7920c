import type { HandlerMap } from './handler.js';

export const systemHandlers: HandlerMap = {
  status: (ctx) => ctx.services.status.status(),
  getopelog: (ctx) => ctx.services.oplog.page(ctx.body.pagesize, ctx.body.pageindex),
  restore_opelog: (ctx) => {
    ctx.services.oplog.clear();
  },
  reboot: (ctx) => {
    // Answer first; the restart (sandbox) or reboot (host) follows.
    setTimeout(() => ctx.services.power.reboot(), 300).unref();
  },
};
