import { createHash, timingSafeEqual } from 'node:crypto';
import { Registry } from 'prom-client';
import { recordingBytesPerSecond } from '../recording/index.js';
import type { UploadFigures } from '../sync/index.js';
import type { Shared } from '../shared.js';
import { audioMetrics, type AudioMetricsSource } from './audio-metrics.js';
import { certificateMetrics, type CertificateMetricsSource } from './certificate-metrics.js';
import { encoderMetrics, type EncoderMetricsSource } from './encoder-metrics.js';
import { healthMetrics, type HealthMetricsSource } from './health-metrics.js';
import { processMetrics } from './process-metrics.js';
import { signalMetrics, type SignalMetricsSource } from './signal-metrics.js';
import { roomMetrics } from './room-metrics.js';
import { storageMetrics } from './storage-metrics.js';
import { uploadMetrics } from './upload-metrics.js';

export { LEVEL_FLOOR_DB } from './audio-metrics.js';

/** What the metrics domain uses of what the domains share. */
export type MetricsShared = Pick<Shared, 'config' | 'settings' | 'room' | 'device'>;

/** What it reads of other domains, at each scrape only. */
export interface MetricsDeps {
  /** The recording disk's folder (the recording domain's media path). */
  mediaPath: () => string;
  /** The confidence monitor: the meters and how long the recording has been silent. */
  audio: AudioMetricsSource;
  /** The live room's viewers. */
  viewers: { websocket: () => number; hls: () => number };
  /** The schedules: the next start, and what the next hours hold. */
  schedules: { next: () => { start: number } | undefined; plannedMs: (horizonMs: number) => number };
  /** Each upload target's queue (every target, so that each has its series even with nothing queued). */
  uploads: () => UploadFigures[];
  /** The certificate the HTTPS port serves. */
  certificate: CertificateMetricsSource;
  /** The health checks. */
  health: HealthMetricsSource;
  /** The composite encoder's progress. */
  encoder: EncoderMetricsSource;
  /** What each video channel delivers. */
  signals: SignalMetricsSource;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics (docs/monitoring.md): one registry whose gauges read the room's state, the disks, the meters,
 * the upload queue and the schedules when scraped, never in between. Served at GET /metrics when setting_metrics
 * is on, to a scraper with its bearer token (`api/metrics-route.ts`).
 */
export function createMetrics({ config, settings, room, device }: MetricsShared, d: MetricsDeps) {
  const registry = new Registry();
  const now = () => device.now();
  roomMetrics(registry, { room: () => room.state, now, viewers: d.viewers });
  storageMetrics(registry, {
    hdd: d.mediaPath,
    usb: () => config.usbPath,
    recordingBytesPerSecond: () => recordingBytesPerSecond(settings),
    plannedMs: d.schedules.plannedMs,
    nextStart: () => d.schedules.next()?.start,
  });
  audioMetrics(registry, d.audio);
  uploadMetrics(registry, { now, uploads: d.uploads });
  certificateMetrics(registry, d.certificate);
  healthMetrics(registry, d.health);
  encoderMetrics(registry, d.encoder);
  signalMetrics(registry, d.signals);
  processMetrics(registry, { version: config.version, commit: config.commit });

  return {
    /** What GET /metrics serves. */
    metrics: {
      /** Whether metrics are served at all (setting_metrics.enable). */
      enabled: () => settings.typed('setting_metrics').enable,
      /** Whether an Authorization header carries the token (compared in constant time). */
      authorized(header: string | undefined): boolean {
        const token = settings.typed('setting_metrics').token;
        const given = /^Bearer +(\S+)$/i.exec(header ?? '')?.[1];
        return Boolean(token && given) && timingSafeEqual(digest(token), digest(given!));
      },
      contentType: registry.contentType,
      render: () => registry.metrics(),
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>['metrics'];
