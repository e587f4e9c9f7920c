import { SEARCH_MARK_END, SEARCH_MARK_START } from '@roomcast/contract';
import { chapterFile, type PartFile, partsOf } from '../chapters/chapter-format';

/** searchmedia's `query` at most (characters). */
export const SEARCH_QUERY_MAX = 100;

/** A piece of a hit's snippet: plain text, or words that matched the query (shown in `<mark>`). */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * searchmedia's snippet split at its U+0002 / U+0003 markers into plain and matched pieces, so the page renders them
 * as text nodes and `<mark>` elements (never as HTML). A marker without its pair is dropped; empty pieces are left out
 * and neighbours of the same kind joined.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, marked: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  };
  let rest = snippet;
  while (rest) {
    const start = rest.indexOf(SEARCH_MARK_START);
    if (start < 0) break;
    const end = rest.indexOf(SEARCH_MARK_END, start + 1);
    if (end < 0) break;
    push(rest.slice(0, start).replaceAll(SEARCH_MARK_END, ''), false);
    push(rest.slice(start + 1, end).replaceAll(SEARCH_MARK_START, ''), true);
    rest = rest.slice(end + 1);
  }
  push(rest.replaceAll(SEARCH_MARK_START, '').replaceAll(SEARCH_MARK_END, ''), false);
  return parts;
}

/** The BCP 47 tag of each console language, for the names of caption languages. */
const UI_LOCALE: Record<string, string> = { en_US: 'en-US', zh_CN: 'zh-CN', zh_HK: 'zh-HK' };

/** A caption track's language (`en`, `zh-Hans`) named in the console's language; the tag itself when unknown. */
export function languageName(tag: string, uiLanguage: string): string {
  if (!tag) return '';
  try {
    return new Intl.DisplayNames([UI_LOCALE[uiLanguage] ?? 'en-US'], { type: 'language', fallback: 'code' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The file a hit plays: its `part` (1-based) among the files of the recording's main channel (`main`, the file the
 * player would play first), as the service counts parts; past the last, the last; undefined when it cannot be played.
 */
export function hitFile<F extends PartFile>(files: readonly F[], main: F | undefined, part: number): F | undefined {
  if (!main) return undefined;
  return chapterFile(partsOf(files, main.channel), { part }) ?? main;
}
