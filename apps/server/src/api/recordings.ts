import type { HandlerMap } from './handler.js';

export const recordingHandlers: HandlerMap = {
  listmedia: (ctx) => ctx.services.recordingList.list(ctx.user, ctx.body),
  listsnapshot: (ctx) => ctx.services.recordingList.snapshots(ctx.user, ctx.body.recordid),
};
