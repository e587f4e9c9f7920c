import { spawnFfmpeg, type Spawned } from './process-runner.js';
import type { TsFanout } from './ts-fanout.js';

/** Most bytes queued for a slow output before it is cut off (it never slows the others down). */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/** ffmpeg argv of a stream-copy output reading MPEG-TS from stdin. */
export function copyArgs(output: string[]): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'warning', '-f', 'mpegts', '-i', 'pipe:0', '-map', '0', '-c', 'copy', ...output];
}

/** Live HLS: 2 s segments (one GOP), a rolling playlist of 6, old segments deleted. */
export function hlsOutputArgs(playlist: string, segmentPattern: string): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_list_size',
    '6',
    '-hls_flags',
    'delete_segments+independent_segments+omit_endlist',
    '-hls_segment_filename',
    segmentPattern,
    playlist,
  ];
}

/** RTMP push (FLV). */
export function rtmpOutputArgs(url: string): string[] {
  return ['-f', 'flv', '-flvflags', 'no_duration_filesize', url];
}

/**
 * An output that copies an encoded stream (no encode): an ffmpeg fed from a fan-out through stdin.
 * Start and stop cost no encode and never disturb the encoder or other outputs.
 */
export class CopyOutput {
  private proc: Spawned | undefined;
  private detach: (() => void) | undefined;
  private queued = 0;
  lastError = '';

  constructor(
    private readonly fanout: TsFanout,
    private readonly output: string[],
    private readonly log: (line: string) => void = () => {},
  ) {}

  get running(): boolean {
    return this.proc !== undefined;
  }

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  start(): void {
    if (this.proc) return;
    const p = spawnFfmpeg(copyArgs(this.output), 0, true);
    this.proc = p;
    const sink = p.child.stdin!;
    // A dying output closes its stdin: the write error ends this output only.
    sink.on('error', () => undefined);
    p.child.stderr!.on('data', (d: Buffer) => {
      this.lastError = d.toString('utf8').trim().split('\n').pop() ?? '';
      this.log(this.lastError);
    });
    this.detach = this.fanout.attach((chunk) => {
      if (this.queued > MAX_QUEUED_BYTES || !sink.writable) return;
      this.queued += chunk.length;
      sink.write(chunk, () => {
        this.queued -= chunk.length;
      });
    });
    void p.exited.then(() => {
      this.detach?.();
      this.detach = undefined;
      if (this.proc === p) this.proc = undefined;
    });
  }

  async stop(): Promise<void> {
    const p = this.proc;
    this.detach?.();
    this.detach = undefined;
    if (!p) return;
    p.child.stdin?.end();
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 3000);
    await p.exited;
    clearTimeout(timer);
  }
}
