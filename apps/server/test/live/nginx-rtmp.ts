import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from '../wait.js';

const run = promisify(execFile);

/** Debian's nginx-light with libnginx-mod-rtmp (scripts/setup.sh installs them for the tests). */
export const NGINX = '/usr/sbin/nginx';
export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A real RTMP server for the tests: nginx with the RTMP module on a loopback port, its own scratch prefix and
 * config; application `live` takes published streams (`rtmp://127.0.0.1:<port>/live/<key>`), plays them to
 * ffprobe, and records each publishing as `<key>-<time>.flv` in `records`. `stop()` is a destination that
 * drops (fast shutdown: connections closed); `start()` again brings it back on the same port.
 */
export class NginxRtmp {
  readonly dir = mkdtempSync(join(tmpdir(), 'nginx-rtmp-'));
  readonly records = join(this.dir, 'records');
  private proc: ChildProcess | undefined;
  private exited: Promise<void> | undefined;

  constructor(readonly port: number) {
    // The workers run as nobody when the tests run as root: they must reach the prefix and write the records.
    chmodSync(this.dir, 0o755);
    mkdirSync(this.records);
    chmodSync(this.records, 0o777);
    mkdirSync(join(this.dir, 'logs'));
    writeFileSync(
      join(this.dir, 'nginx.conf'),
      `load_module ${RTMP_MODULE};
worker_processes 1;
pid ${join(this.dir, 'nginx.pid')};
error_log ${join(this.dir, 'logs', 'error.log')} info;
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

  get running(): boolean {
    return this.proc !== undefined;
  }

  async start(): Promise<void> {
    if (this.proc) return;
    const proc = spawn(
      NGINX,
      ['-p', this.dir, '-e', join(this.dir, 'logs', 'error.log'), '-c', join(this.dir, 'nginx.conf'), '-g', 'daemon off;'],
      { stdio: 'ignore' },
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
    await waitFor(async () => this.proc === proc && (await accepts(this.port)), {
      timeoutMs: 10_000,
      what: `nginx-rtmp to listen on ${this.port}`,
    });
  }

  /** Fast shutdown: every connection is closed at once, as when a destination goes away. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    this.proc = undefined;
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(killer);
    await waitFor(async () => !(await accepts(this.port)), { what: 'nginx-rtmp to stop listening' });
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The recorded files of a stream key, oldest first, with their sizes. */
  recorded(key: string): { file: string; bytes: number }[] {
    return readdirSync(this.records)
      .filter((f) => f.startsWith(`${key}-`) && f.endsWith('.flv'))
      .sort()
      .map((f) => ({ file: join(this.records, f), bytes: statSync(join(this.records, f)).size }));
  }

  /** What a player of the live stream gets (ffprobe plays it from nginx): the video's codec and size; throws when nothing is published. */
  async probe(key: string): Promise<{ codec: string; width: number; height: number; audio: boolean }> {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-rw_timeout', '5000000', '-show_entries', 'stream=codec_type,codec_name,width,height', '-of', 'json', this.url(key)],
      { timeout: 15_000 },
    );
    const streams = (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] })
      .streams;
    const video = streams.find((s) => s.codec_type === 'video');
    if (!video) throw new Error(`no video in ${this.url(key)}`);
    return {
      codec: video.codec_name,
      width: video.width ?? 0,
      height: video.height ?? 0,
      audio: streams.some((s) => s.codec_type === 'audio'),
    };
  }
}
