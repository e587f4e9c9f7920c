import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { LocalFile } from '../local-file.js';
import { TransferError } from '../transfer-target.js';
import { remoteBase, remoteDir } from './remote-path.js';

/** What the staged upload needs of a logged-in FTP or SFTP session; paths are absolute. */
export interface RemoteFs {
  /**
   * True when the server writes what it receives in order (FTP's data stream), so the size of the partial file
   * is where to go on; false when writes may land out of order (pipelined SFTP writes), so only the offset
   * saved as confirmed is trusted.
   */
  readonly sequential: boolean;
  /** Makes the folder and its parents. */
  mkdirs(dir: string): Promise<void>;
  /** Size of a remote file, undefined when there is none. */
  size(path: string): Promise<number | undefined>;
  /** Writes `source` (the local file from `offset`) at `offset` of `path` (0: a new file); `confirmed` counts bytes from 0. */
  write(source: NodeJS.ReadableStream, path: string, offset: number, confirmed: (bytes: number) => void): Promise<void>;
  /** Renames, replacing a file already at `to`. */
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  /** The server's own SHA-256 of a file (hex) when it offers one (FTP HASH), else undefined. */
  sha256?(path: string): Promise<string | undefined>;
}

export interface StagedUpload {
  local: LocalFile;
  /** Absolute remote path of the file. */
  dest: string;
  resume: string;
  saveResume(state: string): void;
  progress(sent: number): void;
  /**
   * The local file's SHA-256 (hex): the one stored when the recording was finalized, or one computed beside the
   * sending (`recording-file-hash.ts`). Asked for when the bytes start to go; awaited only once they are sent.
   */
  sha256(): Promise<string>;
  signal: AbortSignal;
}

interface ResumeState {
  /** upload: bytes go to `{dest}.part`; rename: the part was complete and verified, renaming or writing the checksum. */
  stage: 'upload' | 'rename';
  /** Bytes of the part known written in order (from 0). */
  confirmed: number;
}

/** How often the confirmed offset is saved while bytes flow (a resume after kill -9 goes on from about there). */
const SAVE_EVERY_MS = 1_000;

const parseResume = (s: string): ResumeState | undefined => {
  try {
    const v = JSON.parse(s) as ResumeState;
    return v && (v.stage === 'upload' || v.stage === 'rename') && Number.isSafeInteger(v.confirmed) ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One file to an FTP or SFTP server, so that a half-sent file is never taken for a whole one and nothing is
 * sent twice under another name:
 * 1. bytes go to `{dest}.part`; an earlier attempt's part is continued (FTP: from its size, with APPE; SFTP:
 *    from the offset saved as confirmed, writing at that offset), a first attempt starts it anew;
 * 2. the part's size must equal the local file's, and where the server offers a SHA-256 (FTP `HASH`) it must
 *    equal the local one (`u.sha256()`: stored at finalize, or computed beside the sending, never in its stream);
 * 3. the part is renamed to `dest` (replacing an older file of that name), then `{dest}.sha256` is written
 *    (`sha256sum -c` format), so a receiver can check the file it got.
 * Answers the local SHA-256.
 */
export async function stagedUpload(fs: RemoteFs, u: StagedUpload): Promise<string> {
  return sendStaged(fs, u, `${u.dest}.part`, parseResume(u.resume), () => untilAborted(u.sha256(), u.signal));
}

/** The hash, or the attempt's abort at once: the hash itself goes on (it is shared and kept for the next attempt). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function sendStaged(
  fs: RemoteFs,
  u: StagedUpload,
  part: string,
  saved: ResumeState | undefined,
  localHash: () => Promise<string>,
): Promise<string> {
  let sha = '';
  if (saved?.stage !== 'rename' || (await fs.size(part)) !== undefined) {
    await fs.mkdirs(remoteDir(u.dest));
    let offset = 0;
    if (saved) {
      const have = (await fs.size(part)) ?? 0;
      offset = fs.sequential ? have : Math.min(have, saved.confirmed);
      if (offset > u.local.size) offset = 0;
    }
    let lastSave = 0;
    let confirmedNow = offset;
    const save = (stage: ResumeState['stage']) => u.saveResume(JSON.stringify({ stage, confirmed: confirmedNow } satisfies ResumeState));
    save('upload');
    // The whole file's hash: stored, or computed while the bytes from the offset are sent.
    const digest = localHash();
    digest.catch(() => undefined); // awaited below; a failed send ends the attempt first
    u.progress(offset);
    const source = createReadStream(u.local.path, { start: offset, highWaterMark: 1 << 20 });
    await fs.write(source, part, offset, (bytes) => {
      confirmedNow = bytes;
      u.progress(bytes);
      const now = Date.now();
      if (now - lastSave >= SAVE_EVERY_MS) {
        lastSave = now;
        save('upload');
      }
    });
    sha = await digest;
    const size = await fs.size(part);
    if (size !== u.local.size) {
      // What is there is not what was sent: the next attempt starts the part anew.
      u.saveResume('');
      throw new TransferError(`the server holds ${size ?? 0} of ${u.local.size} bytes of ${remoteBase(u.dest)}`, true);
    }
    const theirs = await fs.sha256?.(part);
    if (theirs !== undefined && theirs.toLowerCase() !== sha) {
      u.saveResume('');
      throw new TransferError(`the server's SHA-256 of ${remoteBase(u.dest)} differs from the recording's`, true);
    }
    confirmedNow = u.local.size;
    save('rename');
    await fs.rename(part, u.dest);
  } else {
    // The part was renamed before the process stopped: the file must be whole.
    const size = await fs.size(u.dest);
    if (size !== u.local.size) {
      u.saveResume('');
      throw new TransferError(`the server holds ${size ?? 0} of ${u.local.size} bytes of ${remoteBase(u.dest)}`, true);
    }
    sha = await localHash();
  }
  await writeText(fs, `${u.dest}.sha256`, `${sha}  ${remoteBase(u.dest)}\n`);
  u.progress(u.local.size);
  return sha;
}

async function writeText(fs: RemoteFs, path: string, text: string): Promise<void> {
  await fs.write(Readable.from([Buffer.from(text)]), path, 0, () => {});
}
