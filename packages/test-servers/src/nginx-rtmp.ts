import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { Nginx } from './nginx.js';

const run = promisify(execFile);

/** Debian's libnginx-mod-rtmp. */
export const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

/**
 * A real RTMP destination: nginx with the RTMP module on a loopback port. Application `live` takes what is
 * published to `rtmp://127.0.0.1:<port>/live/<key>`, plays it to players (ffprobe), and records each publishing
 * as `<key>-<time>.flv` in `records` (tests watch that file grow). `stop()` is a destination that drops (fast
 * shutdown: connections closed); `start()` again brings it back on the same port.
 */
export class NginxRtmp {
  readonly records: string;
  private readonly nginx: Nginx;

  private constructor(readonly port: number) {
    this.nginx = new Nginx({
      name: 'nginx-rtmp',
      port,
      config: (dir) => `load_module ${RTMP_MODULE};
worker_processes 1;
events { worker_connections 64; }
rtmp {
  server {
    listen 127.0.0.1:${port};
    application live { live on; record all; record_path ${join(dir, 'records')}; record_unique on; }
  }
}
`,
    });
    this.records = join(this.nginx.dir, 'records');
    mkdirSync(this.records);
    // The workers (nobody when the tests run as root) write the records.
    chmodSync(this.records, 0o777);
  }

  /** A destination on a free port, listening. */
  static async create(): Promise<NginxRtmp> {
    const n = new NginxRtmp(await freePort());
    await n.start();
    return n;
  }

  get dir(): string {
    return this.nginx.dir;
  }

  url(key: string): string {
    return `rtmp://127.0.0.1:${this.port}/live/${key}`;
  }

  get running(): boolean {
    return this.nginx.running;
  }

  start(): Promise<void> {
    return this.nginx.start();
  }

  /** The destination drops: every connection is closed at once. */
  stop(): Promise<void> {
    return this.nginx.stop();
  }

  async dispose(): Promise<void> {
    await this.nginx.stop();
    rmSync(this.nginx.dir, { recursive: true, force: true });
  }

  /** The recorded files of a stream key, oldest first, with their sizes. */
  recorded(key: string): { file: string; bytes: number }[] {
    return readdirSync(this.records)
      .filter((f) => f.startsWith(`${key}-`) && f.endsWith('.flv'))
      .sort()
      .map((f) => ({ file: join(this.records, f), bytes: statSync(join(this.records, f)).size }));
  }

  /** Bytes recorded of a stream key so far (all its publishings). */
  recordedBytes(key: string): number {
    return this.recorded(key).reduce((sum, r) => sum + r.bytes, 0);
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
