import { existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { probeDurationMs, runTool } from './process-runner.js';

/** Quotes a path for an ffmpeg concat list (single quotes, with ' escaped). */
const concatLine = (file: string) => `file '${file.replace(/'/g, "'\\''")}'`;

/**
 * Joins a part's MPEG-TS segments into one MP4 by stream copy (no re-encode), `faststart` for players.
 * Segments that hold no media (e.g. cut at the first byte) are skipped. Returns undefined when nothing was playable.
 */
export async function finalizePart(segments: string[], output: string): Promise<{ file: string; bytes: number; durationMs: number } | undefined> {
  const usable = segments.filter((s) => existsSync(s) && statSync(s).size >= 188 * 10);
  if (usable.length === 0) return undefined;
  const list = join(dirname(output), `.${basename(output)}.txt`);
  writeFileSync(list, usable.map(concatLine).join('\n') + '\n');
  const tmp = `${output}.part.mp4`;
  try {
    await runTool('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-map', '0', '-c', 'copy', '-movflags', '+faststart', tmp]);
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
