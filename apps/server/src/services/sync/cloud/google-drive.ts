/**
 * The Google Drive v3 client (`CloudClient`): checks the configuration and sends each file as a resumable upload
 * (google-drive-upload.ts) through the protocol's calls (google-drive-api.ts) into the configured folder
 * (google-drive-folders.ts), with tokens from the refresh-token grant (google-drive-auth.ts). Node's global
 * fetch only; memory stays flat whatever the file size.
 */
import type { CloudClient } from './cloud-client.js';
import { trimSlash } from './cloud-http.js';
import { DriveApi } from './google-drive-api.js';
import { DriveAuth, type GoogleCredentials } from './google-drive-auth.js';
import { DriveFolder } from './google-drive-folders.js';
import { ResumableUpload } from './google-drive-upload.js';

export interface GoogleDriveConfig extends GoogleCredentials {
  /** Drive folder path, e.g. "Roomcast" or "Lectures/2026" ("/"-separated; empty = My Drive root). */
  folder: string;
  /** Defaults https://oauth2.googleapis.com and https://www.googleapis.com; tests point them at loopback. */
  oauthUrl?: string;
  apiUrl?: string;
  /** Chunk size, a multiple of 256 KiB (Drive's rule); default 8 MiB. */
  chunkBytes?: number;
}

const CHUNK_UNIT = 256 * 1024;
const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;

export function googleDriveClient(config: GoogleDriveConfig): CloudClient {
  const chunkBytes = config.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0 || chunkBytes % CHUNK_UNIT !== 0) {
    throw new Error(`chunkBytes must be a positive multiple of ${CHUNK_UNIT}, got ${chunkBytes}`);
  }
  const apiUrl = trimSlash(config.apiUrl ?? 'https://www.googleapis.com');
  const auth = new DriveAuth(config, trimSlash(config.oauthUrl ?? 'https://oauth2.googleapis.com'));
  const api = new DriveApi(auth, new DriveFolder(auth, apiUrl, config.folder), apiUrl);
  return {
    upload: (file, options) => new ResumableUpload(api, file, options, chunkBytes).run(),
  };
}
