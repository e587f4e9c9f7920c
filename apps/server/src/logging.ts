import { appendFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { ensurePrivateDir, keepPrivate, PRIVATE_FILE_MODE } from './services/core/private-files.js';

const MAX_BYTES = 5 * 1024 * 1024;
const KEEP = 3;
/** A longer line is cut: one line can never exceed a file's share. */
const MAX_LINE_BYTES = 64 * 1024;
/**
 * The most the logs of DATA_DIR/logs take: the five fixed files (log.txt, weblog.txt, mp.log, frontlog.log and
 * mcprolog.log, the last written by no part yet) at 5 MB each with three rotated copies: 100 MB.
 */
export const LOGS_MAX_TOTAL_BYTES = 5 * (KEEP + 1) * MAX_BYTES;

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
    // Logs name users, addresses and paths: the owner's alone, also a file an older release made 0644.
    keepPrivate(path);
  }

  writeLine(line: string): void {
    const cut = line.length > MAX_LINE_BYTES ? `${line.slice(0, MAX_LINE_BYTES)} …(cut)` : line;
    const text = cut.endsWith('\n') ? cut : `${cut}\n`;
    const bytes = Buffer.byteLength(text);
    if (this.size + bytes > this.maxBytes) this.rotate();
    appendFileSync(this.path, text, { mode: PRIVATE_FILE_MODE });
    this.size += bytes;
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
  ensurePrivateDir(dir);
  return dir;
}
