// The machine a benchmark ran on, printed with its figures.
import os from 'node:os';
import { execFileSync } from 'node:child_process';

export function machine() {
  let ffmpeg = '';
  try {
    ffmpeg = execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }).split('\n')[0];
  } catch {
    /* absent */
  }
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '?',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    ffmpeg,
    load1: os.loadavg()[0].toFixed(2),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = execFileSync('cat', [`/proc/${pid}/stat`], { encoding: 'utf8' });
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
