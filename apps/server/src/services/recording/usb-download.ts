import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile as copyFile_, open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CallData } from '@roomcast/contract';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { CommandRunner } from '../../host/command-runner.js';
import { isMountPoint, mountedDiskFigures } from '../../host/storage.js';
import { Fail } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';
import { sha256InThread } from './file-hash.js';
import type { HashedFile } from './recording-file-hash.js';

type CopyState = CallData<'usbcopystate'>;
const GB = 1024 ** 3;
const gb = (bytes: number) => (Math.ceil((bytes / GB) * 100) / 100).toFixed(2);

export interface UsbDownloadDeps {
  settings: SettingsService;
  usbPath: string | undefined;
  /** A recording's files (each with its row id: the stored SHA-256 is kept there). */
  files: (rec: RecordingRow) => { id: number; filepath: string; filesize: number }[];
  sha256: (f: HashedFile) => Promise<string>;
  /** Whether a recording is being copied to the USB disk as it records (`usbenable`): the disk is in use. */
  recordingToUsb: () => boolean;
  run: CommandRunner;
  log: (line: string) => void;
  oplog: (description: string) => void;
}

/**
 * `usbdownload` (issue 20): chosen recordings copied to the USB disk on demand, one copy at a time, with its progress
 * (`usbcopystate`), into `USB_PATH/<recording folder>/<file>` as the second copy of `usbenable` has them. Each file
 * goes to a `.part` name, copied by the kernel while a thread checks the recording against the SHA-256 stored at its
 * finalize, is flushed to the disk, then renamed: a file on the disk under its own name is whole and the recording's. Refused when the disk lacks the room.
 * `usbeject` flushes and unmounts the disk, so it can be pulled out safely.
 */
export function usbDownload(d: UsbDownloadDeps) {
  let state: CopyState = idle();
  let running: Promise<void> | undefined;

  async function disk(): Promise<string> {
    if (!d.usbPath || !(await isMountPoint(d.usbPath))) throw Fail.of('usbMissing');
    return d.usbPath;
  }

  /** The file being copied now (its `.part`), whose size is the copy's progress within it. */
  let inFlight: { part: string; before: number } | undefined;

  async function copyFile(source: string, target: string, expected: string): Promise<void> {
    const part = `${target}.part`;
    inFlight = { part, before: state.copiedBytes };
    try {
      // The kernel copies (copy_file_range: no pass through the service's memory) while a thread hashes the same
      // file: the bytes written are the recording's, and the recording's are those its stored SHA-256 was made of.
      const [, hash] = await Promise.all([copyFile_(source, part), sha256InThread(source)]);
      if (hash !== expected) throw new Error(`${basename(target)}: the recording's SHA-256 is no longer the one stored at its finalize`);
      // Written out to the disk before it takes its name: an error of the disk is seen here.
      const fh = await open(part, 'r+');
      try {
        await fh.datasync();
      } finally {
        await fh.close();
      }
      renameSync(part, target);
      state.copiedBytes = inFlight.before + statSync(target).size;
    } catch (err) {
      rmSync(part, { force: true });
      throw err;
    } finally {
      inFlight = undefined;
    }
  }

  async function copyAll(root: string, recordings: RecordingRow[]): Promise<void> {
    for (const rec of recordings) {
      const dir = join(root, basename(rec.dir));
      mkdirSync(dir, { recursive: true });
      for (const f of d.files(rec)) {
        state.current = `${basename(rec.dir)}/${basename(f.filepath)}`;
        const expected = await d.sha256({ path: f.filepath, fileId: f.id });
        await copyFile(f.filepath, join(dir, basename(f.filepath)), expected);
        state.copiedFiles++;
      }
    }
  }

  return {
    /** usbcopy: starts copying (answers at once; `state` follows it). */
    async start(recordings: RecordingRow[]): Promise<void> {
      if (!d.settings.typed('setting_advance_media_save').usbdownload) throw Fail.of('usbCopyOff');
      if (running) throw Fail.of('usbCopyBusy');
      const root = await disk();
      const files = recordings.flatMap((r) => d.files(r));
      const bytes = files.reduce((n, f) => n + (statSync(f.filepath, { throwIfNoEntry: false })?.size ?? 0), 0);
      const free = (await mountedDiskFigures(root)).freeBytes;
      if (bytes > free) throw Fail.of('usbNoRoom', gb(free), gb(bytes));
      state = { ...idle(), state: 'copying', recordings: recordings.length, files: files.length, bytes };
      d.oplog(`copying ${recordings.length} recording(s) to the USB disk (${files.length} files, ${gb(bytes)} GB)`);
      running = copyAll(root, recordings)
        .then(() => {
          state = { ...state, state: 'done', current: '' };
          d.oplog(`${recordings.length} recording(s) copied to the USB disk and checked (SHA-256)`);
        })
        .catch((err: Error) => {
          state = { ...state, state: 'failed', error: err.message };
          d.log(`USB copy failed: ${err.message}`);
          d.oplog(`the copy to the USB disk failed: ${err.message}`);
        })
        .finally(() => {
          running = undefined;
        });
    },
    /** The copy's progress, within the file being copied too. */
    state: (): CopyState => {
      const now = inFlight && statSync(inFlight.part, { throwIfNoEntry: false });
      return now ? { ...state, copiedBytes: inFlight!.before + now.size } : state;
    },
    /** Waits for the copy under way, if any (tests; the service's stop). */
    settled: () => running ?? Promise.resolve(),
    /** usbeject: everything written out, then the disk unmounted; refused while a copy or a recording uses it. */
    async eject(): Promise<void> {
      const root = await disk();
      if (running) throw Fail.of('usbCopyBusy');
      if (d.recordingToUsb()) throw Fail.of('usbRecordingToUsb');
      try {
        await d.run.run('sync', ['-f', join(root, '.')]);
        await d.run.run('umount', [root]);
      } catch (err) {
        throw Fail.of('usbEjectFailed', ((err as Error).message.split('\n')[0] ?? '').slice(0, 200));
      }
      d.oplog('the USB disk was ejected');
    },
  };
}
export type UsbDownload = ReturnType<typeof usbDownload>;

function idle(): CopyState {
  return { state: 'idle', recordings: 0, files: 0, copiedFiles: 0, bytes: 0, copiedBytes: 0, current: '', error: '' };
}
