import { CHAPTER_TEXT_MAX, CHAPTER_TITLE_MAX } from '@roomcast/contract';

/** Han characters and CJK punctuation: Tesseract puts a space between each two of them, which Chinese does not have. */
const CJK = '\\p{Script=Han}\\u3000-\\u303f\\uff00-\\uffef';
const SPACE_IN_CJK = new RegExp(`(?<=[${CJK}])[ \\t]+(?=[${CJK}])`, 'gu');
/** A line worth keeping has a letter or a digit: OCR reads borders and bullets as `|`, `—` or `©`. */
const WORTH = /[\p{L}\p{N}]/u;
/** A title has at least two letters (a lone "1" or "a" is a page number or a bullet). */
const TITLE = /\p{L}.*\p{L}/su;

/**
 * A slide's text as Tesseract printed it, made readable: lines trimmed and their inner spaces single, spaces between
 * Chinese characters removed, lines without a letter or a digit dropped, at most CHAPTER_TEXT_MAX characters.
 */
export function cleanSlideText(raw: string): string {
  const lines = raw
    .replace(/\f/g, '\n')
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/[ \t\u00a0]+/g, ' ')
        .trim()
        .replace(SPACE_IN_CJK, ''),
    )
    .filter((line) => WORTH.test(line));
  return lines.join('\n').slice(0, CHAPTER_TEXT_MAX);
}

/** A slide chapter's title: its first line with two letters or more, cut at CHAPTER_TITLE_MAX; "" when none. */
export function slideTitle(text: string): string {
  const line = text.split('\n').find((l) => TITLE.test(l)) ?? '';
  return [...line].slice(0, CHAPTER_TITLE_MAX).join('').trim();
}
