// The machine a benchmark ran on, printed with its figures.
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * A process and its descendants now, from /proc: each with its own CPU seconds (`self`, of which `system` in the
 * kernel: its syscalls, and on loopback the receiving side of what it sends), those of its children that ended and
 * were reaped (`reaped`) and its command line.
 */
export function processTree(root) {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd =
        readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim() ||
        `[${readFileSync(`/proc/${name}/comm`, 'utf8').trim()}]`;
      all.set(Number(name), {
        pid: Number(name),
        ppid: Number(fields[1]),
        self: (Number(fields[11]) + Number(fields[12])) / 100,
        system: Number(fields[12]) / 100,
        reaped: (Number(fields[13]) + Number(fields[14])) / 100,
        cmd,
      });
    } catch {
      /* ended meanwhile */
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = all.get(p)?.ppid ?? 0) if (p === root) return true;
    return false;
  };
  return [...all.values()].filter((p) => inTree(p.pid));
}

/** CPU seconds a process and all its descendants have used so far, those that ended included. 0 once it is gone. */
export function treeCpuSeconds(root) {
  return processTree(root).reduce((n, p) => n + p.self + p.reaped, 0);
}
