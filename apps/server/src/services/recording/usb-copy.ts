import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { finalizePart } from '../../media/finalize.js';
import type { SegmentMirror } from '../../media/recording-session.js';
import { listParts } from '../../media/recording-session.js';
import type { SettingsService } from '../settings/index.js';

export interface UsbCopyDeps {
  settings: SettingsService;
  /** USB_PATH: where the USB disk is mounted when it is plugged in. */
  usbPath: string | undefined;
  log: (line: string) => void;
  oplog: (description: string) => void;
}

/** Whether a file system is mounted at `path` now (checked at each segment: a disk pulled out leaves its empty folder). */
function mountedNow(path: string): boolean {
  try {
    const own = statSync(path);
    return own.isDirectory() && own.dev !== statSync(dirname(path)).dev;
  } catch {
    return false;
  }
}

/**
 * `usbenable` (issue 20): every recording also on the USB disk, in a folder of the same name, with the same segments
 * and, once finalized, the same files (docs/storage.md "USB disk"). A copy of the fan-out, never a second encode;
 * the disk is looked at when each segment opens, so one put back mid-recording is used from the next segment, and a
 * disk pulled out, full or failing ends that segment's copy only (`MirrorWriter`): the HDD's recording goes on. The
 * operation log says when the copy stops and when it goes on again.
 */
/** How long a finalize waits for the copy's last segments to be written out (a hung disk must not hold it). */
const CLOSE_WAIT_MS = 10_000;

export function usbCopy(d: UsbCopyDeps) {
  /** The copies' segments being written out, by recording folder. */
  const pending = new Map<string, Promise<void>[]>();
  const enabled = () => d.settings.typed('setting_advance_media_save').usbenable && d.usbPath !== undefined;
  /** The copy's folder of a recording folder, while the disk is mounted. */
  const copyDirOf = (recordingDir: string): string | undefined =>
    d.usbPath && mountedNow(d.usbPath) ? join(d.usbPath, basename(recordingDir)) : undefined;

  return {
    /** The second copy of one recording's segments, for its recording session. */
    mirror(id: number, recordingDir: string): SegmentMirror {
      /** Whether this recording's segments are being copied now, or the copy stopped (or never began). */
      let state: 'unknown' | 'copying' | 'off' = 'unknown';
      const off = (why: string) => {
        if (state === 'off') return;
        const began = state === 'copying';
        state = 'off';
        d.log(`recording ${id}: USB copy ${began ? 'stopped' : 'not made'}: ${why}`);
        d.oplog(
          began
            ? `recording ${id}: the copy on the USB disk stopped (${why}); the recording on the HDD goes on`
            : `recording ${id}: no copy on the USB disk (${why}); the recording on the HDD goes on`,
        );
      };
      return {
        dir() {
          if (!enabled()) return undefined;
          const dir = copyDirOf(recordingDir);
          if (!dir) {
            off('the USB disk is not mounted');
            return undefined;
          }
          try {
            mkdirSync(dir, { recursive: true });
          } catch (err) {
            off((err as Error).message);
            return undefined;
          }
          if (state === 'off') d.oplog(`recording ${id}: the copy on the USB disk goes on from this segment`);
          state = 'copying';
          return dir;
        },
        failed: (_path, reason) => off(reason),
        present: () => enabled() && copyDirOf(recordingDir) !== undefined,
        closing: (done) => pending.set(recordingDir, [...(pending.get(recordingDir) ?? []), done.catch(() => undefined)]),
      };
    },

    /**
     * The copy's segments finalized into files of the same names as the HDD's (`names`: part key → file name), the
     * segments then removed. A copy that cannot be finished is said and left as segments; the HDD's files never wait.
     */
    async finalize(id: number, recordingDir: string, names: Map<string, string>): Promise<void> {
      const writing = pending.get(recordingDir) ?? [];
      pending.delete(recordingDir);
      await Promise.race([Promise.all(writing), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      const dir = copyDirOf(recordingDir);
      if (!dir || !existsSync(dir)) return;
      let made = 0;
      for (const part of listParts(dir)) {
        const name = names.get(`${part.code}-${part.part}`);
        try {
          const file = name ? await finalizePart(part.segments, join(dir, name)) : undefined;
          if (file) made++;
          for (const seg of part.segments) rmSync(seg, { force: true });
        } catch (err) {
          const why = (err as Error).message.split('\n')[0] ?? '';
          d.log(`recording ${id}: the USB copy of ${name ?? part.code} could not be written (${why}); its segments are kept`);
          d.oplog(`recording ${id}: the USB copy of ${name ?? part.code} could not be finished (${why}); the HDD's file is whole`);
        }
      }
      d.log(`recording ${id}: ${made} file(s) copied to the USB disk`);
    },
  };
}
export type UsbCopy = ReturnType<typeof usbCopy>;
