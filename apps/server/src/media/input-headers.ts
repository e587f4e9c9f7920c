/**
 * What each input of an ffmpeg process delivers, read from the headers it prints when it opens its inputs (at
 * `info`: `Input #N, <format>, from '<url>':` then `  Stream #N:M: Video: <codec>, <pix_fmt>, WxH ..., R fps, ...`).
 * The encoder prints them at every start (`-loglevel level+info`, `encoder.ts`): the picture size and rate a camera,
 * capture card or network source really delivers, whatever was asked of it (issue 20's "detected size and rate").
 */

/** A video input's picture as ffmpeg found it. */
export interface DetectedVideo {
  width: number;
  height: number;
  /** Frames a second: the stream's `fps`, else its `tbr` (the rate ffmpeg guesses); undefined when neither is printed. */
  fps: number | undefined;
}

const INPUT = /^Input #(\d+), /;
/** Where the inputs' headers end: the outputs' (their streams look alike) or the mapping. */
const NOT_INPUT = /^(Output #\d+, |Stream mapping:)/;
// The codec's parenthesised details may hold commas: the size is the first `WxH` after "Video:".
const VIDEO_STREAM = /^\s*Stream #(\d+):\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Video: .*?\b(\d{2,5})x(\d{2,5})\b/;
const FPS = /, (\d+(?:\.\d+)?) fps\b/;
const TBR = /, (\d+(?:\.\d+)?) tbr\b/;
/**
 * `-loglevel level+…` tags each line with its level, after the component's own tag when it has one:
 * `[info] Input #0, …`, `[libx264 @ 0x55f8ae8edb80] [info] profile High, …`.
 */
const LEVEL = /^(\[[^\]]* @ 0x[0-9a-f]+\] )?\[(quiet|panic|fatal|error|warning|info|verbose|debug|trace)\] /;

/** A line without its `[level] ` tag (the component's tag kept), and that level (undefined without one). */
export function splitLevel(line: string): { level: string | undefined; text: string } {
  const m = LEVEL.exec(line);
  return m ? { level: m[2], text: (m[1] ?? '') + line.slice(m[0].length) } : { level: undefined, text: line };
}

/**
 * Reads header lines as they come (one process's stderr, its level prefixes removed), keeping the first video
 * stream of each input. Lines cut by a mail client (`=` at the end, as in some recorded outputs) are not rejoined.
 */
export class InputHeaderParser {
  readonly inputs = new Map<number, DetectedVideo>();
  private inInput = false;

  push(line: string): void {
    if (INPUT.test(line)) this.inInput = true;
    else if (NOT_INPUT.test(line)) this.inInput = false;
    if (!this.inInput) return;
    const video = VIDEO_STREAM.exec(line);
    if (!video) return;
    const input = Number(video[1]);
    if (this.inputs.has(input)) return;
    const rate = FPS.exec(line) ?? TBR.exec(line);
    this.inputs.set(input, { width: Number(video[2]), height: Number(video[3]), fps: rate ? Number(rate[1]) : undefined });
  }
}

/** Every input's video in a whole recorded output. */
export function parseInputHeaders(text: string): Map<number, DetectedVideo> {
  const parser = new InputHeaderParser();
  for (const line of text.split('\n')) parser.push(splitLevel(line).text);
  return parser.inputs;
}
