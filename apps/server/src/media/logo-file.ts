import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOGO_FILE } from '@roomcast/contract';

/**
 * The OSD logo on disk: `DATA_DIR/upload/logo.argb`, a bottom-up ARGB raster as the console uploads it (spec §5),
 * and `logo.json` beside it with the raster's size, which the raw bytes do not carry. The engine overlays the
 * raster scaled to the OSD's current logo size, so changing that size needs no new upload.
 */
export interface StoredLogo {
  file: string;
  width: number;
  height: number;
}

const paths = (dataDir: string) => {
  const dir = join(dataDir, 'upload');
  return { dir, raster: join(dir, LOGO_FILE), size: join(dir, 'logo.json') };
};

/** Bytes of a raster of this size (4 per pixel: A, R, G, B). */
export const argbBytes = (width: number, height: number) => width * height * 4;

/** The stored logo, when its size file is valid and the raster has exactly that many bytes. */
export function readLogo(dataDir: string): StoredLogo | undefined {
  const p = paths(dataDir);
  try {
    const { width, height } = JSON.parse(readFileSync(p.size, 'utf8')) as { width: unknown; height: unknown };
    if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) < 1 || (height as number) < 1) return undefined;
    const st = statSync(p.raster);
    if (!st.isFile() || st.size !== argbBytes(width as number, height as number)) return undefined;
    return { file: p.raster, width: width as number, height: height as number };
  } catch {
    return undefined;
  }
}

/**
 * Stores a raster of `width` x `height` (the caller checked its length). Written under temporary names and renamed,
 * size file last, so a reader sees the old logo or the new one whole (a raster without a matching size is ignored).
 */
export function writeLogo(dataDir: string, bytes: Buffer, width: number, height: number): void {
  const p = paths(dataDir);
  mkdirSync(p.dir, { recursive: true });
  // A fresh file each time ('wx' after removing a leftover): a link planted under the temporary name is not followed.
  for (const [file, data] of [
    [`${p.raster}.part`, bytes],
    [`${p.size}.part`, JSON.stringify({ width, height })],
  ] as const) {
    rmSync(file, { force: true });
    writeFileSync(file, data, { mode: 0o644, flag: 'wx' });
  }
  renameSync(`${p.raster}.part`, p.raster);
  renameSync(`${p.size}.part`, p.size);
}
