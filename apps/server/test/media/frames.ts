import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A pixel reader: the RGB of (x, y) in one decoded frame. */
export type PixelReader = (x: number, y: number) => number[];

/** Every frame of a file scaled to 64x36, as RGB24 pixel readers (cheap to compare colours over time). */
export async function thumbnails(file: string): Promise<PixelReader[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vf', 'scale=64:36', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const buf = stdout as unknown as Buffer;
  const size = 64 * 36 * 3;
  return Array.from({ length: buf.length / size }, (_, i) => (x: number, y: number) => [
    ...buf.subarray(i * size + (y * 64 + x) * 3, i * size + (y * 64 + x) * 3 + 3),
  ]);
}
