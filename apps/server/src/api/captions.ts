import type { CaptionsArea } from '../services/captions/index.js';
import type { HandlerMap } from './handler.js';

export const captionHandlers: HandlerMap<CaptionsArea> = {
  listcaption: (ctx) => ctx.services.captions.list(ctx.user, ctx.body.recordid),
  getcaption: (ctx) => ctx.services.captions.get(ctx.user, ctx.body.id),
  importcaption: (ctx) => {
    const { result, describe } = ctx.services.captions.import(ctx.user, ctx.body);
    ctx.describe(describe);
    return result;
  },
  savecaption: (ctx) => ctx.describe(ctx.services.captions.save(ctx.user, ctx.body)),
  removecaption: (ctx) => ctx.describe(ctx.services.captions.remove(ctx.user, ctx.body.id)),
};
