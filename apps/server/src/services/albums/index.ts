import type { Repositories } from '../../db/repositories/index.js';
import type { Clock, DeviceClock } from '../core/index.js';
import type { RecordingAccess } from '../recording/index.js';
import { albumService } from './album-service.js';
import { uploads, type LogoTarget } from './uploads.js';

export type { LogoTarget, ResolvedUpload } from './uploads.js';

export interface AlbumsDomainDeps {
  repos: Repositories;
  clock: Clock;
  device: DeviceClock;
  dataDir: string;
  /** Who may see or change which recording (the recording domain's rules), for setalbum. */
  recordings: RecordingAccess;
  /** The OSD logo's size and the engine to tell of a new one (the layout domain's picture settings). */
  logo: LogoTarget;
}

/** The albums domain: albums of recordings (the default one, shared ones), album covers uploaded and served, and the OSD logo's upload (the one upload path). */
export function createAlbums(d: AlbumsDomainDeps) {
  const files = uploads(d.dataDir, d.clock, d.logo);
  return {
    area: {
      albums: albumService({ repos: d.repos, device: d.device, recordings: d.recordings, uploads: files }),
      uploads: files,
    },
    /** What `GET /upload/...` needs. */
    uploadFiles: { resolve: files.resolveRequest },
  };
}
export type AlbumsArea = ReturnType<typeof createAlbums>['area'];
export type UploadFiles = ReturnType<typeof createAlbums>['uploadFiles'];
