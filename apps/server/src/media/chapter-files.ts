import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { runTool } from './process-runner.js';

/** A chapter as the files carry it: where it starts (ms) and its title. */
export interface ChapterMark {
  startMs: number;
  title: string;
}

/** A chapter's title in the files: its own, or "Slide N" / "Chapter N" (the console says the same in its language). */
export const chapterFileTitle = (c: { title: string; kind: string }, n: number): string =>
  c.title || `${c.kind === 'slide' ? 'Slide' : 'Chapter'} ${n}`;

/**
 * The chapters of one part of a recording, relative to the part: those that start inside it, and the one in effect
 * at its start (at 0) when the part begins mid-chapter, so a player of that part alone can name where it is.
 * `chapters` are the recording's, in order, by their position in the recording.
 */
export function chaptersInPart(chapters: readonly ChapterMark[], partStartMs: number, partDurationMs: number): ChapterMark[] {
  const end = partStartMs + partDurationMs;
  const inside = chapters
    .filter((c) => c.startMs >= partStartMs && c.startMs < end)
    .map((c) => ({ ...c, startMs: c.startMs - partStartMs }));
  const before = chapters.filter((c) => c.startMs < partStartMs).at(-1);
  if (before && inside[0]?.startMs !== 0) inside.unshift({ title: before.title, startMs: 0 });
  return inside;
}

/** `HH:MM:SS.mmm`, WebVTT's timestamp. */
function vttTime(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}.${pad(t % 1000, 3)}`;
}

/** Each chapter ends where the next begins, the last at the end of the part. */
function spans(marks: readonly ChapterMark[], durationMs: number): { start: number; end: number; title: string }[] {
  return marks.map((m, i) => ({ start: m.startMs, end: Math.max(m.startMs + 1, marks[i + 1]?.startMs ?? durationMs), title: m.title }));
}

/** A one-line cue text: WebVTT ends a cue at a blank line and reads `-->` as timing; `<` and `&` are markup. */
const cueText = (title: string) =>
  title.replace(/\s+/g, ' ').replace(/-->/g, '->').replace(/&/g, '&amp;').replace(/</g, '&lt;').trim() || '-';

/** The chapters as a WebVTT file (the `chapters` kind of `<track>`; VLC and Opencast read it too). */
export function chaptersWebVtt(marks: readonly ChapterMark[], durationMs: number): string {
  return cuesWebVtt(spans(marks, durationMs).map((s) => ({ start: s.start, end: s.end, text: cueText(s.title) })));
}

/** Cues as a WebVTT file, numbered; their text as it is (checked before: no blank line, no `-->`). */
export function cuesWebVtt(cues: readonly { start: number; end: number; text: string }[]): string {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`;
}

/** ffmpeg's metadata file with the chapters (special characters `=;#\` and line ends escaped with a backslash). */
export function chaptersFfmetadata(marks: readonly ChapterMark[], durationMs: number): string {
  const escaped = (v: string) => v.replace(/[=;#\\\n]/g, (c) => `\\${c}`);
  const blocks = spans(marks, durationMs).map(
    (s) => `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${s.start}\nEND=${s.end}\ntitle=${escaped(s.title)}\n`,
  );
  return `;FFMETADATA1\n${blocks.join('')}`;
}

/** The chapters file beside a recording file: `name.mp4` → `name.chapters.vtt`. */
export const chaptersVttPathOf = (videoPath: string): string => `${videoPath.replace(/\.(mp4|ts)$/i, '')}.chapters.vtt`;
/** A caption track's file beside a recording file: `name.mp4` → `name.<language>.vtt`. */
export const captionsVttPathOf = (videoPath: string, language: string): string =>
  `${videoPath.replace(/\.(mp4|ts)$/i, '')}.${language}.vtt`;

/**
 * `input` (an MP4) again with `metadataFile`'s chapters, by stream copy, into `output` (players such as VLC list
 * them). The streams and their timestamps are unchanged.
 */
export async function remuxWithChapters(input: string, metadataFile: string, output: string): Promise<void> {
  await runTool('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input, '-f', 'ffmetadata', '-i', metadataFile],
    ...['-map', '0', '-map_metadata', '0', '-map_chapters', '1', '-c', 'copy', '-movflags', '+faststart', output],
  ]);
}

/** The WebVTT files beside a recording's video file now (its chapters and its caption tracks), for the uploads and the zip. */
export function vttBeside(videoPath: string): string[] {
  const stem = basename(videoPath).replace(/\.(mp4|ts)$/i, '');
  try {
    return readdirSync(dirname(videoPath))
      .filter((name) => name.startsWith(`${stem}.`) && name.endsWith('.vtt'))
      .sort()
      .map((name) => join(dirname(videoPath), name));
  } catch {
    return [];
  }
}
