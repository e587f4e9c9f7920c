import { z } from 'zod';

/** `/static/webconfig.json` (spec §3 Web config). The service serves it; an operator may edit DATA_DIR/webconfig.json. */
export const WebConfig = z.object({
  head: z.object({ image: z.string(), showtext: z.boolean(), message: z.object({ headtext: z.record(z.string(), z.string()) }) }),
  login: z.object({ image: z.string(), showimage: z.boolean() }),
  media: z.object({ prefix: z.string() }),
  site: z.object({
    title: z.string(), cloundShare: z.boolean(), mode4k: z.boolean(), videoResources: z.number().int().min(1).max(5),
    osd: z.object({ prefix: z.string() }),
  }),
});
export type WebConfig = z.infer<typeof WebConfig>;

export const DEFAULT_WEBCONFIG: WebConfig = {
  head: { image: '', showtext: true, message: { headtext: { en_US: 'Roomcast', zh_CN: 'Roomcast', zh_HK: 'Roomcast' } } },
  login: { image: '', showimage: false },
  media: { prefix: '/media' },
  site: { title: 'Roomcast', cloundShare: false, mode4k: false, videoResources: 2, osd: { prefix: '/upload/' } },
};
