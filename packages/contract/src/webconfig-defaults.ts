/**
 * The web config's shape and defaults without zod: the console reads these (the service validates the file
 * with the zod schema in webconfig.ts, which checks it has the same shape).
 */
export interface WebConfigShape {
  head: { image: string; showtext: boolean; message: { headtext: Record<string, string> } };
  login: { image: string; showimage: boolean };
  media: { prefix: string };
  site: { title: string; cloundShare: boolean; mode4k: boolean; videoResources: number; osd: { prefix: string } };
}

export const DEFAULT_WEBCONFIG: WebConfigShape = {
  head: { image: '', showtext: true, message: { headtext: { en_US: 'Roomcast', zh_CN: 'Roomcast', zh_HK: 'Roomcast' } } },
  login: { image: '', showimage: false },
  media: { prefix: '/media' },
  site: { title: 'Roomcast', cloundShare: false, mode4k: false, videoResources: 2, osd: { prefix: '/upload/' } },
};
