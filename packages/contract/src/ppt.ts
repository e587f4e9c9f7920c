/**
 * Slides (spec §2 PPT, `setting_ppt`): the public page that shows the latest slide while `pushenable` is on, and
 * what the console needs to point people at it (the page's path for the QR code). The service serves these paths
 * (`apps/server/src/api/ppt-route.ts`); nothing under them needs a session.
 */
export const PPT_PAGE_PATH = '/ppt.html';
/** The page's script (the CSP allows no inline script). */
export const PPT_SCRIPT_PATH = '/ppt/ppt.js';
/** The latest slide as a JPEG; `?n=<number>` names a version only to defeat caches. */
export const PPT_SLIDE_PATH = '/ppt/slide.jpg';
/** Server-Sent Events: a `slide` event (data `{"n": <number>}`) each time a new slide is there. */
export const PPT_EVENTS_PATH = '/ppt/events';
export const PPT_SLIDE_EVENT = 'slide';
/** The QR code of the page's URL on the PPT screen: pixels a side (spec §7). */
export const PPT_QR_SIZE = 200;
/** The name of the QR code's JPEG download. */
export const PPT_QR_FILE = 'ppt-qrcode.jpg';

/** The ppt.html page's few texts, by console language (chosen from the browser's Accept-Language). */
export const PPT_PAGE_TEXT = {
  en_US: {
    title: 'Slides',
    waiting: 'Waiting for the first slide…',
    slideAlt: 'The latest slide',
    off: 'Slides are not being shared now.',
  },
  zh_CN: {
    title: '幻灯片',
    waiting: '正在等待第一张幻灯片……',
    slideAlt: '最新的幻灯片',
    off: '现在没有共享幻灯片。',
  },
  zh_HK: {
    title: '投影片',
    waiting: '正在等待第一張投影片……',
    slideAlt: '最新的投影片',
    off: '現在沒有分享投影片。',
  },
} as const satisfies Record<string, Record<'title' | 'waiting' | 'slideAlt' | 'off', string>>;
export type PptPageLanguage = keyof typeof PPT_PAGE_TEXT;

/** The page's language for an Accept-Language header: Traditional Chinese, Simplified Chinese, else English. */
export function pptPageLanguage(acceptLanguage: string | undefined): PptPageLanguage {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (/^zh-(hk|tw|mo|hant)/.test(tag)) return 'zh_HK';
    if (tag.startsWith('zh')) return 'zh_CN';
    if (tag.startsWith('en')) return 'en_US';
  }
  return 'en_US';
}
