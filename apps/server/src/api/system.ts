import type { SystemArea } from '../services/system/index.js';
import type { HandlerMap } from './handler.js';

export const systemHandlers: HandlerMap<SystemArea> = {
  status: (ctx) => ctx.services.status.status(),
  roominfo: (ctx) => ({ roomname: ctx.services.room.name() }),
  getopelog: (ctx) => ctx.services.oplog.page(ctx.body.pagesize, ctx.body.pageindex),
  restore_opelog: (ctx) => {
    ctx.services.oplog.clear();
  },
  reboot: (ctx) => ctx.services.power.rebootSoon(),
};
