import type { Config } from '../../config.js';
import type { RecordingAccess } from '../recording/index.js';
import type { Shared } from '../shared.js';
import { albumService } from './album-service.js';
import { uploads, type LogoTarget } from './uploads.js';

export type { LogoTarget, ResolvedUpload } from './uploads.js';

/** What the albums domain uses of what the domains share, and the configuration keys it reads. */
export type AlbumsShared = Pick<Shared, 'repos' | 'clock' | 'device'> & { config: Pick<Config, 'dataDir'> };

export interface AlbumsDomainDeps {
  /** Who may see or change which recording (the recording domain's rules), for setalbum. */
  recordings: RecordingAccess;
  /** The OSD logo's size and the engine to tell of a new one (the layout domain's picture settings). */
  logo: LogoTarget;
}

/** The albums domain: albums of recordings (the default one, shared ones), album covers uploaded and served, and the OSD logo's upload (the one upload path). */
export function createAlbums({ repos, clock, device, config }: AlbumsShared, d: AlbumsDomainDeps) {
  const files = uploads(config.dataDir, clock, d.logo);
  return {
    area: {
      albums: albumService({ repos, device, recordings: d.recordings, uploads: files }),
      uploads: files,
    },
    /** What `GET /upload/...` needs. */
    uploadFiles: { resolve: files.resolveRequest },
  };
}
export type AlbumsArea = ReturnType<typeof createAlbums>['area'];
export type UploadFiles = ReturnType<typeof createAlbums>['uploadFiles'];
