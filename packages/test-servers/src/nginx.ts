import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accepts, until } from './free-port.js';

/** Debian's nginx (nginx-light; libnginx-mod-rtmp for RTMP): scripts/setup.sh installs them for the tests. */
export const NGINX = '/usr/sbin/nginx';

export interface NginxOptions {
  /** The scratch prefix's name, e.g. `nginx-rtmp` (a folder `<tmp>/<name>-XXXXXX`). */
  name: string;
  /** The loopback port the configuration listens on: `start()` returns once it accepts connections. */
  port: number;
  /**
   * The configuration's main context for the prefix `dir`, without `pid` and `error_log` (added here). Paths
   * it writes to go under `dir`: the workers run as nobody when the tests run as root.
   */
  config: (dir: string) => string;
}

/**
 * Debian's nginx on a loopback port with its own scratch prefix and configuration, in the foreground (a child
 * of the test process, never a daemon). `stop()` is a fast shutdown (every connection closed at once, as when
 * a server goes away); `start()` again brings it back on the same port and configuration.
 */
export class Nginx {
  readonly dir: string;
  readonly port: number;
  private proc: ChildProcess | undefined;
  private exited: Promise<void> | undefined;

  constructor(opts: NginxOptions) {
    this.dir = mkdtempSync(join(tmpdir(), `${opts.name}-`));
    this.port = opts.port;
    // The workers run as nobody when the tests run as root: they must reach the prefix.
    chmodSync(this.dir, 0o755);
    mkdirSync(join(this.dir, 'logs'));
    writeFileSync(
      join(this.dir, 'nginx.conf'),
      `pid ${join(this.dir, 'nginx.pid')};\nerror_log ${this.errorLogFile} info;\n${opts.config(this.dir)}`,
    );
  }

  get errorLogFile(): string {
    return join(this.dir, 'logs', 'error.log');
  }

  /** What nginx has logged so far (for a failing test's message). */
  errorLog(): string {
    return existsSync(this.errorLogFile) ? readFileSync(this.errorLogFile, 'utf8') : '';
  }

  get running(): boolean {
    return this.proc !== undefined;
  }

  async start(): Promise<void> {
    if (this.proc) return;
    const proc = spawn(NGINX, ['-p', this.dir, '-e', this.errorLogFile, '-c', join(this.dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    this.proc = proc;
    let gone = false;
    // Never outlives the test process, even when a run ends before its clean-up.
    const orphan = () => proc.kill('SIGTERM');
    process.once('exit', orphan);
    this.exited = new Promise((resolve) =>
      proc.once('exit', () => {
        gone = true;
        process.off('exit', orphan);
        resolve();
      }),
    );
    // A configuration nginx refuses ends it at once: say why rather than wait for the port.
    await until(
      `nginx to listen on ${this.port}`,
      async () => {
        if (gone) throw new Error(`nginx exited at start: ${this.errorLog().trim().split('\n').slice(-3).join(' | ')}`);
        return this.proc === proc && (await accepts(this.port));
      },
      10_000,
      () => this.errorLog().trim().split('\n').at(-1) ?? '',
    );
  }

  /** Fast shutdown: every connection is closed at once. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    this.proc = undefined;
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(killer);
    await until(`nginx to stop listening on ${this.port}`, async () => !(await accepts(this.port)));
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * nginx whose http context is one configuration file of the test's, `<dir>/<file>` (written by the test before
 * `start()`), with the `cache` and `tmp` folders its workers (nobody when the tests run as root) write.
 */
export function nginxIncluding(name: string, port: number, file: string): Nginx {
  const nginx = new Nginx({
    name,
    port,
    config: (dir) => `worker_processes 1;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'tmp')};
  proxy_temp_path ${join(dir, 'tmp')};
  include ${join(dir, file)};
}
`,
  });
  for (const sub of ['cache', 'tmp']) {
    mkdirSync(join(nginx.dir, sub));
    chmodSync(join(nginx.dir, sub), 0o777);
  }
  return nginx;
}
