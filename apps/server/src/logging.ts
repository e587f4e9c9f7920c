import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';

const MAX_BYTES = 5 * 1024 * 1024;
const KEEP = 3;

/**
 * An append-only log file rotated at 5 MB, keeping 3 old files (name.1 .. name.3), so logs cannot fill
 * the disk whatever a client does. Synchronous appends: lines are small and ordering matters more than speed.
 */
export class RotatingFile extends Writable {
  private size: number;
  constructor(
    readonly path: string,
    private readonly maxBytes = MAX_BYTES,
  ) {
    super();
    this.size = existsSync(path) ? statSync(path).size : 0;
  }

  writeLine(line: string): void {
    const text = line.endsWith('\n') ? line : `${line}\n`;
    if (this.size + text.length > this.maxBytes) this.rotate();
    appendFileSync(this.path, text);
    this.size += Buffer.byteLength(text);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    try {
      this.writeLine(chunk.toString('utf8'));
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  private rotate(): void {
    rmSync(`${this.path}.${KEEP}`, { force: true });
    for (let i = KEEP - 1; i >= 1; i--) if (existsSync(`${this.path}.${i}`)) renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
    if (existsSync(this.path)) renameSync(this.path, `${this.path}.1`);
    this.size = 0;
  }
}

export function logsDir(dataDir: string): string {
  const dir = join(dataDir, 'logs');
  mkdirSync(dir, { recursive: true });
  return dir;
}
