import { Gauge, type Registry } from 'prom-client';
import { diskFigures, mountedDiskFigures } from '../../host/storage.js';

/** What the storage metrics read at each scrape. */
export interface StorageMetricsSource {
  /** The recording disk (HDD) and the USB disk's folder, when one is configured. */
  hdd: () => string;
  usb: () => string | undefined;
  /** Bytes a second of recording writes at the settings now (HD, SD when on, sound). */
  recordingBytesPerSecond: () => number;
  /** Milliseconds of scheduled recording in the next `horizonMs`, and the next start (epoch ms) not yet begun. */
  plannedMs: (horizonMs: number) => number;
  nextStart: () => number | undefined;
}

const DAY_MS = 24 * 3600_000;

/** The disks, what they still hold at the current bitrates, and what the schedules will ask of them. */
export function storageMetrics(registry: Registry, s: StorageMetricsSource): void {
  const disks = async () => {
    const [hdd, usb] = await Promise.all([diskFigures(s.hdd()), mountedDiskFigures(s.usb())]);
    return Object.entries({ hdd, usb }).filter(([, d]) => d.present);
  };
  new Gauge({
    name: 'roomcast_disk_free_bytes',
    help: 'Free bytes on the recording disk (hdd) and the USB disk (usb), as an unprivileged writer sees them.',
    labelNames: ['disk'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [disk, d] of await disks()) this.set({ disk }, d.freeBytes);
    },
  });
  new Gauge({
    name: 'roomcast_disk_size_bytes',
    help: 'Size in bytes of the recording disk (hdd) and the USB disk (usb).',
    labelNames: ['disk'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [disk, d] of await disks()) this.set({ disk }, d.totalBytes);
    },
  });
  new Gauge({
    name: 'roomcast_disk_recording_seconds_left',
    help: 'Seconds of recording the free space holds at the bitrates set now.',
    labelNames: ['disk'],
    registers: [registry],
    async collect() {
      this.reset();
      const rate = s.recordingBytesPerSecond();
      for (const [disk, d] of await disks()) this.set({ disk }, rate > 0 ? Math.floor(d.freeBytes / rate) : 0);
    },
  });
  new Gauge({
    name: 'roomcast_schedule_planned_seconds_24h',
    help: 'Seconds of scheduled recording in the next 24 hours (a running occurrence counts what is left of it).',
    registers: [registry],
    collect() {
      this.set(Math.round(s.plannedMs(DAY_MS) / 1000));
    },
  });
  new Gauge({
    name: 'roomcast_schedule_next_start_timestamp_seconds',
    help: 'When the next scheduled recording starts, as a Unix time (0 when none is scheduled).',
    registers: [registry],
    collect() {
      this.set((s.nextStart() ?? 0) / 1000);
    },
  });
}
