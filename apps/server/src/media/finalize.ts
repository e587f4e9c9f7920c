import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { probeDurationMs, runTool } from './process-runner.js';

/** Quotes a path for an ffmpeg concat list (single quotes, with ' escaped). */
const concatLine = (file: string) => `file '${file.replace(/'/g, "'\\''")}'`;

/**
 * Joins a part's MPEG-TS segments into one MP4 by stream copy (no re-encode), `faststart` for players.
 * Segments that hold no media (e.g. cut at the first byte) are skipped. Returns undefined when nothing was playable.
 */
export async function finalizePart(
  segments: string[],
  output: string,
): Promise<{ file: string; bytes: number; durationMs: number } | undefined> {
  const usable = segments.filter((s) => existsSync(s) && statSync(s).size >= 188 * 10);
  if (usable.length === 0) return undefined;
  const list = join(dirname(output), `.${basename(output)}.txt`);
  writeFileSync(list, `${usable.map(concatLine).join('\n')}\n`);
  const tmp = `${output}.part.mp4`;
  try {
    await runTool('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-map',
      '0',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      tmp,
    ]);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    rmSync(list, { force: true });
  }
  const durationMs = await probeDurationMs(tmp);
  if (durationMs === 0) {
    rmSync(tmp, { force: true });
    return undefined;
  }
  // Rename last, so a crash during finalizing never leaves a half-written file under the final name.
  renameSync(tmp, output);
  return { file: output, bytes: statSync(output).size, durationMs };
}

/**
 * When the MP4 cannot be written (no space left), keep the recording as MPEG-TS instead: the segments are
 * appended into the first one (freeing each as it goes, so it needs almost no extra space) and renamed.
 */
export async function keepAsTs(
  segments: string[],
  output: string,
): Promise<{ file: string; bytes: number; durationMs: number } | undefined> {
  const usable = segments.filter((s) => existsSync(s) && statSync(s).size > 0);
  if (usable.length === 0) return undefined;
  const [first, ...rest] = usable as [string, ...string[]];
  for (const seg of rest) {
    appendFileSync(first, readFileSync(seg));
    rmSync(seg, { force: true });
  }
  renameSync(first, output);
  return { file: output, bytes: statSync(output).size, durationMs: await probeDurationMs(output) };
}
