import { closeSync, fdatasyncSync, openSync, writeSync } from 'node:fs';

const SYNC_INTERVAL_MS = 1000;

/**
 * Appends MPEG-TS to one segment file. MPEG-TS is playable up to its last whole packet, and the data is
 * flushed to disk every second, so a killed process or a power loss costs at most the last second or two.
 */
export class SegmentWriter {
  private fd: number | undefined;
  private lastSync = Date.now();
  bytes = 0;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a');
  }

  write(chunk: Buffer): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, chunk);
    this.bytes += chunk.length;
    const now = Date.now();
    if (now - this.lastSync >= SYNC_INTERVAL_MS) {
      fdatasyncSync(this.fd);
      this.lastSync = now;
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      fdatasyncSync(this.fd);
    } finally {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }
}
