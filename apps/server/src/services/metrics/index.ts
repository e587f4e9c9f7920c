import { createHash, timingSafeEqual } from 'node:crypto';
import { Registry } from 'prom-client';
import { parseLocal } from '../schedule/index.js';
import type { Shared } from '../shared.js';
import { audioMetrics, type AudioMetricsSource } from './audio-metrics.js';
import { certificateMetrics, type CertificateMetricsSource } from './certificate-metrics.js';
import { processMetrics } from './process-metrics.js';
import { roomMetrics } from './room-metrics.js';
import { storageMetrics } from './storage-metrics.js';
import { uploadMetrics } from './upload-metrics.js';

export { LEVEL_FLOOR_DB } from './audio-metrics.js';

/** What the metrics domain uses of what the domains share. */
export type MetricsShared = Pick<Shared, 'config' | 'settings' | 'room' | 'device' | 'zoneOffset' | 'repos'>;

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
  /** The upload queue's targets, so that each has its series even with nothing queued. */
  uploadTargets: () => string[];
  /** The certificate the HTTPS port serves. */
  certificate: CertificateMetricsSource;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics (docs/monitoring.md): one registry whose gauges read the room's state, the disks, the meters,
 * the upload queue and the schedules when scraped, never in between. Served at GET /metrics when setting_metrics
 * is on, to a scraper with its bearer token (`api/metrics-route.ts`).
 */
export function createMetrics({ config, settings, room, device, zoneOffset, repos }: MetricsShared, d: MetricsDeps) {
  const registry = new Registry();
  const now = () => device.now();
  roomMetrics(registry, { room: () => room.state, now, viewers: d.viewers });
  storageMetrics(registry, {
    hdd: d.mediaPath,
    usb: () => config.usbPath,
    recordingBytesPerSecond: () => {
      const video = settings.typed('setting_rec_video_codec');
      const sound = settings.typed('setting_rec_audio_codec');
      const sd = settings.typed('setting_advance_media_save').movie_low_enable;
      // kbit/s for the pictures, bit/s for the sound.
      return ((Number(video.main_bitrate) + (sd ? Number(video.sub_bitrate) : 0)) * 1000 + Number(sound.bitrate)) / 8;
    },
    plannedMs: d.schedules.plannedMs,
    nextStart: () => d.schedules.next()?.start,
  });
  audioMetrics(registry, d.audio);
  uploadMetrics(registry, {
    now,
    uploads: () => {
      const rows = new Map(repos.transfers.queueFigures().map((r) => [r.target, r]));
      const targets = [...new Set([...d.uploadTargets(), ...rows.keys()])].sort();
      // Times in the table are the device's local time.
      const epoch = (local: string | null) => {
        const ms = local ? parseLocal(local) : undefined;
        return ms === undefined ? undefined : ms - zoneOffset() * 60_000;
      };
      return targets.map((target) => {
        const r = rows.get(target);
        return {
          target,
          queued: r?.queued ?? 0,
          retrying: r?.retrying ?? 0,
          failed: r?.failed ?? 0,
          oldestQueuedAt: epoch(r?.oldest ?? null),
        };
      });
    },
  });
  certificateMetrics(registry, d.certificate);
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
