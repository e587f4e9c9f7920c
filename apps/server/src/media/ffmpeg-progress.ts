/** One report of ffmpeg's `-progress` (`key=value` lines, a block ending with `progress=continue|end`). */
export interface Progress {
  /** Bytes written so far (0 when ffmpeg says N/A, e.g. to a pipe). */
  totalSize: number;
  /** Media time written so far. */
  outTimeUs: number;
  /** Frames written, and the frames dropped and duplicated to keep the output rate, since the start. */
  frame: number;
  dropFrames: number;
  dupFrames: number;
  /** ffmpeg's own speed since the start (`1.01x`), undefined while it says N/A. */
  speed: number | undefined;
}

const int = (v: string | undefined) => (v !== undefined && /^-?\d+$/.test(v) ? Number(v) : 0);
const speedOf = (v: string | undefined) => {
  const m = /^(\d+(?:\.\d+)?)x$/.exec(v ?? '');
  return m ? Number(m[1]) : undefined;
};

/** Splits `-progress` output into reports; feed it stdout chunks, it returns the blocks completed by each. */
export class ProgressParser {
  private pending = '';
  private block: Record<string, string> = {};

  push(chunk: string): Progress[] {
    this.pending += chunk;
    const lines = this.pending.split('\n');
    this.pending = lines.pop() ?? '';
    const out: Progress[] = [];
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at < 0) continue;
      const key = line.slice(0, at).trim();
      this.block[key] = line.slice(at + 1).trim();
      if (key !== 'progress') continue;
      const b = this.block;
      out.push({
        totalSize: int(b.total_size),
        outTimeUs: int(b.out_time_us),
        frame: int(b.frame),
        dropFrames: int(b.drop_frames),
        dupFrames: int(b.dup_frames),
        speed: speedOf(b.speed),
      });
      this.block = {};
    }
    return out;
  }
}
