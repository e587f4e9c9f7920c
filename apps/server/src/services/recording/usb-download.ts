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
 * finalize; the checked files are flushed to the disk, then renamed: a file on the disk under its own name is whole and
 * the recording's, and a recording is there whole or not at all. Refused when the disk lacks the room.
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

  /** Copies one file to its `.part` name by the kernel (copy_file_range: no pass through the service's memory). */
  async function copyToPart(source: string, part: string): Promise<void> {
    inFlight = { part, before: state.copiedBytes };
    try {
      await copyFile_(source, part);
      state.copiedBytes = inFlight.before + statSync(part).size;
    } finally {
      inFlight = undefined;
    }
  }

  /**
   * A copied file's source against its stored SHA-256; the error names the file. Hashed in the service's thread,
   * which the kernel's copy leaves free (a thread per file took ~35 ms to start, a few percent of a copy).
   */
  async function check(f: { id: number; filepath: string }): Promise<Error | undefined> {
    try {
      const expected = await d.sha256({ path: f.filepath, fileId: f.id });
      if ((await sha256InThread(f.filepath)) === expected) return undefined;
      return new Error(`${basename(f.filepath)}: the recording's SHA-256 is no longer the one stored at its finalize`);
    } catch (err) {
      return err as Error;
    }
  }

  /**
   * The chosen recordings copied in order while, beside the copies, each copied file is checked in turn against the
   * SHA-256 stored at its recording's finalize: the kernel copied the bytes the source has, and the hash says those
   * are the bytes the recording was finalized with. Each check starts with its file's copy (both read the same pages
   * from the disk) and the next copy does not wait for it: hashing and copying each take a core.
   * Nothing takes its name before its recording is checked and flushed: a recording on the disk is whole or not there.
   * The first recording that fails (its copy or a check) ends the copy; the recordings before it are kept.
   */
  async function copyAll(root: string, recordings: RecordingRow[]): Promise<void> {
    // Per recording: its copied files, and the end of the checks up to its last file (the first error carried on).
    const copies: { copied: Copied[]; checked: Promise<Error | undefined>; copyFailed?: boolean }[] = [];
    let checks: Promise<Error | undefined> = Promise.resolve(undefined);
    let failed: Error | undefined;
    for (const rec of recordings) {
      if (failed) break;
      const dir = join(root, basename(rec.dir));
      mkdirSync(dir, { recursive: true });
      const copy: (typeof copies)[number] = { copied: [], checked: checks };
      copies.push(copy);
      try {
        for (const f of d.files(rec)) {
          if (failed) break;
          state.current = `${basename(rec.dir)}/${basename(f.filepath)}`;
          const target = join(dir, basename(f.filepath));
          copy.copied.push({ part: `${target}.part`, target });
          checks = checks.then(async (before) => before ?? (await check(f)));
          void checks.then((err) => {
            failed ??= err;
          });
          copy.checked = checks;
          await copyToPart(f.filepath, `${target}.part`);
          state.copiedFiles++;
        }
      } catch (err) {
        copy.checked = Promise.resolve(err as Error);
        copy.copyFailed = true;
        break;
      }
    }
    // Written out while the last checks run (not a recording whose copy failed: its disk may fail the flush of the
    // others); named once checked and written.
    const flushed = flush(copies.filter((c) => !c.copyFailed).flatMap((c) => c.copied)).then(
      () => undefined,
      (err: Error) => err,
    );
    let error: Error | undefined;
    const keep: Copied[] = [];
    for (const copy of copies) {
      error ??= await copy.checked;
      if (error) removeParts(copy.copied);
      else keep.push(...copy.copied);
    }
    const flushError = await flushed;
    if (flushError) removeParts(keep);
    else for (const c of keep) renameSync(c.part, c.target);
    error ??= flushError;
    if (error) throw error;
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

/** Files flushed at once (each an open file and a thread of libuv's pool while it flushes). */
const FLUSH_AT_ONCE = 8;

/** A file copied under its `.part` name, waiting for its check and the flush that give it its own. */
interface Copied {
  part: string;
  target: string;
}

/**
 * The copied files written out to the disk (an error of the disk is seen here) before they take their names: a file on
 * the disk under its own name is whole. One flush for the whole copy, as `cp` then `sync`: a flush per file stopped the
 * copy each time, and a long copy is written back by the kernel as it goes (past vm.dirty_background_ratio), which
 * leaves the last flush short. A file removed meanwhile (its recording failed its check) is not written.
 */
async function flush(copied: Copied[]): Promise<void> {
  for (let i = 0; i < copied.length; i += FLUSH_AT_ONCE) {
    await Promise.all(copied.slice(i, i + FLUSH_AT_ONCE).map((c) => datasync(c.part)));
  }
}

async function datasync(path: string): Promise<void> {
  const fh = await open(path, 'r+').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!fh) return;
  try {
    await fh.datasync();
  } finally {
    await fh.close();
  }
}

function removeParts(copied: { part: string }[]): void {
  for (const c of copied) rmSync(c.part, { force: true });
}

function idle(): CopyState {
  return { state: 'idle', recordings: 0, files: 0, copiedFiles: 0, bytes: 0, copiedBytes: 0, current: '', error: '' };
}
