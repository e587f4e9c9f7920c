import type { Repositories } from '../../db/repositories/index.js';
import { Fail, type Clock, type DeviceClock } from '../core/index.js';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { MediaStorage, RecordingAccess, RecordingFileHashes, RecordingFileLookup, RemovalGuard } from '../recording/index.js';
import type { SettingsService } from '../settings/index.js';
import { cloudTargets, type CloudUrls } from './cloud/cloud-targets.js';
import { ftpTarget } from './ftp/ftp-target.js';
import { knownHosts } from './ftp/known-hosts.js';
import { ftpService } from './ftp-service.js';
import type { ResolveFile } from './local-file.js';
import { shareService } from './share-service.js';
import { RETRY_CAP_MS, transferQueue } from './transfer-queue.js';

export type { CloudUrls } from './cloud/cloud-targets.js';
export { createMediaServer, type MediaServerService } from './opencast/index.js';
import type { MediaServerService } from './opencast/index.js';
export type { TransferTarget, TransferAttempt, TransferItem } from './transfer-target.js';
export { TransferError } from './transfer-target.js';
export type { TransferQueue } from './transfer-queue.js';
export { localFileOf, type LocalFile, type ResolveFile } from './local-file.js';

export interface SyncDomainDeps {
  repos: Repositories;
  clock: Clock;
  device: DeviceClock;
  /** The device zone's offset in minutes (FTP's upload window is in device time). */
  zoneOffset: () => number;
  dataDir: string;
  settings: SettingsService;
  files: RecordingFileLookup;
  access: RecordingAccess;
  storage: Pick<MediaStorage, 'resolve' | 'relativeOf'>;
  /** The recording domain tells of each recording that finished with files; the queue's targets may queue it. */
  onRecordingFinished: (listener: (rec: RecordingRow) => void) => void;
  /** The recording domain's removal guards: a recording with a transfer queued or running is not deleted. */
  addRemovalGuard: (guard: RemovalGuard) => void;
  /** Recording files' SHA-256, stored at finalize or computed: FTP/SFTP's `.sha256` and HASH check. */
  fileHashes: RecordingFileHashes;
  /** The web config's site.cloundShare: cloud sharing offered at all. */
  cloudShare: boolean;
  cloudUrls: CloudUrls;
  /** Upload chunk size (tests use small ones); the clients' default otherwise. */
  chunkBytes?: number;
  /** The first retry wait of the queue (then doubling to the cap); 30 s by default. */
  retryBaseMs?: number;
  oplog: (description: string) => void;
  log: (line: string) => void;
  wake: () => void;
  replan: () => void;
}

/**
 * The sync domain: getting recordings off the box through the one upload queue (transfers in SQLite, resumed
 * after restarts): cloud sharing (Google Drive, Dropbox), the FTP/FTPS/SFTP server of `setting_advance_ftp`, and
 * whatever target `addTarget` adds (the media server). Each target implements `TransferTarget`.
 */
export function createSync(d: SyncDomainDeps) {
  const resolveFile: ResolveFile = (rel) => {
    const found = d.storage.resolve(rel);
    return found.kind === 'file' ? { path: found.path, type: found.type } : undefined;
  };
  const targets = cloudTargets({ settings: d.settings, cloudShare: d.cloudShare, urls: d.cloudUrls, chunkBytes: d.chunkBytes });
  const ftp = ftpTarget({
    repos: d.repos,
    clock: d.clock,
    device: d.device,
    zoneOffset: d.zoneOffset,
    values: () => d.settings.typed('setting_advance_ftp'),
    resolveFile,
    relativeOf: (abs) => d.storage.relativeOf(abs),
    knownHosts: knownHosts(d.dataDir),
    fileHashes: d.fileHashes,
  });
  const queue = transferQueue({
    repos: d.repos,
    clock: d.clock,
    device: d.device,
    targets: [...targets.transferTargets(resolveFile), ftp.target],
    oplog: d.oplog,
    log: d.log,
    replan: d.replan,
    wake: d.wake,
    retryDelay: d.retryBaseMs ? (n) => Math.min(d.retryBaseMs! * 2 ** Math.max(0, n - 1), RETRY_CAP_MS) : undefined,
  });
  d.onRecordingFinished((rec) => queue.recordingFinished(rec));
  d.addRemovalGuard((rec) => (d.repos.transfers.busy(rec.id) ? Fail.of('recordingUploading', rec.id) : undefined));
  return {
    area: {
      share: shareService({ repos: d.repos, device: d.device, files: d.files, access: d.access, targets, queue }),
      ftp: ftpService({ repos: d.repos, device: d.device, settings: d.settings, access: d.access, ftp, queue }),
    },
    queue,
    /** Adds a target to the one queue (e.g. the media server's ingest), before the scheduler starts. */
    addTarget: queue.addTarget,
    /** The storage-relative file of a row as it is on disk now (for targets added with `addTarget`). */
    resolveFile,
    jobs: [queue.job],
  };
}
export type SyncArea = ReturnType<typeof createSync>['area'] & { mediaServer: MediaServerService };
