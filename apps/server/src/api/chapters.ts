import type { ChaptersArea } from '../services/chapters/index.js';
import type { HandlerMap } from './handler.js';

export const chapterHandlers: HandlerMap<ChaptersArea> = {
  searchmedia: (ctx) => ctx.services.chapters.search(ctx.user, ctx.body),
  listchapter: (ctx) => ctx.services.chapters.list(ctx.user, ctx.body.recordid),
  markchapter: (ctx) => {
    const marked = ctx.services.chapters.mark(ctx.body.title);
    ctx.describe(`at ${(marked.position / 1000).toFixed(1)} s`);
    return marked;
  },
  editchapter: (ctx) => ctx.describe(ctx.services.chapters.rename(ctx.user, ctx.body.id, ctx.body.title)),
  removechapter: (ctx) => ctx.describe(ctx.services.chapters.remove(ctx.user, ctx.body.id)),
};
