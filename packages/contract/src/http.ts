/** Transport constants shared by the service and the console's one API client. */
export const API_PREFIX = '/api';
export const SESSION_HEADER = 'x-session-id';
/** Base64 (UTF-8) of a file path, for uploads and downloads (spec §7). */
export const FILE_PATH_HEADER = 'file-path';
export const WEBCONFIG_PATH = '/static/webconfig.json';
export const UPLOAD_PREFIX = '/upload/';
export const RECORD_TEMP_PREFIX = '/static/recordTemp/';
export const LIVE_PREFIX = '/xlive/';
export const OPENAPI_PATH = '/api/openapi.json';

export function apiPath(name: string): string {
  return `${API_PREFIX}/${name}`;
}

/** Envelope of every JSON answer. */
export interface Envelope<T = unknown> {
  result: boolean;
  message: string;
  data?: T;
  /** login only (spec §3): the new session id, beside `result` (also in `data.sessionID`). */
  sessionID?: string;
}

export function encodeFilePath(path: string): string {
  const bytes = new TextEncoder().encode(path);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodeFilePath(header: string): string {
  const binary = atob(header);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
