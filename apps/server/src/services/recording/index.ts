import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { diskFigures } from '../../host/storage.js';
import type { SessionService, SessionUser } from '../access/index.js';
import { LOST_SOURCE_POLL_MS } from '../../media/media-engine.js';
import { periodicJob, type Lifecycle } from '../core/index.js';
import type { Shared } from '../shared.js';
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
import { usbCopy } from './usb-copy.js';
import { usbDownload } from './usb-download.js';
import { execFileRunner } from '../../host/command-runner.js';

export { MEDIA_PREFIX, relPathOfRequest, DEFAULT_MEDIA_TTL_S, sessionTag, type MediaUrls } from './media-url.js';
export type { SessionBinding } from './session-binding.js';
export type { RecordingService } from './recording-service.js';
export type { RecordingAccess } from './recording-access.js';
export { visibilityOf } from './recording-access.js';
export type { MediaStorage } from './media-storage.js';
export type { FoundFile, RecordingFileLookup } from './recording-file-lookup.js';
export type { RemovalGuard } from './recording-files-service.js';
export type { HashedFile, RecordingFileHashes } from './recording-file-hash.js';
export { streamZip, zipLength, type BatchZipService, type ZipFile } from './batch-zip.js';
export { housekeepingJob, type HousekeepingDeps } from './housekeeping-job.js';
export { recordingBytesPerSecond } from './recording-rate.js';

/** What the recording domain uses of what the domains share, and the configuration keys it reads. */
export type RecordingShared = Pick<
  Shared,
  'repos' | 'settings' | 'room' | 'media' | 'clock' | 'device' | 'zoneOffset' | 'log' | 'oplog' | 'replan'
> & { config: Pick<Config, 'dataDir' | 'usbPath' | 'minFreeBytes' | 'partLimitOverrideMs' | 'snapshotIntervalMs'> };

export interface RecordingDomainDeps {
  /** The access domain's sessions: the URLs handed to a session stop working when it ends. */
  sessions: SessionService;
}

/**
 * The recording domain: record control over the media engine, the recordings list, the disk scan, the
 * recording storage and the signed media URLs of its files and snapshots.
 */
export function createRecording(
  { repos, settings, room, media, clock, device, zoneOffset, config, log, oplog, replan }: RecordingShared,
  d: RecordingDomainDeps,
) {
  const defaultMedia = join(config.dataDir, 'media');
  const mediaPath = () => settings.raw('setting_advance_media_save').savepath || defaultMedia;
  // The default recording storage exists from the first start, so status reports it present.
  mkdirSync(defaultMedia, { recursive: true });
  // Signed /media/ URLs (recording files, snapshots) relative to these storage roots.
  const urls = new MediaUrls(loadMediaSecret(config.dataDir), clock);
  const storage = mediaStorage(() => [mediaPath(), defaultMedia, config.usbPath], urls);
  // URLs given to a session (listmedia, listsnapshot, batchdownload; the live room's) die with it.
  const binding = sessionBinding(d.sessions);
  const fileHashes = recordingFileHashes({ repos });
  const recording = recordingService({
    repos,
    settings,
    room,
    encoder: media.encoder,
    clock: device,
    mediaPath,
    ensureIso: media.ensureIso,
    minFreeBytes: config.minFreeBytes,
    partLimitOverrideMs: config.partLimitOverrideMs,
    snapshotIntervalMs: config.snapshotIntervalMs,
    log,
    oplog: oplog.system,
    replan,
    fileHashes,
    usb: usbCopy({ settings, usbPath: config.usbPath, log, oplog: oplog.system }),
  });
  // New audio inputs or volume are heard at once: a running encode is re-planned (a recording rolls to a new segment).
  settings.onWritten((code) => {
    if (code === 'setting_audio_input') media.apply();
  });
  const access = recordingAccess(repos);
  const lookup = recordingFileLookup({ repos, storage, access });
  const files = recordingFilesService({
    repos,
    storage,
    access,
    currentRecordingId: () => recording.currentRecordingId,
    log,
  });
  return {
    area: {
      recording,
      diskScan: diskScanService(repos, room, recording, mediaPath, oplog.system, log, device),
      recordingList: recordingListService(repos, storage, access, binding),
      recordingFiles: files,
      recordingAccess: access,
      /** usbcopy, usbcopystate, usbeject: recordings copied to the USB disk on demand. */
      usbDownload: usbDownload({
        settings,
        usbPath: config.usbPath,
        files: (rec) => repos.recordings.files(rec.id),
        sha256: fileHashes.sha256,
        recordingToUsb: () => recording.mirroring,
        run: execFileRunner,
        log,
        oplog: oplog.system,
      }),
      /** batchdownload and the zips it links under /static/recordTemp/. */
      batchZip: batchZipService({ storage, files: lookup, urls, clock, sessions: binding }),
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
      now: () => clock.now(),
    },
    mediaUrls: urls,
    /** A signed /media/ URL of a file inside the storage roots, bound to the caller's session (a chapter's picture); "" outside them. */
    urlFor: (caller: SessionUser | undefined, absPath: string): string =>
      storage.urlOf(absPath, storage.roots(), undefined, caller ? binding.tagOf(caller.sessionId) : undefined),
    /** Sessions' URLs: the live domain binds its signed URLs with it too. */
    sessionBinding: binding,
    mediaStorage: storage,
    jobs: [
      recording.checksJob,
      // Auto clear and retention (setting_check_storage), through the same deletion as removerecord.
      housekeepingJob({
        settings: () => settings.typed('setting_check_storage'),
        zoneOffset,
        candidates: (before) => repos.recordings.oldestUnshared(before),
        remove: (id) => files.removeRecordingBySystem(id),
        freeBytes: async () => {
          const disk = await diskFigures(mediaPath());
          return disk.present ? disk.freeBytes : undefined;
        },
        oplog: oplog.system,
        log,
      }),
      periodicJob({ name: 'lost sources', everyMs: LOST_SOURCE_POLL_MS, run: () => media.pollLostSources() }),
    ],
    lifecycle: {
      name: 'recording',
      // Recordings a crash left unfinished are finalized before anything records again.
      start: async (announce) => {
        const recovered = await recording.recover();
        if (recovered) announce(`Recovered ${recovered} recording(s) interrupted by an unexpected stop.`);
      },
      // A running recording is ended without finalizing: the next start recovers it.
      stop: () => recording.halt(),
    } satisfies Lifecycle,
  };
}
export type RecordingArea = ReturnType<typeof createRecording>['area'];
export type MediaFiles = ReturnType<typeof createRecording>['mediaFiles'];
