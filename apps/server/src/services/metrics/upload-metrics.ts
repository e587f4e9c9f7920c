import { Gauge, type Registry } from 'prom-client';
import type { UploadFigures } from '../sync/index.js';

/** What the upload metrics read at each scrape. */
export interface UploadMetricsSource {
  /** Every target of the one upload queue, with or without files. */
  uploads: () => UploadFigures[];
  now: () => number;
}

/** The one upload queue per target (Google Drive, Dropbox, FTP/SFTP, Opencast): depth, retries, failures, oldest age. */
export function uploadMetrics(registry: Registry, s: UploadMetricsSource): void {
  const perTarget = (name: string, help: string, value: (u: UploadFigures, now: number) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['target'],
      registers: [registry],
      collect() {
        this.reset();
        const now = s.now();
        for (const u of s.uploads()) this.set({ target: u.target }, value(u, now));
      },
    });
  perTarget('roomcast_upload_queued_files', 'Files waiting to upload or uploading, per target.', (u) => u.queued);
  perTarget(
    'roomcast_upload_retrying_files',
    'Queued files that failed an attempt already and wait to try again, per target.',
    (u) => u.retrying,
  );
  perTarget(
    'roomcast_upload_failed_files',
    'Files the queue gave up on after its last attempt (kept until resent), per target.',
    (u) => u.failed,
  );
  perTarget(
    'roomcast_upload_oldest_queued_age_seconds',
    'Age of the oldest file still waiting or uploading, per target (0 when none).',
    (u, now) => (u.oldestQueuedAt === undefined ? 0 : Math.max(0, Math.floor((now - u.oldestQueuedAt) / 1000))),
  );
}
