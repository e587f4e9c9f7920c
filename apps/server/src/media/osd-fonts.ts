import { execFileSync } from 'node:child_process';

/** Metric-compatible fonts for the OSD font names (Debian: fonts-crosextra-carlito, fonts-liberation). */
export const FONT_FILES: Record<string, string> = {
  calibri: '/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf',
  times_new_roman: '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
  arial: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
};

/**
 * The font for text the Latin fonts cannot draw (Chinese of zh_CN and zh_HK, Japanese, Korean): Noto Sans CJK
 * (Debian: fonts-noto-cjk, installed by `scripts/setup.sh start`), named for fontconfig. Its files are collections
 * whose first face is the Japanese one, so it is named, not given as a file: drawtext then takes the Simplified
 * Chinese face. It has the Latin letters and digits too, so a text that mixes them is drawn in one font.
 */
export const CJK_FONT_FAMILY = 'Noto Sans CJK SC';

/** How drawtext finds a font: a file, or a family that fontconfig resolves (file and face). */
export type OsdFont = { file: string } | { family: string };

/** A font's characters as fontconfig lists them (`fc-query --format=%{charset}`: hex ranges such as `20-7e a0`). */
type Charset = [number, number][];
const charsets = new Map<string, Charset | undefined>();

function charsetOf(file: string): Charset | undefined {
  if (!charsets.has(file)) {
    let ranges: Charset | undefined;
    try {
      const out = execFileSync('fc-query', ['--format=%{charset}', file], { encoding: 'utf8', timeout: 5000 });
      ranges = out
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((r) => r.split('-').map((h) => Number.parseInt(h, 16)))
        .map(([from, to]) => [from!, to ?? from!]);
      if (ranges.length === 0 || ranges.some(([a, b]) => !Number.isFinite(a) || !Number.isFinite(b))) ranges = undefined;
    } catch {
      ranges = undefined;
    }
    charsets.set(file, ranges);
  }
  return charsets.get(file);
}

/** CJK scripts and their punctuation and full-width forms: what the Latin fonts never have (when fontconfig cannot tell). */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{2fa1f}]/u;

/** True when the font file has a glyph for every printable character of `text`. */
export function fontCovers(file: string, text: string): boolean {
  const charset = charsetOf(file);
  if (!charset) return !CJK.test(text);
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20) continue;
    if (!charset.some(([from, to]) => code >= from && code <= to)) return false;
  }
  return true;
}

/**
 * The font of the OSD text: the file of `fontname` (Arial's when unknown) when it has every character of the text,
 * else Noto Sans CJK, so Chinese is drawn as characters and not as empty boxes.
 */
export function osdTextFont(fontFiles: Record<string, string>, fontname: string | undefined, text: string): OsdFont {
  const file = fontFiles[fontname ?? 'arial'] ?? fontFiles.arial!;
  return fontCovers(file, text) ? { file } : { family: CJK_FONT_FAMILY };
}
