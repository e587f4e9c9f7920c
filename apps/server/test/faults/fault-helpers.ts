import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** A fixed wait, for the long cases (long/); the short ones wait on conditions (../wait.ts). */
export { delay as sleep } from '../wait.js';

/** ffmpeg processes whose parent is `parent` (default: this test process), as their argv. */
export function ffmpegChildren(parent = process.pid): { pid: number; argv: string[] }[] {
  const found: { pid: number; argv: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parent) continue;
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (basename(argv[0] ?? '') === 'ffmpeg') found.push({ pid: Number(entry), argv });
    } catch {
      /* the process ended while we looked */
    }
  }
  return found;
}

/** Composite encoders among them (the one process that writes HD to pipe:1; snapshot and copy outputs read pipe:0). */
export const encoderChildren = (parent = process.pid) => ffmpegChildren(parent).filter((p) => p.argv.includes('pipe:1'));

/** Bytes of a recording's MPEG-TS segment files (`CODE-pPP-sSSSS.ts`). */
export function segmentBytes(dir: string): number {
  let n = 0;
  for (const f of readdirSync(dir)) if (/-p\d+-s\d+\.ts$/.test(f)) n += statSync(join(dir, f)).size;
  return n;
}

/**
 * Segment files holding media (at least 10 TS packets, as finalizing counts them) left in a recording folder:
 * after finalizing there should be none. (A stream stopped before its first keyframe leaves a near-empty one.)
 */
export const leftSegments = (dir: string) =>
  readdirSync(dir).filter((f) => /-p\d+-s\d+\.ts$/.test(f) && statSync(join(dir, f)).size >= 188 * 10);

/** ffprobe's duration of a media file in seconds; throws when ffprobe does not accept the file. */
export async function probeSeconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const s = Number(stdout.trim());
  if (!Number.isFinite(s)) throw new Error(`ffprobe gave no duration for ${file}: ${stdout}`);
  return s;
}
