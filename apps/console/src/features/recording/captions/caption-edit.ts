import { type CaptionCue, formatMessage, MESSAGES } from '@roomcast/contract';

/**
 * The caption editor's work on cues, as pure functions (caption-edit.test.ts). Times are milliseconds of the
 * recording across its parts, as the service counts them.
 */

/** A cue in the editor: the service's cue with a key of its own, so rows keep their identity through edits. */
export interface EditCue extends CaptionCue {
  key: number;
}

let nextKey = 1;
/** A fresh key for a new row (a loaded cue, or the second half of a split). */
export const newKey = (): number => nextKey++;

export function editCues(cues: readonly CaptionCue[]): EditCue[] {
  return cues.map((c) => ({ ...c, key: newKey() }));
}

/** `h:mm:ss.mmm`, the editor's time format. */
export function formatTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${Math.floor(t / 3_600_000)}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}.${pad(t % 1000, 3)}`;
}

const TIME = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d{1,2})(?:[.,](\d{1,3}))?$/;

/**
 * A time typed by a person: `h:mm:ss.mmm`, `m:ss.mmm` or `s.mmm` (a comma as SRT writes it too; the fraction
 * optional, `.5` is 500 ms); undefined when it is none of these or minutes or seconds reach 60.
 */
export function parseTime(text: string): number | undefined {
  const m = TIME.exec(text.trim());
  if (!m) return undefined;
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2] ?? 0), Number(m[3])];
  // Seconds alone may be any count below a minute; with minutes given, both stay below 60.
  if (min >= 60 || s >= 60) return undefined;
  const ms = m[4] ? Number(m[4].padEnd(3, '0')) : 0;
  return ((h * 60 + min) * 60 + s) * 1000 + ms;
}

/** The cues in the order the service keeps them (by start, then end): a refusal's cue number counts this order. */
export function sortCues<C extends CaptionCue>(cues: readonly C[]): C[] {
  return [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Moves the cues whose keys are in `keys` (all when empty) by `deltaMs`. No cue moves before the recording's start:
 * an earlier shift is cut to what the earliest moved cue allows. Answers the cues and the shift applied.
 */
export function shiftCues(
  cues: readonly EditCue[],
  deltaMs: number,
  keys: ReadonlySet<number> = new Set(),
): { cues: EditCue[]; applied: number } {
  const moves = (c: EditCue) => keys.size === 0 || keys.has(c.key);
  const earliest = Math.min(...cues.filter(moves).map((c) => c.start));
  if (!Number.isFinite(earliest)) return { cues: [...cues], applied: 0 };
  const applied = Math.round(Math.max(deltaMs, -earliest));
  return { cues: cues.map((c) => (moves(c) ? { ...c, start: c.start + applied, end: c.end + applied } : c)), applied };
}

const SPACE = /\s/;

/**
 * Where a cue's text splits: at `caret` when it lies inside the text; otherwise at the space nearest the middle,
 * or, for text without spaces (Chinese), at the middle character. Answers the two halves, trimmed.
 */
export function splitText(text: string, caret?: number): [string, string] {
  const chars = [...text];
  let at: number;
  if (caret !== undefined && caret > 0 && caret < chars.length) {
    at = caret;
  } else {
    const middle = chars.length / 2;
    at = Math.floor(middle);
    let best = Number.POSITIVE_INFINITY;
    for (const [i, ch] of chars.entries()) {
      if (SPACE.test(ch) && Math.abs(i - middle) < best) {
        best = Math.abs(i - middle);
        at = i;
      }
    }
  }
  return [chars.slice(0, at).join('').trim(), chars.slice(at).join('').trim()];
}

/**
 * Splits cue `index` in two at the middle of its time (whole milliseconds), its text as `splitText` does. A cue too
 * short to halve (under 2 ms) or whose text would leave a half empty stays as it is (undefined).
 */
export function splitCue(cues: readonly EditCue[], index: number, caret?: number): EditCue[] | undefined {
  const c = cues[index];
  if (!c || c.end - c.start < 2) return undefined;
  const [first, second] = splitText(c.text, caret);
  if (!first || !second) return undefined;
  const middle = c.start + Math.floor((c.end - c.start) / 2);
  return [
    ...cues.slice(0, index),
    { ...c, end: middle, text: first },
    { key: newKey(), start: middle, end: c.end, text: second },
    ...cues.slice(index + 1),
  ];
}

// Chinese, Japanese and Korean text runs on without spaces: two cues joined there need none between them.
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\uac00-\ud7af]/;

/** Cue `index` and the next as one: from the first's start to the later end, their texts one after the other. */
export function joinCues(cues: readonly EditCue[], index: number): EditCue[] | undefined {
  const a = cues[index];
  const b = cues[index + 1];
  if (!a || !b) return undefined;
  const left = a.text.trimEnd();
  const right = b.text.trimStart();
  const glue = CJK.test(left.slice(-1)) && CJK.test(right.slice(0, 1)) ? '' : ' ';
  const joined = { ...a, start: Math.min(a.start, b.start), end: Math.max(a.end, b.end), text: `${left}${glue}${right}`.trim() };
  return [...cues.slice(0, index), joined, ...cues.slice(index + 2)];
}

export function removeCue(cues: readonly EditCue[], index: number): EditCue[] {
  return cues.filter((_, i) => i !== index);
}

export function updateCue(cues: readonly EditCue[], index: number, change: Partial<CaptionCue>): EditCue[] {
  return cues.map((c, i) => (i === index ? { ...c, ...change } : c));
}

/** The cues as savecaption takes them (in the service's order, without the editor's keys). */
export function savedCues(cues: readonly EditCue[]): CaptionCue[] {
  return sortCues(cues).map(({ start, end, text }) => ({ start, end, text }));
}

const BAD_CUE = new RegExp(
  `^${formatMessage(MESSAGES.captionBadCue, '\u0000', '\u0001')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\u0000', '(\\d+)')
    .replace('\u0001', '.*')}$`,
  's',
);

/** The cue number (from 1) a savecaption refusal names; undefined for another failure. */
export function refusedCue(message: string): number | undefined {
  const m = BAD_CUE.exec(message);
  return m ? Number(m[1]) : undefined;
}
