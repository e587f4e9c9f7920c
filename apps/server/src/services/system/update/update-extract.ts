import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Fail } from '../../core/index.js';
import { BUNDLE, tarEntries, type Manifest, type TarEntry } from './update-bundle.js';

/** What a release must hold for the launcher to start it. */
export const RELEASE_ENTRY = 'apps/server/dist/main.js';

/** An entry name too odd to be a release's file: control characters or backslashes (empty and dot segments: below). */
const UNSAFE_NAME = /[\p{Cc}\\]/u;

/** The path inside the release an entry may be written to, or a refusal naming it. */
export function entryPath(name: string, dest: string): string {
  const shown = name.slice(0, 200);
  const clean = name.replace(/^\.\//, '').replace(/\/+$/, '');
  const segments = clean.split('/');
  if (!clean || isAbsolute(name) || UNSAFE_NAME.test(name) || segments.some((s) => s === '' || s === '.' || s === '..'))
    throw Fail.of('updateUnsafeEntry', shown);
  const target = resolve(dest, clean);
  if (!target.startsWith(dest + sep)) throw Fail.of('updateUnsafeEntry', shown);
  return target;
}

/**
 * Unpacks a verified bundle's payload into `dest` (a new folder): regular files and folders only; links, devices and
 * anything outside `dest` are refused by name; a file is never written twice or through anything but a folder this
 * made; the totals may not pass what the signed manifest says. Permissions are reduced to 0755/0644.
 */
export async function extractPayload(file: string, manifest: Manifest, dest: string): Promise<void> {
  mkdirSync(dest, { recursive: true });
  let reached = false;
  for await (const outer of tarEntries(createReadStream(file))) {
    if (outer.header.name !== BUNDLE.payload) {
      outer.resume();
      continue;
    }
    reached = true;
    await unpack(outer, manifest, dest);
  }
  if (!reached) throw Fail.of('updateTruncated');
  if (!existsSync(join(dest, RELEASE_ENTRY))) throw Fail.of('updateNoService');
}

async function unpack(payload: TarEntry, manifest: Manifest, dest: string): Promise<void> {
  let bytes = 0;
  let files = 0;
  const gunzip = createGunzip();
  const feeding = pipeline(payload, gunzip);
  feeding.catch(() => {}); // its failure shows as the tar's below
  try {
    for await (const entry of tarEntries(gunzip)) {
      const { name, type, size, mode } = entry.header;
      const target = entryPath(name, dest);
      files++;
      bytes += size;
      if (files > manifest.payload.files || bytes > manifest.payload.unpackedSize) throw Fail.of('updateTampered');
      if (type === 'directory') {
        mkdirSync(target, { recursive: true, mode: 0o755 });
        entry.resume();
      } else if (type === 'file' || type === 'contiguous-file') {
        mkdirSync(join(target, '..'), { recursive: true, mode: 0o755 });
        // 'wx': a second entry of the same name is refused rather than written over the first.
        const out = createWriteStream(target, { flags: 'wx', mode: mode & 0o111 ? 0o755 : 0o644 });
        await pipeline(entry, out).catch((err: NodeJS.ErrnoException) => {
          throw err.code === 'EEXIST' || err.code === 'ENOTDIR' ? Fail.of('updateUnsafeEntry', name.slice(0, 200)) : err;
        });
      } else throw Fail.of('updateUnsafeEntry', name.slice(0, 200));
    }
    await feeding;
  } catch (err) {
    gunzip.destroy();
    // The file system's own failures (a full disk ...) stay what they are.
    if (err instanceof Fail || /^E[A-Z]+$/.test(String((err as NodeJS.ErrnoException).code))) throw err;
    // A signed payload that is not a gzip'd tar (zlib's Z_* or the tar parser's errors): made wrong, nothing is installed.
    throw Fail.of('updateNotBundle');
  }
}
