import type { Config } from '../../config.js';
import { Fail, type Lifecycle } from '../core/index.js';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { MediaStorage, RecordingAccess, RecordingFileHashes, RecordingFileLookup, RemovalGuard } from '../recording/index.js';
import type { Shared } from '../shared.js';
import { cloudTargets } from './cloud/cloud-targets.js';
import { ftpTarget } from './ftp/ftp-target.js';
import { knownHosts } from './ftp/known-hosts.js';
import { ftpService } from './ftp-service.js';
import type { ResolveFile } from './local-file.js';
import { shareService } from './share-service.js';
import { RETRY_CAP_MS, transferQueue } from './transfer-queue.js';
import { uploadFigures } from './upload-figures.js';

export type { CloudUrls } from './cloud/cloud-targets.js';
export { createMediaServer, type MediaServerService } from './opencast/index.js';
import type { MediaServerService } from './opencast/index.js';
export type { TransferTarget, TransferAttempt, TransferItem } from './transfer-target.js';
export { TransferError } from './transfer-target.js';
export type { TransferQueue } from './transfer-queue.js';
export { localFileOf, type LocalFile, type ResolveFile } from './local-file.js';

/** What the sync domain uses of what the domains share (the web config's site.cloundShare: cloud sharing offered at all), and the configuration keys it reads. */
export type SyncShared = Pick<
  Shared,
  'repos' | 'clock' | 'device' | 'zoneOffset' | 'settings' | 'webconfig' | 'oplog' | 'log' | 'wake' | 'replan'
> & {
  /** Upload chunk size (tests use small ones), the queue's first retry wait (then doubling to the cap; 30 s by default). */
  config: Pick<Config, 'dataDir' | 'cloudUrls' | 'uploadChunkBytes' | 'uploadRetryMs'>;
};

export interface SyncDomainDeps {
  files: RecordingFileLookup;
  access: RecordingAccess;
  storage: Pick<MediaStorage, 'resolve' | 'relativeOf'>;
  /** The recording domain tells of each recording that finished with files; the queue's targets may queue it. */
  onRecordingFinished: (listener: (rec: RecordingRow) => void) => void;
  /** The recording domain's removal guards: a recording with a transfer queued or running is not deleted. */
  addRemovalGuard: (guard: RemovalGuard) => void;
  /** Recording files' SHA-256, stored at finalize or computed: FTP/SFTP's `.sha256` and HASH check. */
  fileHashes: RecordingFileHashes;
}

/**
 * The sync domain: getting recordings off the box through the one upload queue (transfers in SQLite, resumed
 * after restarts): cloud sharing (Google Drive, Dropbox), the FTP/FTPS/SFTP server of `setting_advance_ftp`, and
 * whatever target `addTarget` adds (the media server). Each target implements `TransferTarget`.
 */
export function createSync(
  { repos, clock, device, zoneOffset, settings, webconfig, oplog, log, wake, replan, config }: SyncShared,
  d: SyncDomainDeps,
) {
  const resolveFile: ResolveFile = (rel) => {
    const found = d.storage.resolve(rel);
    return found.kind === 'file' ? { path: found.path, type: found.type } : undefined;
  };
  const targets = cloudTargets({
    settings,
    cloudShare: webconfig.site.cloundShare,
    urls: config.cloudUrls,
    chunkBytes: config.uploadChunkBytes,
  });
  const ftp = ftpTarget({
    repos,
    clock,
    device,
    zoneOffset,
    values: () => settings.typed('setting_advance_ftp'),
    resolveFile,
    relativeOf: (abs) => d.storage.relativeOf(abs),
    knownHosts: knownHosts(config.dataDir),
    fileHashes: d.fileHashes,
  });
  const queue = transferQueue({
    repos,
    clock,
    device,
    targets: [...targets.transferTargets(resolveFile), ftp.target],
    oplog: oplog.system,
    log,
    replan,
    wake,
    retryDelay: config.uploadRetryMs ? (n) => Math.min(config.uploadRetryMs! * 2 ** Math.max(0, n - 1), RETRY_CAP_MS) : undefined,
  });
  d.onRecordingFinished((rec) => queue.recordingFinished(rec));
  d.addRemovalGuard((rec) => (repos.transfers.busy(rec.id) ? Fail.of('recordingUploading', rec.id) : undefined));
  return {
    area: {
      share: shareService({ repos, device, files: d.files, access: d.access, targets, queue }),
      ftp: ftpService({ repos, device, settings, access: d.access, ftp, queue }),
    },
    queue,
    /** Each upload target's queue now (metrics, the uploads health check). */
    uploads: uploadFigures(repos, () => queue.targetNames(), zoneOffset),
    /** Adds a target to the one queue (e.g. the media server's ingest), before the scheduler starts. */
    addTarget: queue.addTarget,
    /** The storage-relative file of a row as it is on disk now (for targets added with `addTarget`). */
    resolveFile,
    jobs: [queue.job],
    // The queue's transfer in flight is ended; it resumes from the file's part at the next start.
    lifecycle: { name: 'sync', stop: () => queue.stop() } satisfies Lifecycle,
  };
}
export type SyncArea = ReturnType<typeof createSync>['area'] & { mediaServer: MediaServerService };
export type { UploadFigures } from './upload-figures.js';
