import { type FileHandle, open } from 'node:fs/promises';

/** What may wait for the second disk before its copy of the segment is given up (about 16 s of a 4 Mbit/s HD picture). */
export const MIRROR_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * How long bytes wait to be written together: a write per chunk of the encoder's output (many a second, each a
 * round trip to libuv's pool) cost the service ~0.6 % of a core (bench/media-all-outputs.mjs); the copy is flushed
 * only when its segment closes, so a crash costs it no more than before.
 */
export const MIRROR_BATCH_MS = 250;

/**
 * The second copy of one segment on another disk (the USB disk of `usbenable`): the same bytes as the HDD's
 * segment, written off the event loop in batches (MIRROR_BATCH_MS), one write after another, so a slow, full or
 * pulled-out disk never holds up the HDD's recording. Its first failure (the disk gone, full, failing, or so slow that the backlog outgrows
 * MIRROR_BACKLOG_BYTES) ends this copy: what was written stays, nothing more is tried, and `failed` is told once.
 */
export class MirrorWriter {
  private handle: Promise<FileHandle> | undefined;
  private queue: Buffer[] = [];
  private queued = 0;
  private writing = false;
  private closing: Promise<void> | undefined;
  private batch: NodeJS.Timeout | undefined;
  private done = false;
  bytes = 0;

  constructor(
    readonly path: string,
    private readonly failed: (reason: string) => void,
  ) {
    this.handle = open(path, 'a');
    this.handle.catch((err: Error) => this.fail(err));
  }

  write(chunk: Buffer): void {
    if (this.done || this.closing) return;
    if (this.queued + chunk.length > MIRROR_BACKLOG_BYTES) {
      this.fail(new Error(`the disk fell ${Math.round(this.queued / 1024 / 1024)} MB behind`));
      return;
    }
    this.queue.push(chunk);
    this.queued += chunk.length;
    this.batch ??= setTimeout(() => {
      this.batch = undefined;
      void this.drain();
    }, MIRROR_BATCH_MS);
  }

  /** Writes what is queued, then flushes and closes the file; waits for neither when the copy failed. */
  close(): Promise<void> {
    this.closing ??= this.finish();
    return this.closing;
  }

  private async drain(): Promise<void> {
    if (this.writing || !this.handle) return;
    this.writing = true;
    try {
      const fh = await this.handle;
      while (this.queue.length && !this.done) {
        const chunks = this.queue;
        this.queue = [];
        const size = chunks.reduce((n, c) => n + c.length, 0);
        await fh.writev(chunks);
        this.queued -= size;
        this.bytes += size;
      }
    } catch (err) {
      this.fail(err as Error);
    } finally {
      this.writing = false;
    }
  }

  private async finish(): Promise<void> {
    clearTimeout(this.batch);
    this.batch = undefined;
    while (this.writing || (this.queue.length && !this.done)) {
      if (!this.writing) void this.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return;
    try {
      const fh = await handle;
      if (!this.done) await fh.datasync();
      await fh.close();
    } catch (err) {
      this.fail(err as Error);
    }
  }

  private fail(err: Error): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.batch);
    this.batch = undefined;
    this.queue = [];
    this.queued = 0;
    this.failed(err.message);
  }
}
