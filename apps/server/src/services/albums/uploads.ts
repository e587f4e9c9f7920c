import { lstatSync, mkdirSync, realpathSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { COVER_FOLDER, LIMITS, LOGO_FILE, LOGO_TYPE, MESSAGES, UPLOAD_PREFIX } from '@roomcast/contract';
import { imageProblem } from '../../media/image-check.js';
import { argbBytes, writeLogo } from '../../media/logo-file.js';
import type { SessionUser } from '../access/index.js';
import type { Clock } from '../core/index.js';
import { Fail } from '../core/index.js';

/** Image types a cover may be, told by the first bytes (never by the name or the declared type). */
const IMAGE_TYPES = [
  {
    ext: 'png',
    type: 'image/png',
    is: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', is: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', is: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    ext: 'webp',
    type: 'image/webp',
    is: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;
export const imageTypeOf = (bytes: Buffer) => IMAGE_TYPES.find((t) => t.is(bytes));
const typeOfName = (name: string) => IMAGE_TYPES.find((t) => name.toLowerCase().endsWith(`.${t.ext}`))?.type;

/** A cover file name: letters, digits, `_ . -`, not starting with a dot. */
const COVER_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;

/** The stem of an uploaded file name, reduced to safe characters (the last path segment only). */
export function sanitizeStem(filename: string): string {
  const last = filename.split(/[/\\]/).pop() ?? '';
  const stem = last.replace(/\.[^.]*$/, '');
  const safe = stem
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^[_-]+|_+$/g, '')
    .slice(0, 80);
  return safe || 'cover';
}

const isInside = (root: string, path: string) => path.startsWith(root.endsWith(sep) ? root : root + sep);

export type ResolvedUpload = { kind: 'file'; path: string; type: string } | { kind: 'missing' } | { kind: 'invalid' };

/** What the OSD logo upload needs: the logo size of the OSD settings, and who to tell of a new logo (the engine). */
export interface LogoTarget {
  size: () => { width: number; height: number };
  changed: () => void;
}

/**
 * Uploaded files under DATA_DIR/upload: album covers in `album/` (uploadfile), served at `/upload/album/<file>`,
 * and the OSD logo `logo.argb` (uploadfile too), which the media engine overlays and which is never served.
 */
export function uploads(dataDir: string, clock: Clock, logo: LogoTarget) {
  const root = join(dataDir, 'upload');
  const coverDir = join(root, COVER_FOLDER);

  /** The real cover folder, only when it is a real folder inside the real upload root. */
  function realCoverDir(create: boolean): string | undefined {
    if (create) mkdirSync(coverDir, { recursive: true });
    try {
      const realRoot = realpathSync(root);
      const real = realpathSync(coverDir);
      return isInside(realRoot, real) && !lstatSync(coverDir).isSymbolicLink() ? real : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * uploadfile `logo.argb` (logotitle): a bottom-up ARGB raster of exactly the OSD's logo width x height (the console
   * saves the size first, then converts the image to it), sent as image/x-rgb. Stored whole, then the engine is told.
   */
  function saveLogo(caller: SessionUser | undefined, bytes: Buffer, contentType: string): { path: string; detail: string } {
    if (!caller || (caller.role !== 'admin' && !caller.functions.includes('logotitle'))) throw new Fail(MESSAGES.forbidden, 403);
    if (contentType.split(';')[0]!.trim().toLowerCase() !== LOGO_TYPE) throw Fail.of('logoNotArgb');
    const { width, height } = logo.size();
    if (width < 1 || height < 1) throw Fail.of('logoNoSize');
    const expected = argbBytes(width, height);
    if (bytes.length !== expected) throw Fail.of('logoSizeMismatch', width, height, expected, bytes.length);
    writeLogo(dataDir, bytes, width, height);
    logo.changed();
    return { path: LOGO_FILE, detail: `${LOGO_FILE} ${width}x${height} (${bytes.length} bytes)` };
  }

  return {
    /**
     * uploadfile: `album/<filename>` stores a cover as `album/{timestamp}_{name}.{ext of its content}`; the
     * answer's path is what editalbum's `path` takes. Other paths are refused. A cover must decode whole (a
     * truncated or damaged image is refused with the decoder's reason, not stored as a broken cover).
     */
    async save(
      caller: SessionUser | undefined,
      filePath: string | undefined,
      bytes: Buffer,
      contentType = '',
    ): Promise<{ path: string; detail: string }> {
      const path = (filePath ?? '').replace(/^\/+/, '');
      if (path === LOGO_FILE) return saveLogo(caller, bytes, contentType);
      if (!path.startsWith(COVER_FOLDER) || path.length === COVER_FOLDER.length) throw Fail.of('pathRejected');
      if (!caller || (caller.role !== 'admin' && !caller.functions.includes('album'))) throw new Fail(MESSAGES.forbidden, 403);
      if (bytes.length > LIMITS.coverMaxBytes) throw Fail.of('uploadTooLarge', LIMITS.coverMaxBytes / 1024 / 1024);
      const image = imageTypeOf(bytes);
      if (!image) throw Fail.of('uploadNotImage');
      const broken = await imageProblem(bytes, image.ext);
      if (broken) throw Fail.of('uploadBrokenImage', broken);
      const dir = realCoverDir(true);
      if (!dir) throw Fail.of('pathRejected');
      const stem = `${clock.now()}_${sanitizeStem(path.slice(COVER_FOLDER.length))}`;
      for (let n = 1; ; n++) {
        const name = `${stem}${n > 1 ? `-${n}` : ''}.${image.ext}`;
        try {
          writeFileSync(join(dir, name), bytes, { flag: 'wx', mode: 0o644 });
          return { path: `${COVER_FOLDER}${name}`, detail: `${COVER_FOLDER}${name} (${bytes.length} bytes)` };
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n > 50) throw err;
        }
      }
    },

    /** Deletes a cover (`album/<file>`) from the cover folder; nothing else is ever deleted. */
    removeCover(path: string): void {
      const name = path.startsWith(COVER_FOLDER) ? path.slice(COVER_FOLDER.length) : '';
      const dir = COVER_NAME.test(name) ? realCoverDir(false) : undefined;
      if (!dir) return;
      const file = join(dir, name);
      if (lstatSync(file, { throwIfNoEntry: false })?.isFile()) unlinkSync(file);
    },

    /**
     * `GET /upload/<path>` (still percent-encoded, as the client sent it): a cover image that is a regular file
     * inside the cover folder (a link is not followed), or why not.
     */
    resolveRequest(encodedPath: string): ResolvedUpload {
      if (!encodedPath.startsWith(UPLOAD_PREFIX)) return { kind: 'invalid' };
      const segments: string[] = [];
      for (const raw of encodedPath.slice(UPLOAD_PREFIX.length).split('/')) {
        try {
          segments.push(decodeURIComponent(raw));
        } catch {
          return { kind: 'invalid' };
        }
      }
      const [folder, name, ...rest] = segments;
      if (`${folder}/` !== COVER_FOLDER || !name || rest.length || !COVER_NAME.test(name)) return { kind: 'invalid' };
      const type = typeOfName(name);
      const dir = realCoverDir(false);
      if (!type || !dir) return { kind: 'missing' };
      const file = join(dir, name);
      const st = lstatSync(file, { throwIfNoEntry: false });
      if (!st?.isFile() || relative(dir, file).includes(sep)) return { kind: 'missing' };
      return statSync(file).isFile() ? { kind: 'file', path: file, type } : { kind: 'missing' };
    },
  };
}
export type Uploads = ReturnType<typeof uploads>;
