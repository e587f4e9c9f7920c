import type { AlbumsArea } from '../services/albums/index.js';
import type { HandlerMap } from './handler.js';

export const albumHandlers: HandlerMap<AlbumsArea> = {
  listalbum: (ctx) => ctx.services.albums.list(ctx.user),
  editalbum: (ctx) => {
    const { id, detail } = ctx.services.albums.edit(ctx.body);
    ctx.describe(detail);
    return { id };
  },
  deletealbum: (ctx) => ctx.describe(ctx.services.albums.remove(ctx.body.id)),
  setalbum: (ctx) => ctx.describe(ctx.services.albums.setAlbum(ctx.user, ctx.body)),
  uploadfile: async (ctx) => {
    const { path, detail } = await ctx.services.uploads.save(ctx.user, ctx.filePath, ctx.raw, ctx.contentType);
    ctx.describe(detail);
    return { path };
  },
};
