import { lstatSync, realpathSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isSafeRelPath, type MediaUrls } from './media-url.js';

/** The only file types served under /media/, with their Content-Type (nothing else in the storage is served). */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.ts': 'video/mp2t',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  // Chapters and captions of a recording's file (issue 22), for the players' <track>.
  '.vtt': 'text/vtt; charset=utf-8',
};
export const mediaTypeOf = (path: string): string | undefined => MEDIA_TYPES[extname(path).toLowerCase()];

export type ResolvedMedia = { kind: 'file'; path: string; type: string } | { kind: 'missing' } | { kind: 'outside' };

const isInside = (root: string, path: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * The storage roots media paths are relative to, in order: the recording storage now in use (`savepath`, or
 * DATA_DIR/media), the default DATA_DIR/media (recordings made before `savepath` changed) and the USB disk.
 * A relative path is looked up in each root in turn; the file's real path (symlinks followed) must stay
 * inside the root it was found in.
 */
export function mediaStorage(roots: () => (string | undefined)[], urls: MediaUrls) {
  const list = () => [
    ...new Set(
      roots()
        .filter((r): r is string => Boolean(r))
        .map((r) => resolve(r)),
    ),
  ];

  /** The storage-relative path of an absolute file path under one of the roots. */
  function relativeOf(absPath: string, within = list()): string | undefined {
    for (const root of within) {
      const rel = relative(root, absPath);
      if (!rel || isAbsolute(rel) || rel.split(sep)[0] === '..') continue;
      const posix = rel.split(sep).join('/');
      return isSafeRelPath(posix) ? posix : undefined;
    }
    return undefined;
  }

  function resolveMedia(rel: string): ResolvedMedia {
    const type = mediaTypeOf(rel);
    if (!isSafeRelPath(rel) || !type) return { kind: 'missing' };
    let outside = false;
    for (const root of list()) {
      let realRoot: string;
      let real: string;
      try {
        realRoot = realpathSync(root);
        real = realpathSync(join(root, rel));
      } catch {
        continue;
      }
      if (!isInside(realRoot, real)) {
        outside = true;
        continue;
      }
      if (mediaTypeOf(real) && statSync(real, { throwIfNoEntry: false })?.isFile()) return { kind: 'file', path: real, type };
    }
    return outside ? { kind: 'outside' } : { kind: 'missing' };
  }

  /** The real root (symlinks followed) that holds this real path, if any. */
  function realRootOf(real: string): string | undefined {
    for (const root of list()) {
      try {
        const realRoot = realpathSync(root);
        if (isInside(realRoot, real)) return realRoot;
      } catch {
        // a root that does not exist holds nothing
      }
    }
    return undefined;
  }

  /**
   * Deletes one file (a link itself, never its target) whose folder is inside a storage root. Anything outside
   * the roots is left alone and reported false; a file already gone counts as deleted.
   */
  function removeFile(absPath: string): boolean {
    let folder: string;
    try {
      folder = realpathSync(dirname(resolve(absPath)));
    } catch {
      return true; // its folder is gone, so is the file
    }
    if (!realRootOf(folder)) return false;
    const path = join(folder, basename(absPath));
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (!st) return true;
    if (st.isDirectory()) return false;
    unlinkSync(path);
    return true;
  }

  /**
   * Deletes a recording's folder with what is left in it: only a real folder (not a link) at least two levels
   * below a storage root (`recordings/<name>`), never a root or anything outside them.
   */
  function removeFolder(absDir: string): boolean {
    const st = lstatSync(resolve(absDir), { throwIfNoEntry: false });
    if (!st) return true;
    if (!st.isDirectory()) return false;
    const real = realpathSync(resolve(absDir));
    const root = realRootOf(real);
    if (!root || relative(root, real).split(sep).length < 2) return false;
    rmSync(real, { recursive: true, force: true });
    return true;
  }

  return {
    roots: list,
    removeFile,
    removeFolder,
    /** The absolute paths a storage-relative path may name, one per root (none when the path is not safe). */
    candidatesOf: (rel: string): string[] => (isSafeRelPath(rel) ? list().map((root) => join(root, ...rel.split('/'))) : []),
    relativeOf,
    /** Where a storage-relative path is on disk: a regular media file inside a root, or why not. */
    resolve: resolveMedia,
    /**
     * A signed URL of an absolute file path, or '' when the file is under no storage root; with a session `tag`
     * (`SessionBinding.tagOf`), it works only while that session lives.
     */
    urlOf(absPath: string, within = list(), ttlSeconds?: number, tag?: string): string {
      const rel = relativeOf(absPath, within);
      return rel ? urls.signMediaUrl(rel, ttlSeconds, tag) : '';
    },
  };
}
export type MediaStorage = ReturnType<typeof mediaStorage>;
