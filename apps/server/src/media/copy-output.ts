import { spawnFfmpeg, type Spawned } from './process-runner.js';
import type { TsFanout } from './ts-fanout.js';

/** Most bytes queued for a slow output before it is cut off (it never slows the others down). */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/**
 * How a copy output reads the fan-out: demuxed as MPEG-TS. The fan-out starts it at a keyframe with PAT and PMT,
 * so half a second of probing finds every stream (ffmpeg's default, 5 s, would delay the output's first bytes by as
 * much after every start, e.g. each encoder restart of a live room).
 */
export const MPEGTS_INPUT = ['-analyzeduration', '500000', '-f', 'mpegts'];
/**
 * Or passed through as bytes, 1316 at a time (7 TS packets, one SRT message; the fan-out starts on a packet's
 * boundary): no demux and remux, which hold every picture about 0.1 s (the demuxer waits for the next PES, the H.264
 * parser for the next access unit; `bench/srt-latency.mjs`), and cost CPU. For an output that carries the encoder's
 * MPEG-TS as it is (SRT). ffmpeg then reports bytes sent but no media time.
 */
export const TS_BYTES_INPUT = ['-f', 'data', '-raw_packet_size', '1316'];

/** ffmpeg argv of a stream-copy output reading the fan-out from stdin. */
export function copyArgs(output: string[], input: string[] = MPEGTS_INPUT): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'warning', ...input, '-i', 'pipe:0', '-map', '0', '-c', 'copy', ...output];
}

/**
 * Live HLS: segments of `segmentSeconds` (cut at keyframes: the GOP is 1 s), a rolling playlist of 6, old segments
 * deleted, segments written under a temporary name until whole, no end tag (the stream goes on).
 * `append`: continue the playlist already there (its numbering goes on, an EXT-X-DISCONTINUITY marks the new
 * stream) — after the encoder restarted or the service came back.
 */
export function hlsOutputArgs(playlist: string, segmentPattern: string, segmentSeconds: number, opts: { append?: boolean } = {}): string[] {
  const flags = [
    'delete_segments',
    'independent_segments',
    'omit_endlist',
    'temp_file',
    ...(opts.append ? ['append_list', 'discont_start'] : []),
  ];
  return [
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_list_size',
    '6',
    '-hls_flags',
    flags.join('+'),
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
  private stopping = false;
  lastError = '';
  /** Called when the output's ffmpeg exits by itself (not through `stop()`), with its exit code. */
  onExit: ((code: number | null) => void) | undefined;
  /** What the output's ffmpeg writes on stdout (e.g. `-progress pipe:1` reports); set before `start()`. */
  onStdout: ((chunk: Buffer) => void) | undefined;

  constructor(
    private readonly fanout: TsFanout,
    private readonly output: string[],
    private readonly log: (line: string) => void = () => {},
    private readonly input: string[] = MPEGTS_INPUT,
  ) {}

  get running(): boolean {
    return this.proc !== undefined;
  }

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  start(): void {
    if (this.proc) return;
    this.stopping = false;
    const p = spawnFfmpeg(copyArgs(this.output, this.input), 0, true);
    this.proc = p;
    const sink = p.child.stdin!;
    // A dying output closes its stdin: the write error ends this output only.
    sink.on('error', () => undefined);
    p.child.stdout!.on('data', (d: Buffer) => this.onStdout?.(d));
    p.child.stderr!.on('data', (d: Buffer) => {
      this.lastError = d.toString('utf8').trim().split('\n').pop() ?? '';
      this.log(this.lastError);
    });
    this.detach = this.fanout.attach((chunk) => {
      // The pipe's own count of what waits: no callback to make and run per chunk.
      if (sink.writableLength > MAX_QUEUED_BYTES || !sink.writable) return;
      sink.write(chunk);
    });
    void p.exited.then((code) => {
      this.detach?.();
      this.detach = undefined;
      if (this.proc === p) this.proc = undefined;
      if (!this.stopping) this.onExit?.(code);
    });
  }

  /**
   * Ends the output: its input ends, so ffmpeg writes what it has and exits. `now`: SIGTERM at once, for an ffmpeg
   * stuck on its destination, which never reads its input's end.
   */
  async stop(opts: { now?: boolean } = {}): Promise<void> {
    this.stopping = true;
    const p = this.proc;
    this.detach?.();
    this.detach = undefined;
    if (!p) return;
    p.child.stdin?.end();
    if (opts.now) p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 3000);
    await p.exited;
    clearTimeout(timer);
  }
}
