import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs ffmpeg/ffprobe to completion (argument arrays, never a shell). */
export async function runTool(tool: 'ffmpeg' | 'ffprobe', args: string[], timeoutMs = 10 * 60_000): Promise<string> {
  const { stdout } = await execFileAsync(tool, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Duration in milliseconds of a media file, or 0 when ffprobe cannot read one. */
export async function probeDurationMs(file: string): Promise<number> {
  try {
    const out = await runTool('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], 60_000);
    const s = Number.parseFloat(out.trim());
    return Number.isFinite(s) ? Math.round(s * 1000) : 0;
  } catch {
    return 0;
  }
}

export interface Spawned {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Starts a long-running ffmpeg with extra pipes (fd 3...) as asked, and stdin as a pipe when it is fed; `env`: variables
 * added to the service's own (the encoder's TZ, so its burnt-in clock shows device time: device-tz.ts).
 */
export function spawnFfmpeg(args: string[], extraPipes = 0, feedStdin = false, env?: Record<string, string>): Spawned {
  const stdio: ('ignore' | 'pipe')[] = [feedStdin ? 'pipe' : 'ignore', 'pipe', 'pipe', ...Array<'pipe'>(extraPipes).fill('pipe')];
  const child = spawn('ffmpeg', args, { stdio, env: env ? { ...process.env, ...env } : undefined });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited };
}
