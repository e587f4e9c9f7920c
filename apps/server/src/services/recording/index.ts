import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Repositories } from '../../db/repositories/index.js';
import { diskFigures } from '../../host/storage.js';
import type { SessionService } from '../access/index.js';
import type { EngineState } from '../../media/engine-state.js';
import { LOST_SOURCE_POLL_MS, type MediaEngine } from '../../media/media-engine.js';
import { periodicJob, type Clock, type DeviceClock } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';
import type { OpLogService } from '../system/index.js';
import { batchZipService } from './batch-zip.js';
import { diskScanService } from './disk-scan-service.js';
import { housekeepingJob } from './housekeeping-job.js';
import { mediaStorage } from './media-storage.js';
import { loadMediaSecret, MediaUrls } from './media-url.js';
import { recordingAccess } from './recording-access.js';
import { recordingFileLookup } from './recording-file-lookup.js';
import { recordingFileHashes } from './recording-file-hash.js';
import { recordingFilesService } from './recording-files-service.js';
import { recordingListService } from './recording-list-service.js';
import { recordingService } from './recording-service.js';
import { sessionBinding } from './session-binding.js';

export { MEDIA_PREFIX, relPathOfRequest, DEFAULT_MEDIA_TTL_S, sessionTag, type MediaUrls } from './media-url.js';
export type { SessionBinding } from './session-binding.js';
export type { RecordingService } from './recording-service.js';
export type { RecordingAccess } from './recording-access.js';
export type { MediaStorage } from './media-storage.js';
export type { FoundFile, RecordingFileLookup } from './recording-file-lookup.js';
export type { RemovalGuard } from './recording-files-service.js';
export type { HashedFile, RecordingFileHashes } from './recording-file-hash.js';
export { streamZip, zipLength, type BatchZipService, type ZipFile } from './batch-zip.js';
export { housekeepingJob, type HousekeepingDeps } from './housekeeping-job.js';

export interface RecordingDomainDeps {
  repos: Repositories;
  settings: SettingsService;
  engine: EngineState;
  media: MediaEngine;
  clock: Clock;
  device: DeviceClock;
  /** The access domain's sessions: the URLs handed to a session stop working when it ends. */
  sessions: SessionService;
  /** The device zone's offset in minutes (storage housekeeping runs at times of day in it). */
  zoneOffset: () => number;
  dataDir: string;
  usbPath: string | undefined;
  minFreeBytes: number;
  partLimitOverrideMs: number | undefined;
  snapshotIntervalMs: number;
  log: (line: string) => void;
  oplog: OpLogService;
  /** The scheduler's `replan`: a periodic job of this domain became active. */
  replan: () => void;
}

/**
 * The recording domain: record control over the media engine, the recordings list, the disk scan, the
 * recording storage and the signed media URLs of its files and snapshots.
 */
export function createRecording(d: RecordingDomainDeps) {
  const defaultMedia = join(d.dataDir, 'media');
  const mediaPath = () => d.settings.raw('setting_advance_media_save').savepath || defaultMedia;
  // The default recording storage exists from the first start, so status reports it present.
  mkdirSync(defaultMedia, { recursive: true });
  // Signed /media/ URLs (recording files, snapshots) relative to these storage roots.
  const urls = new MediaUrls(loadMediaSecret(d.dataDir), d.clock);
  const storage = mediaStorage(() => [mediaPath(), defaultMedia, d.usbPath], urls);
  // URLs given to a session (listmedia, listsnapshot, batchdownload; the live room's) die with it.
  const binding = sessionBinding(d.sessions);
  const fileHashes = recordingFileHashes({ repos: d.repos });
  const recording = recordingService({
    repos: d.repos,
    settings: d.settings,
    engine: d.engine,
    encoder: d.media.encoder,
    clock: d.device,
    mediaPath,
    ensureEncoder: d.media.ensure,
    ensureIso: d.media.ensureIso,
    releaseEncoder: d.media.release,
    minFreeBytes: d.minFreeBytes,
    partLimitOverrideMs: d.partLimitOverrideMs,
    snapshotIntervalMs: d.snapshotIntervalMs,
    log: d.log,
    oplog: d.oplog.system,
    replan: d.replan,
    fileHashes,
  });
  // New audio inputs or volume are heard at once: a running encode is re-planned (a recording rolls to a new segment).
  d.settings.onWritten((code) => {
    if (code === 'setting_audio_input') d.media.apply();
  });
  const access = recordingAccess(d.repos);
  const lookup = recordingFileLookup({ repos: d.repos, storage, access });
  const files = recordingFilesService({
    repos: d.repos,
    storage,
    access,
    currentRecordingId: () => recording.currentRecordingId,
    log: d.log,
  });
  return {
    area: {
      recording,
      diskScan: diskScanService(d.repos, d.engine, recording, mediaPath, d.oplog.system, d.log, d.device),
      recordingList: recordingListService(d.repos, storage, access, binding),
      recordingFiles: files,
      /** batchdownload and the zips it links under /static/recordTemp/. */
      batchZip: batchZipService({ storage, files: lookup, urls, clock: d.clock, sessions: binding }),
    },
    recording,
    /** Who may see or change which recording (spec §6), for other domains (albums' setalbum). */
    recordingAccess: access,
    /** A recording file the caller may see, by its storage-relative path (the transfer queue's share). */
    fileLookup: lookup,
    /** Recording files' SHA-256, stored at finalize or computed (the FTP/SFTP uploads' `.sha256` and HASH check). */
    fileHashes,
    /** Where a later domain (the transfer queue) says a recording's files are still needed. */
    addRemovalGuard: files.addRemovalGuard,
    mediaPath,
    /** What `GET /media/...` needs: who may have a file, the file lookup and the clock for cache lifetimes. */
    mediaFiles: {
      /**
       * Whether a request's query lets it have the file at `rel`: a valid signature and, for a URL handed to a
       * session, that session alive. Answers the session (its answers are cut when it ends), or undefined: refused.
       */
      grant(rel: string, q: { exp?: string; sig?: string; s?: string }): { sessionId: string | undefined } | undefined {
        if (!urls.verify(rel, q.exp, q.sig, q.s)) return undefined;
        if (q.s === undefined) return { sessionId: undefined };
        const user = binding.userOf(q.s);
        return user ? { sessionId: user.sessionId } : undefined;
      },
      /** Cuts an answer if its session ends while it is being sent (`SessionBinding.hold`). */
      hold: binding.hold,
      resolve: storage.resolve,
      now: () => d.clock.now(),
    },
    mediaUrls: urls,
    /** Sessions' URLs: the live domain binds its signed URLs with it too. */
    sessionBinding: binding,
    mediaStorage: storage,
    jobs: [
      recording.checksJob,
      // Auto clear and retention (setting_check_storage), through the same deletion as removerecord.
      housekeepingJob({
        settings: () => d.settings.typed('setting_check_storage'),
        zoneOffset: d.zoneOffset,
        candidates: (before) => d.repos.recordings.oldestUnshared(before),
        remove: (id) => files.removeRecordingBySystem(id),
        freeBytes: async () => {
          const disk = await diskFigures(mediaPath());
          return disk.present ? disk.freeBytes : undefined;
        },
        oplog: d.oplog.system,
        log: d.log,
      }),
      periodicJob({ name: 'lost RTSP sources', everyMs: LOST_SOURCE_POLL_MS, run: () => d.media.pollLostSources() }),
    ],
  };
}
export type RecordingArea = ReturnType<typeof createRecording>['area'];
export type MediaFiles = ReturnType<typeof createRecording>['mediaFiles'];
