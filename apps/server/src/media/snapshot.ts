import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { spawnFfmpeg } from './process-runner.js';
import type { TsFanout } from './ts-fanout.js';

/** Width of a player thumbnail; the height keeps the picture's aspect ratio. */
export const SNAPSHOT_WIDTH = 320;
/** A snapshot that has not come out by then is given up (the encoder may be restarting). */
const TIMEOUT_MS = 5000;

/** Quiet ffmpeg with a small probe of its MPEG-TS input, so a picture comes within a GOP (the default probes seconds). */
export const QUICK_PROBE_ARGS = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-probesize', '65536', '-analyzeduration', '200000'];

/** ffmpeg argv: the first picture of an MPEG-TS stream on stdin, scaled, as a JPEG file. A small probe, so it
 * answers within a GOP (the default probes seconds of a live stream). */
export function snapshotArgs(output: string, width = SNAPSHOT_WIDTH): string[] {
  return [...QUICK_PROBE_ARGS, '-f', 'mpegts', '-i', 'pipe:0', ...jpegOutputArgs(output, width)];
}

/** ffmpeg argv after the input: its first picture, scaled, as one JPEG file. */
function jpegOutputArgs(output: string, width: number): string[] {
  return [
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-c:v',
    'mjpeg',
    '-q:v',
    '5',
    '-f',
    'image2',
    '-update',
    '1',
    '-y',
    output,
  ];
}

/**
 * One JPEG of an encoded stream, taken by a short-lived decoder fed from the fan-out at the next keyframe
 * (no second encode, nothing else disturbed). Written under a temporary name and renamed, so a file under
 * the final name is always whole. Resolves true when the file was written.
 */
export async function takeSnapshot(fanout: TsFanout, output: string): Promise<boolean> {
  const tmp = `${output}.part`;
  const p = spawnFfmpeg(snapshotArgs(tmp), 0, true);
  const stdin = p.child.stdin!;
  stdin.on('error', () => undefined);
  const detach = fanout.attach((chunk) => {
    if (stdin.writable) stdin.write(chunk);
  }, 'next');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), TIMEOUT_MS);
  const code = await p.exited;
  clearTimeout(timer);
  detach();
  return keepIfWritten(code, tmp, output);
}

/**
 * One JPEG of a finished recording file's first picture (a recording too short, or a machine too busy, for a
 * snapshot of the running encode still gets its thumbnail). Written under a temporary name and renamed; true when written.
 */
export async function snapshotOfFile(input: string, output: string): Promise<boolean> {
  const tmp = `${output}.part`;
  const p = spawnFfmpeg(['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', input, ...jpegOutputArgs(tmp, SNAPSHOT_WIDTH)]);
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 30_000);
  const code = await p.exited;
  clearTimeout(timer);
  return keepIfWritten(code, tmp, output);
}

/** The temporary file under its final name when ffmpeg wrote it whole; else it goes. */
function keepIfWritten(code: number | null, tmp: string, output: string): boolean {
  if (code === 0 && existsSync(tmp) && statSync(tmp).size > 0) {
    renameSync(tmp, output);
    return true;
  }
  rmSync(tmp, { force: true });
  return false;
}
