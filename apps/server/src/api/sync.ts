import type { SyncArea } from '../services/sync/index.js';
import type { HandlerMap } from './handler.js';

export const syncHandlers: HandlerMap<SyncArea> = {
  share: (ctx) => ctx.describe(ctx.services.share.share(ctx.user, ctx.body.type, ctx.body.file)),
  listshare: (ctx) => ctx.services.share.listShare(),
  listtransfer: (ctx) => ctx.services.share.list(ctx.user, ctx.body.recordid),
};
