import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { TransferRow } from '../../db/repositories/transfers-repository.js';
import { Fail } from '../core/index.js';

/** A storage-relative path's file now (resolved and contained by the recording storage), or undefined when gone. */
export type ResolveFile = (rel: string) => { path: string; type: string } | undefined;

/** The local file a file-level transfer sends, as it is on disk now. */
export interface LocalFile {
  /** Absolute path (already resolved and contained). */
  path: string;
  size: number;
  /** Its base name (a recording file's name; may hold any Unicode). */
  name: string;
  contentType: string;
}

/** The file of a file-level row (`row.filepath` is storage-relative); `recordingFileNotFound` when it is gone. */
export function localFileOf(row: TransferRow, resolveFile: ResolveFile): LocalFile {
  const file = resolveFile(row.filepath);
  const size = file && statSync(file.path, { throwIfNoEntry: false })?.size;
  if (!file || size === undefined) throw Fail.of('recordingFileNotFound', row.filepath);
  return { path: file.path, size, name: basename(file.path), contentType: file.type };
}
