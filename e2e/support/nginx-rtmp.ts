import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** Debian's nginx-light with libnginx-mod-rtmp (scripts/setup.sh installs them for the tests). */
const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A real RTMP destination for the browser tests: nginx with the RTMP module on a free loopback port, with its own
 * scratch prefix and config. Application `live` takes what is published to `rtmp://127.0.0.1:<port>/live/<key>`
 * and records each publishing as `<key>-<time>.flv` (the tests watch that file grow). `stop()` drops the
 * destination (fast shutdown), `start()` brings it back on the same port.
 */
export class NginxRtmp {
  readonly dir = mkdtempSync(join(tmpdir(), 'e2e-nginx-rtmp-'));
  readonly records = join(this.dir, 'records');
  private proc: ChildProcess | undefined;
  private exited: Promise<void> | undefined;

  private constructor(readonly port: number) {
    // The workers run as nobody when the tests run as root: they must reach the prefix and write the records.
    chmodSync(this.dir, 0o755);
    mkdirSync(this.records);
    chmodSync(this.records, 0o777);
    writeFileSync(
      join(this.dir, 'nginx.conf'),
      `load_module ${RTMP_MODULE};
worker_processes 1;
pid ${join(this.dir, 'nginx.pid')};
error_log ${join(this.dir, 'error.log')} info;
events { worker_connections 64; }
rtmp {
  server {
    listen 127.0.0.1:${port};
    application live { live on; record all; record_path ${this.records}; record_unique on; }
  }
}
`,
    );
  }

  static async create(): Promise<NginxRtmp> {
    const n = new NginxRtmp(await freePort());
    await n.start();
    return n;
  }

  url(key: string): string {
    return `rtmp://127.0.0.1:${this.port}/live/${key}`;
  }

  async start(): Promise<void> {
    if (this.proc) return;
    const proc = spawn(
      NGINX,
      ['-p', this.dir, '-e', join(this.dir, 'error.log'), '-c', join(this.dir, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: 'ignore',
      },
    );
    this.proc = proc;
    // Never outlives the test process, even when a run ends before its clean-up.
    const orphan = () => proc.kill('SIGTERM');
    process.once('exit', orphan);
    this.exited = new Promise((resolve) =>
      proc.once('exit', () => {
        process.off('exit', orphan);
        resolve();
      }),
    );
    await until(`nginx-rtmp on ${this.port}`, () => accepts(this.port));
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    this.proc = undefined;
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(killer);
    await until(`nginx-rtmp to stop listening on ${this.port}`, async () => !(await accepts(this.port)));
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Bytes nginx has recorded of a stream key so far (all its publishings). */
  recordedBytes(key: string): number {
    return readdirSync(this.records)
      .filter((f) => f.startsWith(`${key}-`) && f.endsWith('.flv'))
      .reduce((sum, f) => sum + statSync(join(this.records, f)).size, 0);
  }
}
