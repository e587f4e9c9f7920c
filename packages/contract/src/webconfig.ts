import { z } from 'zod';

/** `/static/webconfig.json` (spec §3 Web config). The service serves it; an operator may edit DATA_DIR/webconfig.json. */
export const WebConfig = z.object({
  head: z.object({ image: z.string(), showtext: z.boolean(), message: z.object({ headtext: z.record(z.string(), z.string()) }) }),
  login: z.object({ image: z.string(), showimage: z.boolean() }),
  media: z.object({ prefix: z.string() }),
  site: z.object({
    title: z.string(),
    cloundShare: z.boolean(),
    mode4k: z.boolean(),
    videoResources: z.number().int().min(1).max(5),
    osd: z.object({ prefix: z.string() }),
  }),
});
export type WebConfig = z.infer<typeof WebConfig>;
// The shape written out too, so the defaults (and the console, which trusts what the service validated) need no zod.
type Declared = import('./webconfig-defaults.js').WebConfigShape;
const sameShape: [WebConfig, Declared] extends [Declared, WebConfig] ? true : never = true;
void sameShape;

export { DEFAULT_WEBCONFIG } from './webconfig-defaults.js';
