import type { SyncArea } from '../services/sync/index.js';
import type { HandlerMap } from './handler.js';

export const syncHandlers: HandlerMap<SyncArea> = {
  share: (ctx) => ctx.describe(ctx.services.share.share(ctx.user, ctx.body.type, ctx.body.file)),
  listshare: (ctx) => ctx.services.share.listShare(),
  listtransfer: (ctx) => ctx.services.share.list(ctx.user, ctx.body.recordid, ctx.body.target),
  listupload: (ctx) => ctx.services.share.uploads(ctx.user, ctx.body.recordids),
  resyncrecord: (ctx) => ctx.describe(ctx.services.ftp.resync(ctx.user, ctx.body.recordid)),
  resyncmediaclientrecord: (ctx) => ctx.describe(ctx.services.mediaServer.resync(ctx.user, ctx.body.recordid)),
  mediaserverstatus: (ctx) => ctx.services.mediaServer.status(),
  testftp: async (ctx) => {
    const answer = await ctx.services.ftp.test(ctx.body.data);
    ctx.describe(`${answer.folder}: ${answer.greeting}`);
    return answer;
  },
};
