import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SOURCE = new URL('./emulated-v4l2.c', import.meta.url).pathname;

/**
 * Compiles the emulated V4L2 device (emulated-v4l2.c, an LD_PRELOAD library for ffmpeg) into `dir`, a test's scratch
 * directory (removed with it; not a directory of emulated nodes, where every regular file is a device), and returns
 * the .so path. Needs a C compiler and libc's headers (gcc and libc6-dev: scripts/setup.sh test).
 */
export async function buildEmulatedV4l2(dir: string): Promise<string> {
  const out = join(dir, 'emulated-v4l2.so');
  await run('cc', ['-shared', '-fPIC', '-O2', '-o', out, SOURCE, '-ldl'], { timeout: 60_000 });
  return out;
}
