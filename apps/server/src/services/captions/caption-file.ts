import { CAPTION_LIMITS, type CaptionCue } from '@roomcast/contract';
import webvtt from 'webvtt-parser';

/** Why a caption file or an edit is refused: where (a file's line, or an edit's cue number) and what. */
export interface CaptionProblem {
  at: number;
  reason: string;
}

/** A timing line of WebVTT or SRT (what each cue's line number is taken from). */
const TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;

/**
 * SRT as WebVTT: a header line and a blank one before it, commas of the timings as dots; every other line as it is,
 * so a line of the WebVTT is the SRT's line + 2.
 */
function srtAsWebVtt(text: string): string {
  const body = text.split(/\r?\n/).map((line) => (TIMING.test(line) ? line.replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2') : line));
  return `WEBVTT\n\n${body.join('\n')}`;
}

/**
 * A caption file's cues (milliseconds), or the first problem with its line: what the WebVTT validator
 * (`webvtt-parser`) finds, then the checks of `checkCues` against the recording's length.
 */
export function parseCaptionFile(
  text: string,
  format: 'vtt' | 'srt',
  recordingMs: number,
): { cues: CaptionCue[] } | { problem: CaptionProblem } {
  const clean = text.replace(/^\uFEFF/, '');
  const shift = format === 'srt' ? 2 : 0;
  const vtt = format === 'srt' ? srtAsWebVtt(clean) : clean;
  const parsed = new webvtt.WebVTTParser().parse(vtt, 'subtitles');
  const error = parsed.errors[0];
  if (error) return { problem: { at: Math.max(1, error.line - shift), reason: error.message.replace(/\.$/, '') } };
  // The nth timing line is the nth cue's (the validator accepted the file: no timing line is anything else).
  const lines = vtt.split(/\r?\n/).flatMap((line, i) => (TIMING.test(line) ? [i + 1 - shift] : []));
  const cues = parsed.cues.map((c) => ({ start: Math.round(c.startTime * 1000), end: Math.round(c.endTime * 1000), text: c.text.trim() }));
  const problem = checkCues(cues, recordingMs, (i) => lines[i] ?? 1);
  return problem ? { problem } : { cues };
}

/**
 * The checks every track passes (imported or edited): at most CAPTION_LIMITS.cues cues; each ends after it starts,
 * within the recording, lasts at most CAPTION_LIMITS.cueMs, has text of at most CAPTION_LIMITS.cueChars characters,
 * without a blank line or `-->` (they would end the cue in the WebVTT files). `where(i)` names cue i's place.
 */
export function checkCues(cues: readonly CaptionCue[], recordingMs: number, where: (index: number) => number): CaptionProblem | undefined {
  if (cues.length > CAPTION_LIMITS.cues) return { at: where(CAPTION_LIMITS.cues), reason: `more than ${CAPTION_LIMITS.cues} cues` };
  for (const [i, c] of cues.entries()) {
    const at = where(i);
    if (c.end <= c.start) return { at, reason: 'the cue must end after it starts' };
    if (c.end > recordingMs) return { at, reason: `the cue ends at ${clock(c.end)}, after the recording's end (${clock(recordingMs)})` };
    if (c.end - c.start > CAPTION_LIMITS.cueMs) return { at, reason: `the cue lasts more than ${CAPTION_LIMITS.cueMs / 1000} s` };
    if (!c.text.trim()) return { at, reason: 'the cue has no text' };
    if ([...c.text].length > CAPTION_LIMITS.cueChars) return { at, reason: `the cue has more than ${CAPTION_LIMITS.cueChars} characters` };
    if (/-->|\n\s*\n/.test(c.text)) return { at, reason: 'the cue text must not hold "-->" or a blank line' };
  }
  return undefined;
}

/** `H:MM:SS.mmm` for a refusal's text. */
function clock(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${Math.floor(ms / 3_600_000)}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The cues shown during one part, clipped to it and counted from its start (a player of that part shows them). */
export function cuesInPart(cues: readonly CaptionCue[], partStartMs: number, partMs: number): CaptionCue[] {
  const end = partStartMs + partMs;
  return cues
    .filter((c) => c.end > partStartMs && c.start < end)
    .map((c) => ({ start: Math.max(c.start, partStartMs) - partStartMs, end: Math.min(c.end, end) - partStartMs, text: c.text }));
}
