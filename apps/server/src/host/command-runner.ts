import { execFile } from 'node:child_process';

/**
 * How host adapters run the machine's tools (timedatectl, systemctl ...): a program and an argument array, never
 * a shell. Tests pass a runner that records what it is asked to run.
 */
export interface CommandRunner {
  /**
   * Runs `file` with `args`; resolves with its stdout, rejects with its stderr (or the error) when it fails or is
   * killed after `timeoutMs` (default 30 s) or by `signal` (its error then is named `AbortError`).
   */
  run(
    file: string,
    args: readonly string[],
    opts?: { timeoutMs?: number; env?: Record<string, string>; signal?: AbortSignal },
  ): Promise<string>;
}

/** A command that has not finished after this long is killed (a hung tool must not hold a call forever). */
const COMMAND_TIMEOUT_MS = 30_000;

export const execFileRunner: CommandRunner = {
  run: (file, args, opts) =>
    new Promise((resolve, reject) => {
      const env = opts?.env ? { ...process.env, ...opts.env } : undefined;
      execFile(
        file,
        [...args],
        { timeout: opts?.timeoutMs ?? COMMAND_TIMEOUT_MS, env, maxBuffer: 4 * 1024 * 1024, signal: opts?.signal },
        (err, stdout, stderr) => {
          if (err?.name === 'AbortError') reject(err);
          else if (err) reject(new Error(`${file} ${args.join(' ')}: ${String(stderr).trim() || err.message}`));
          else resolve(String(stdout));
        },
      );
    }),
};
