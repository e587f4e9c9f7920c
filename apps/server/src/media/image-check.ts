import { spawn } from 'node:child_process';

/** ffmpeg's demuxer for each image type an upload may be (told by its first bytes). */
const DEMUXERS = { png: 'png_pipe', jpg: 'jpeg_pipe', gif: 'gif', webp: 'webp_pipe' } as const;
export type ImageKind = keyof typeof DEMUXERS;

/** An image that takes longer than this to decode is not one an album cover should be. */
const DECODE_TIMEOUT_MS = 10_000;

/**
 * Decodes an uploaded image with ffmpeg (bytes on stdin, argument array, no shell) and answers why it is not a
 * whole image, or undefined when it is. A first-bytes check lets through a truncated PNG or JPEG, or random bytes
 * behind a signature, which browsers then show as a broken cover. ffmpeg says so at `-v error` even where it
 * exits 0 (a truncated GIF or JPEG), so any error line counts.
 */
export function imageProblem(bytes: Buffer, kind: ImageKind): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-v', 'error', '-f', DEMUXERS[kind], '-i', 'pipe:0', '-frames:v', '1', '-f', 'null', '-'],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (d: Buffer) => {
      if (errors.length < 4096) errors += d.toString('utf8');
    });
    // ffmpeg may stop reading early (it has seen enough to fail): the rest of the bytes have nowhere to go.
    child.stdin.on('error', () => undefined);
    child.stdin.end(bytes);
    const timer = setTimeout(() => child.kill('SIGKILL'), DECODE_TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve(`the image could not be checked (${err.message})`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const first = errors
        .split('\n')
        .map((l) => l.replace(/^\[[^\]]*\]\s*/, '').trim())
        .find((l) => l.length > 0);
      if (signal) resolve('the image took too long to decode');
      else if (code !== 0 || first) resolve(first ?? `the decoder stopped (exit ${code})`);
      else resolve(undefined);
    });
  });
}
