/**
 * Where a finished Dropbox upload session lands: the path checks Dropbox makes (WriteError `malformed_path`,
 * `disallowed_name`), the target with `autorename` ("name (1).ext") or none on a conflict, and the committed
 * file's metadata as Dropbox answers it. Files are kept by their lower-cased path: Dropbox paths are case-insensitive.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface FakeDropboxFile {
  /** Dropbox path as committed, e.g. /Roomcast/a.mp4. */
  path: string;
  size: number;
  diskPath: string;
}

/** Open sessions' bytes live in this folder of `dir`; no upload may commit into it. */
export const SESSIONS_FOLDER = '.upload-sessions';
const DISALLOWED_NAMES = new Set(['desktop.ini', 'thumbs.db', '.ds_store', '.dropbox', '.dropbox.attr']);

/** The WriteError tag Dropbox would answer for a path, or undefined when it is acceptable. */
export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/') || path.endsWith('/')) return 'malformed_path';
  const parts = path.slice(1).split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || hasControlOrBackslash(part))) return 'malformed_path';
  if (parts[0]?.toLowerCase() === SESSIONS_FOLDER) return 'disallowed_name';
  if (DISALLOWED_NAMES.has(parts[parts.length - 1]!.toLowerCase())) return 'disallowed_name';
  return undefined;
}

function hasControlOrBackslash(part: string): boolean {
  return [...part].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);
}

/** The committed files under `dir` (`<dir>/<dropbox path>`). */
export class DropboxFiles {
  /** Lower-cased Dropbox path → file. */
  private readonly committed = new Map<string, FakeDropboxFile>();

  constructor(private readonly dir: string) {}

  list(): FakeDropboxFile[] {
    return [...this.committed.values()];
  }

  /** The path the file lands at: as asked, or "name (n).ext" with autorename; undefined on a refused conflict. */
  async target(path: string, mode: unknown, autorename: boolean): Promise<string | undefined> {
    if (mode === 'overwrite' || !(await this.taken(path))) return path;
    if (!autorename) return undefined;
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 1; ; n++) {
      const candidate = `${path.slice(0, slash + 1)}${stem} (${n})${ext}`;
      if (!(await this.taken(candidate))) return candidate;
    }
  }

  /** Moves a finished session's file (`size` bytes) to `path`; answers Dropbox's FileMetadata. */
  async commit(sessionFile: string, size: number, path: string): Promise<object> {
    const diskPath = this.diskPathOf(path);
    await mkdir(join(diskPath, '..'), { recursive: true });
    await rm(diskPath, { force: true });
    await rename(sessionFile, diskPath);
    this.committed.set(path.toLowerCase(), { path, size, diskPath });
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    return {
      '.tag': 'file',
      name: path.slice(path.lastIndexOf('/') + 1),
      id: `id:${randomBytes(16).toString('base64url')}`,
      path_lower: path.toLowerCase(),
      path_display: path,
      size,
      client_modified: now,
      server_modified: now,
      rev: randomBytes(9).toString('hex'),
      is_downloadable: true,
    };
  }

  private async taken(path: string): Promise<boolean> {
    if (this.committed.has(path.toLowerCase())) return true;
    return stat(this.diskPathOf(path)).then(
      () => true,
      () => false,
    );
  }

  private diskPathOf(path: string): string {
    return join(this.dir, ...path.slice(1).split('/'));
  }
}
