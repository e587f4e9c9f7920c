import { stat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface DiskFigures {
  present: boolean;
  totalBytes: number;
  freeBytes: number;
}

/** Size and free space of the file system holding `path`, from the real file system. */
export async function diskFigures(path: string | undefined): Promise<DiskFigures> {
  if (!path) return { present: false, totalBytes: 0, freeBytes: 0 };
  try {
    const s = await statfs(path);
    return { present: true, totalBytes: s.blocks * s.bsize, freeBytes: s.bavail * s.bsize };
  } catch {
    return { present: false, totalBytes: 0, freeBytes: 0 };
  }
}

/**
 * Whether a file system is mounted at `path` (its device differs from its parent folder's): a USB disk is there only
 * while mounted, and the empty folder it leaves when pulled out must never be taken for it.
 */
export async function isMountPoint(path: string): Promise<boolean> {
  try {
    const [own, parent] = await Promise.all([stat(path), stat(dirname(path))]);
    return own.isDirectory() && own.dev !== parent.dev;
  } catch {
    return false;
  }
}

/** The figures of a disk mounted at `path`; not present when nothing is mounted there (USB_PATH). */
export async function mountedDiskFigures(path: string | undefined): Promise<DiskFigures> {
  if (!path || !(await isMountPoint(path))) return { present: false, totalBytes: 0, freeBytes: 0 };
  return diskFigures(path);
}
