import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The helper's interpreter: Debian's, which has PyGObject (python3-gi); a `python3` first on PATH may lack it. */
export const RTSP_PYTHON = '/usr/bin/python3';
/** The helper, `apps/server/rtsp/rtsp-serve.py`: two folders up from this file in `src/media/` and in `dist/media/`. */
export const RTSP_SERVE_SCRIPT = fileURLToPath(new URL('../../rtsp/rtsp-serve.py', import.meta.url));

/** The first restart after the helper died comes this long after; each further death in a row doubles it. */
export const RTSP_RESTART_FIRST_MS = 500;
export const RTSP_RESTART_MAX_MS = 15_000;
/** A helper that ran this long died by accident, not by a fault at start: the next restart is quick again. */
const STEADY_MS = 30_000;
/** A configuration the helper could not apply whole (a port in use ...) is sent again this long after. */
const RESEND_MS = 5000;
/** How long a stopping helper may take after its stdin closed before it is killed. */
const STOP_GRACE_MS = 2000;

/** How long after the `failures`-th death in a row the helper is started again: 0.5 s, 1 s, 2 s ... at most 15 s. */
export function rtspRestartDelay(failures: number): number {
  return Math.min(RTSP_RESTART_MAX_MS, RTSP_RESTART_FIRST_MS * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}

/** One mount of the helper: an MPEG-TS feed on loopback UDP served at `path`. */
export interface RtspMount {
  path: string;
  /** The loopback UDP port the feed arrives on. */
  feed: number;
  /** The feed carries AAC audio (pay1) besides the H.264 picture (pay0). */
  audio: boolean;
  /** RTP to this group only (clients SETUP with multicast transport); unicast when absent. */
  multicast?: { group: string; ports: [number, number]; ttl: number };
}

/** One listening RTSP socket of the helper and its mounts. */
export interface RtspListener {
  address: string;
  port: number;
  mounts: RtspMount[];
}

/** What the helper is started with: an interpreter and its arguments (tests may point elsewhere). */
export interface RtspCommand {
  file: string;
  args: string[];
}

export const RTSP_COMMAND: RtspCommand = { file: RTSP_PYTHON, args: [RTSP_SERVE_SCRIPT] };

/**
 * The RTSP outputs' server: GStreamer's RTSP server run by a small Python helper (`rtsp/rtsp-serve.py`), one
 * process for every listener and mount. The helper gets its whole configuration as a JSON line on stdin (again
 * after every change; it adds, changes and removes listeners and mounts without disturbing the others) and runs
 * while there is something to serve. Supervised: when it dies it is started again with backoff (0.5 s, doubling,
 * at most 15 s) and given the configuration again. Closing its stdin stops it; it never outlives the service.
 */
export class RtspServer {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private listeners: RtspListener[] = [];
  private timer: NodeJS.Timeout | undefined;
  private resend: NodeJS.Timeout | undefined;
  private failures = 0;
  /** How many times the helper was started again after it died. */
  restarts = 0;
  /** Configurations the running helper has applied (each `configure` while it runs, and each start). */
  applied = 0;
  /** The errors of the helper's last applied configuration (a listener that cannot bind its port ...). */
  errors: string[] = [];

  constructor(
    private readonly log: (line: string) => void = () => {},
    private readonly command: RtspCommand = RTSP_COMMAND,
  ) {}

  /** The helper's process id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** The listeners and mounts to serve from now on; none: the helper stops. */
  async configure(listeners: RtspListener[]): Promise<void> {
    this.listeners = listeners;
    if (!listeners.length) return this.stop();
    if (this.child) this.send(this.child);
    else if (!this.timer) {
      await this.exited;
      if (!this.child && !this.timer && this.listeners.length) this.spawn();
    }
  }

  /** Stops the helper (its clients are disconnected) and any restart that was due. */
  async stop(): Promise<void> {
    this.listeners = [];
    clearTimeout(this.timer);
    clearTimeout(this.resend);
    this.timer = undefined;
    const child = this.child;
    this.child = undefined;
    if (!child) return this.exited;
    child.stdin?.end();
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(kill);
  }

  private send(child: ChildProcess): void {
    child.stdin?.write(`${JSON.stringify({ servers: this.listeners })}\n`);
  }

  private spawn(): void {
    const child = spawn(this.command.file, this.command.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const started = Date.now();
    this.child = child;
    this.exited = new Promise<void>((resolve) => {
      let done = false;
      const finish = (why: string) => {
        if (done) return;
        done = true;
        resolve();
        if (this.child !== child) return; // stopped on purpose
        this.child = undefined;
        if (Date.now() - started >= STEADY_MS) this.failures = 0;
        this.failures++;
        const wait = rtspRestartDelay(this.failures);
        this.log(`[RTSP] server ${why}; starting it again in ${wait} ms`);
        this.timer = setTimeout(() => {
          this.timer = undefined;
          if (!this.listeners.length || this.child) return;
          this.restarts++;
          this.spawn();
        }, wait);
      };
      child.on('error', (err) => finish(`could not start (${err.message})`));
      child.on('close', (code, signal) => finish(`exited (${signal ?? `code ${code}`})`));
    });
    child.stdin!.on('error', () => undefined); // a dying helper closes its stdin: its exit is handled above
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) this.onLine(line);
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString('utf8');
      const lines = err.split('\n');
      err = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) this.log(`[RTSP] ${line}`);
    });
    this.send(child);
  }

  private onLine(line: string): void {
    let event: { event?: string; errors?: unknown };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      if (line.trim()) this.log(`[RTSP] ${line}`);
      return;
    }
    if (event.event !== 'applied') return;
    this.errors = Array.isArray(event.errors) ? event.errors.map(String) : [];
    for (const e of this.errors) this.log(`[RTSP] ${e}`);
    this.applied++;
    // The helper serves what it could; what failed (a port another program holds) is tried again.
    clearTimeout(this.resend);
    if (this.errors.length)
      this.resend = setTimeout(() => {
        if (this.child) this.send(this.child);
      }, RESEND_MS);
  }
}
