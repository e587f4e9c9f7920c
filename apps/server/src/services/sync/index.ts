import type { Repositories } from '../../db/repositories/index.js';
import { Fail, type Clock, type DeviceClock } from '../core/index.js';
import type { MediaStorage, RecordingAccess, RecordingFileLookup, RemovalGuard } from '../recording/index.js';
import type { SettingsService } from '../settings/index.js';
import { cloudTargets, type CloudUrls } from './cloud/cloud-targets.js';
import { shareService } from './share-service.js';
import { transferQueue } from './transfer-queue.js';

export type { CloudUrls } from './cloud/cloud-targets.js';

export interface SyncDomainDeps {
  repos: Repositories;
  clock: Clock;
  device: DeviceClock;
  settings: SettingsService;
  files: RecordingFileLookup;
  access: RecordingAccess;
  storage: Pick<MediaStorage, 'resolve'>;
  /** The recording domain's removal guards: a recording with a transfer queued or running is not deleted. */
  addRemovalGuard: (guard: RemovalGuard) => void;
  /** The web config's site.cloundShare: cloud sharing offered at all. */
  cloudShare: boolean;
  cloudUrls: CloudUrls;
  /** Upload chunk size (tests use small ones); the clients' default otherwise. */
  chunkBytes?: number;
  oplog: (description: string) => void;
  log: (line: string) => void;
  wake: () => void;
  replan: () => void;
}

/**
 * The sync domain: getting recordings off the box through the one upload queue (transfers in SQLite, resumed
 * after restarts). Cloud sharing (Google Drive, Dropbox) now; FTP/SFTP and the media server are later targets
 * of the same queue.
 */
export function createSync(d: SyncDomainDeps) {
  const targets = cloudTargets({ settings: d.settings, cloudShare: d.cloudShare, urls: d.cloudUrls, chunkBytes: d.chunkBytes });
  const queue = transferQueue({
    repos: d.repos,
    clock: d.clock,
    device: d.device,
    clientFor: targets.clientFor,
    labelOf: targets.labelOf,
    resolveFile: (rel) => {
      const found = d.storage.resolve(rel);
      return found.kind === 'file' ? { path: found.path, type: found.type } : undefined;
    },
    oplog: d.oplog,
    log: d.log,
    replan: d.replan,
  });
  d.addRemovalGuard((rec) => (d.repos.transfers.busy(rec.id) ? Fail.of('recordingUploading', rec.id) : undefined));
  return {
    area: {
      share: shareService({ repos: d.repos, device: d.device, files: d.files, access: d.access, targets, wake: d.wake }),
    },
    queue,
    jobs: [queue.job],
  };
}
export type SyncArea = ReturnType<typeof createSync>['area'];
