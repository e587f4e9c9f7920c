import { close, fdatasync, openSync, writeSync } from 'node:fs';

const SYNC_INTERVAL_MS = 1000;

/**
 * Appends MPEG-TS to one segment file. MPEG-TS is playable up to its last whole packet, and the data is
 * flushed to disk every second, so a killed process or a power loss costs at most the last second or two.
 * The flush runs off the event loop (a disk flush can take a long while on a busy disk, and the service must
 * keep answering meanwhile); writes go on during it, and closing waits for a flush in flight.
 */
export class SegmentWriter {
  private fd: number | undefined;
  private lastSync = Date.now();
  private syncing = false;
  private closing = false;
  bytes = 0;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a');
  }

  write(chunk: Buffer): void {
    if (this.fd === undefined || this.closing) return;
    writeSync(this.fd, chunk);
    this.bytes += chunk.length;
    const now = Date.now();
    if (now - this.lastSync >= SYNC_INTERVAL_MS && !this.syncing) {
      this.lastSync = now;
      this.syncing = true;
      fdatasync(this.fd, () => {
        this.syncing = false;
        if (this.closing) this.finishClose();
      });
    }
  }

  /** No more writes; the file is flushed and closed (after a flush in flight, if one is). */
  close(): void {
    if (this.fd === undefined || this.closing) return;
    this.closing = true;
    if (!this.syncing) this.finishClose();
  }

  private finishClose(): void {
    const fd = this.fd;
    if (fd === undefined) return;
    this.fd = undefined;
    fdatasync(fd, () => close(fd, () => undefined));
  }
}
