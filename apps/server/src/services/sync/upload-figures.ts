import type { Repositories } from '../../db/repositories/index.js';
import { parseLocal } from '../schedule/index.js';

/** One upload target's queue now (Prometheus metrics and the uploads health check). */
export interface UploadFigures {
  target: string;
  queued: number;
  retrying: number;
  failed: number;
  /** When the oldest file still queued or running was queued (epoch ms). */
  oldestQueuedAt: number | undefined;
}

/** Every target the queue knows, even with nothing queued, and those rows name; sorted by name. */
export function uploadFigures(repos: Pick<Repositories, 'transfers'>, targetNames: () => string[], zoneOffset: () => number) {
  // Times in the table are the device's local time.
  const epoch = (local: string | null) => {
    const ms = local ? parseLocal(local) : undefined;
    return ms === undefined ? undefined : ms - zoneOffset() * 60_000;
  };
  return (): UploadFigures[] => {
    const rows = new Map(repos.transfers.queueFigures().map((r) => [r.target, r]));
    return [...new Set([...targetNames(), ...rows.keys()])].sort().map((target) => {
      const r = rows.get(target);
      return {
        target,
        queued: r?.queued ?? 0,
        retrying: r?.retrying ?? 0,
        failed: r?.failed ?? 0,
        oldestQueuedAt: epoch(r?.oldest ?? null),
      };
    });
  };
}
