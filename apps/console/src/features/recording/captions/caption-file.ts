import { CAPTION_FORMATS } from '@roomcast/contract';

export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

/** The accept list of the import dialog's file input. */
export const CAPTION_ACCEPT = '.vtt,.srt,text/vtt';

/** A caption file's format by its extension (`.vtt` WebVTT, `.srt` SubRip); undefined for any other file. */
export function captionFormatOf(fileName: string): CaptionFormat | undefined {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return CAPTION_FORMATS.find((f) => f === ext);
}

/** The language offered first in the import dialog: the console's own. */
export function defaultCaptionLanguage(uiLanguage: string): string {
  if (uiLanguage === 'zh_CN') return 'zh-Hans';
  if (uiLanguage === 'zh_HK') return 'zh-Hant';
  return 'en';
}
