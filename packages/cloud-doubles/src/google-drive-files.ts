/**
 * The Google Drive double's files: what files.list finds (`google-drive-query.ts`), folders and empty files made
 * by a metadata-only files.create, the files resumable uploads complete, and the JSON Drive answers for each.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { parseFields, parseQuery, pick } from './google-drive-query.js';
import { driveError, invalidValue, readSmallDriveBody } from './google-drive-http.js';

export interface FakeDriveFile {
  id: string;
  name: string;
  parents: string[];
  mimeType: string;
  size: number;
  /** Where the content is on disk, for content checks ('' for folders). */
  path: string;
}

/** The metadata of files.create (metadata-only or a resumable session's start). */
export interface Metadata {
  name?: string;
  mimeType?: string;
  parents?: string[];
}

const FOLDER_MIME = 'application/vnd.google-apps.folder';

export const newId = (bytes = 16) => randomBytes(bytes).toString('base64url');

export class DriveFiles {
  private readonly byId = new Map<string, FakeDriveFile>();

  /** `dir`: where file contents are written. */
  constructor(readonly dir: string) {}

  /** Copies, so a test cannot change what the double holds. */
  all(): FakeDriveFile[] {
    return [...this.byId.values()].map((f) => ({ ...f, parents: [...f.parents] }));
  }

  add(file: FakeDriveFile): void {
    this.byId.set(file.id, file);
  }

  /** files.list's answer for its `q` and `fields` parameters. */
  list(q: string, fields: string | null): object {
    const found = [...this.byId.values()].filter(parseQuery(q));
    const keys = parseFields(fields);
    return { kind: 'drive#fileList', files: found.map((f) => pick(fileJson(f), keys)) };
  }

  /** files.create without content: how folders are made (and empty files, through the metadata-only path). */
  async createMetadataOnly(meta: Metadata): Promise<FakeDriveFile> {
    const parents = this.parentsOf(meta);
    const id = newId();
    const mimeType = meta.mimeType ?? 'application/octet-stream';
    const path = mimeType === FOLDER_MIME ? '' : join(this.dir, `file-${id}`);
    if (path) await writeFile(path, '');
    const file: FakeDriveFile = { id, name: meta.name ?? 'Untitled', parents, mimeType, size: 0, path };
    this.add(file);
    return file;
  }

  /** The parents a file is created in ('root' when none is named); each must be a folder, or 404. */
  parentsOf(meta: Metadata): string[] {
    const parents = meta.parents ?? ['root'];
    for (const id of parents) {
      if (id !== 'root' && this.byId.get(id)?.mimeType !== FOLDER_MIME)
        throw driveError(404, 'notFound', `File not found: ${id}.`, { location: 'fileId', locationType: 'parameter' });
    }
    return parents;
  }
}

export function fileJson(f: FakeDriveFile): Record<string, unknown> {
  return { kind: 'drive#file', id: f.id, name: f.name, mimeType: f.mimeType, parents: f.parents, size: String(f.size) };
}

/** A files.create body: JSON metadata (or none), checked as Drive checks it. */
export async function readMetadata(req: IncomingMessage): Promise<Metadata> {
  return parseMetadata(await readSmallDriveBody(req));
}

function parseMetadata(body: Buffer): Metadata {
  if (body.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw driveError(400, 'parseError', 'Parse Error');
  }
  const meta = value as Metadata;
  if (typeof value !== 'object' || value === null) throw driveError(400, 'parseError', 'Parse Error');
  if (meta.name !== undefined && typeof meta.name !== 'string') throw invalidValue("Invalid value for 'name'.", 'name', 'other');
  if (meta.parents !== undefined && !(Array.isArray(meta.parents) && meta.parents.every((p) => typeof p === 'string'))) {
    throw invalidValue("Invalid value for 'parents'.", 'parents', 'other');
  }
  if ((meta.parents?.length ?? 0) > 1) {
    throw driveError(403, 'cannotAddParent', 'Increasing the number of parents is not allowed.');
  }
  return meta;
}
