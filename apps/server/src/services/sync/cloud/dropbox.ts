/**
 * The Dropbox client (`CloudClient`): checks the configuration and sends each file through an upload session
 * (dropbox-upload.ts) over the content API (dropbox-api.ts) with the configured or refreshed token
 * (dropbox-auth.ts); what a failure means is in dropbox-errors.ts.
 */
import { type CloudClient, CloudError } from './cloud-client.js';
import { trimSlash } from './cloud-http.js';
import { dropboxTransport } from './dropbox-api.js';
import { canRefresh, type DropboxCredentials, dropboxTokens } from './dropbox-auth.js';
import { DropboxUpload } from './dropbox-upload.js';

export interface DropboxConfig extends DropboxCredentials {
  /** Dropbox folder, e.g. "/Roomcast" (a leading "/" is added when missing). */
  folder: string;
  /** Defaults https://api.dropboxapi.com and https://content.dropboxapi.com; tests point them at loopback. */
  apiUrl?: string;
  contentUrl?: string;
  /** Chunk size, a multiple of 4 MiB recommended by Dropbox; default 8 MiB. Max 150 MiB. */
  chunkBytes?: number;
}

const MiB = 1024 * 1024;
const DEFAULT_CHUNK_BYTES = 8 * MiB;
/** Dropbox refuses request bodies over 150 MiB. */
const MAX_CHUNK_BYTES = 150 * MiB;

export function dropboxClient(config: DropboxConfig): CloudClient {
  const chunkBytes = config.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes <= 0 || chunkBytes > MAX_CHUNK_BYTES) {
    throw new RangeError(`Dropbox chunkBytes must be between 1 and ${MAX_CHUNK_BYTES}`);
  }
  const tokens = dropboxTokens(config, trimSlash(config.apiUrl ?? 'https://api.dropboxapi.com'));
  const transport = dropboxTransport(trimSlash(config.contentUrl ?? 'https://content.dropboxapi.com'), tokens, canRefresh(config));
  const folder = normalizeFolder(config.folder);
  // Missing credentials fail each upload (the queue shows why) rather than the construction of the client.
  const unconfigured = !config.accessToken && !canRefresh(config);
  return {
    upload: async (file, options) => {
      if (unconfigured) throw new CloudError('Dropbox needs an access token, or an app key with a refresh token', false);
      return new DropboxUpload(transport, file, options, `${folder}/${file.name}`, chunkBytes).run();
    },
  };
}

/** "/Roomcast", "Roomcast/", "/" → "/Roomcast", "/Roomcast", "" (the root). */
function normalizeFolder(folder: string): string {
  const trimmed = folder.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}
