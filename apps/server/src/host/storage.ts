import { statfs } from 'node:fs/promises';

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
