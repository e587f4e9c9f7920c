import { randomBytes } from 'node:crypto';
import { createReadStream, statSync, type ReadStream } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { RECORD_TEMP_PREFIX } from '@roomcast/contract';
import type { SessionUser } from '../access/index.js';
import type { Clock } from '../core/index.js';
import { vttBeside } from '../../media/chapter-files.js';
import type { MediaStorage } from './media-storage.js';
import type { MediaUrls } from './media-url.js';
import type { RecordingFileLookup } from './recording-file-lookup.js';
import type { SessionBinding } from './session-binding.js';

/** A batch URL is valid this long; a download that has started runs to its end (unless its session ends). */
export const BATCH_TTL_S = 600;
/** Batches kept at most (the oldest is forgotten first): each is a list of at most 200 paths. */
const MAX_BATCHES = 256;
const TOKEN = /^[0-9a-f]{32}$/;
/** The signed name of a batch: distinct from every storage path a /media/ URL signs (those are media files). */
const signedName = (token: string) => `recordTemp/${token}.zip`;

/** One file of a batch: its storage-relative path (checked again when streamed) and its name inside the zip. */
interface BatchEntry {
  rel: string;
  real: string;
  name: string;
}
interface Batch {
  entries: BatchEntry[];
  filename: string;
  expires: number;
  /** The session it was prepared for (none for a visitor's shared recordings): the URL lives only as long. */
  sessionId: string | undefined;
}

/** A file ready to stream: where it is, its size now and its modification time. */
export interface ZipFile {
  path: string;
  name: string;
  size: number;
  mtime: Date;
}

/**
 * The exact length of the zip `streamZip` writes (STORE, a data descriptor per entry, no ZIP64), or undefined
 * when ZIP64 records would be needed (4 GiB or more, or 65,535 entries): then the length is not announced.
 * Per entry: local header 30 + name, data, descriptor 16, central header 46 + name; then the 22-byte end record.
 */
export function zipLength(files: Pick<ZipFile, 'name' | 'size'>[]): number | undefined {
  let total = 22;
  for (const f of files) total += 30 + 16 + 46 + 2 * Buffer.byteLength(f.name) + f.size;
  return total < 0xffffffff && files.length < 0xffff ? total : undefined;
}

/**
 * The zip of these files as a stream, built while it is read: STORE (video is not compressed again), each
 * file read from disk as the archive asks for it (backpressure), so memory stays flat whatever the size. A
 * file is read only up to the size it had when checked, so the announced length holds.
 */
export function streamZip(files: ZipFile[]): Readable {
  const zip = new ZipArchive({ store: true, forceZip64: false });
  const sources = files.map((f) => lazyFile(f.path, f.size));
  files.forEach((f, i) => {
    zip.append(sources[i] as Readable, { name: f.name, date: f.mtime, store: true });
  });
  // Closed early (the client went away) or failed: no file stays open.
  zip.once('close', () => {
    for (const s of sources) s.destroy();
  });
  void zip.finalize().catch(() => {
    // a failure is an 'error' event on the stream, which ends the response
  });
  return zip;
}

/** The first `size` bytes of a file, opened only when the archive first reads it (one open file at a time). */
function lazyFile(path: string, size: number): Readable {
  let inner: ReadStream | undefined;
  const out: Readable = new Readable({
    read() {
      if (inner) {
        inner.resume();
        return;
      }
      if (size === 0) {
        out.push(null);
        return;
      }
      const file = createReadStream(path, { start: 0, end: size - 1 });
      inner = file;
      file.on('data', (chunk) => {
        if (!out.push(chunk)) file.pause();
      });
      file.once('end', () => out.push(null));
      file.once('error', (err) => out.destroy(err));
    },
    destroy(err, done) {
      inner?.destroy();
      done(err);
    },
  });
  return out;
}

export interface BatchZipDeps {
  storage: MediaStorage;
  files: RecordingFileLookup;
  urls: MediaUrls;
  clock: Clock;
  sessions: Pick<SessionBinding, 'alive' | 'hold'>;
}

/**
 * batchdownload: the chosen files of recordings the caller may see, as one zip served at a short-lived signed
 * URL `/static/recordTemp/<token>.zip` (the same HMAC as /media/ URLs). Nothing is written to disk: the batch is
 * a list of paths kept in memory until it expires, and the zip is built while it is downloaded.
 */
export function batchZipService(d: BatchZipDeps) {
  const batches = new Map<string, Batch>();
  const prune = (now: number) => {
    for (const [token, b] of batches) if (b.expires <= now) batches.delete(token);
    while (batches.size >= MAX_BATCHES) batches.delete(batches.keys().next().value as string);
  };

  return {
    /**
     * Checks every file now (a recording the caller may not see answers exactly like a file that does not
     * exist) and answers the zip's signed URL.
     */
    prepare(caller: SessionUser | undefined, files: string[]): { url: string } {
      const entries: BatchEntry[] = [];
      const names = new Set<string>();
      const recordings = new Map<number, string>();
      for (const rel of new Set(files)) {
        const { recording, real } = d.files.visible(caller, rel);
        recordings.set(recording.id, recording.title);
        entries.push({ rel, real, name: uniqueName(names, `${basename(dirname(real))}/${basename(real)}`) });
        // A video file's WebVTT files go with it: its chapters and caption tracks beside it.
        for (const vtt of vttBeside(real)) {
          const vttRel = `${dirname(rel)}/${basename(vtt)}`;
          entries.push({ rel: vttRel, real: vtt, name: uniqueName(names, `${basename(dirname(vtt))}/${basename(vtt)}`) });
        }
      }
      const now = d.clock.now();
      prune(now);
      const token = randomBytes(16).toString('hex');
      const only = recordings.size === 1 ? [...recordings.values()][0] : undefined;
      batches.set(token, {
        entries,
        filename: `${only?.trim() || 'recordings'}.zip`,
        expires: now + BATCH_TTL_S * 1000,
        sessionId: caller?.sessionId,
      });
      const signed = d.urls.signMediaUrl(signedName(token), BATCH_TTL_S);
      const query = signed.slice(signed.indexOf('?'));
      return { url: `${RECORD_TEMP_PREFIX}${token}.zip${query}` };
    },

    /**
     * The batch of a `/static/recordTemp/<name>` request: `forbidden` for a bad or expired signature or a batch
     * whose session has ended (logout, forced out, idle), `missing`
     * when the batch is gone or one of its files is no longer a media file inside the storage (checked again:
     * a file swapped for a link is not followed), else the files with their sizes now.
     */
    open(
      name: string,
      exp: string | undefined,
      sig: string | undefined,
    ): { kind: 'forbidden' } | { kind: 'missing' } | { kind: 'zip'; files: ZipFile[]; filename: string; sessionId: string | undefined } {
      const token = name.endsWith('.zip') ? name.slice(0, -4) : '';
      if (!TOKEN.test(token) || !d.urls.verify(signedName(token), exp, sig)) return { kind: 'forbidden' };
      const batch = batches.get(token);
      if (batch?.sessionId && !d.sessions.alive(batch.sessionId)) return { kind: 'forbidden' };
      if (!batch || batch.expires <= d.clock.now()) return { kind: 'missing' };
      const files: ZipFile[] = [];
      for (const e of batch.entries) {
        const found = d.storage.resolve(e.rel);
        if (found.kind !== 'file' || found.path !== e.real) return { kind: 'missing' };
        const st = statSync(found.path, { throwIfNoEntry: false });
        if (!st?.isFile()) return { kind: 'missing' };
        files.push({ path: found.path, name: e.name, size: st.size, mtime: st.mtime });
      }
      return { kind: 'zip', files, filename: batch.filename, sessionId: batch.sessionId };
    },

    /** Cuts a zip being sent if the session it was prepared for ends meanwhile. */
    hold: (sessionId: string, cut: () => void): (() => void) => d.sessions.hold(sessionId, cut),

    /** Batches waiting (tests). */
    pending: () => batches.size,
  };
}
export type BatchZipService = ReturnType<typeof batchZipService>;

/** `name`, or `name (2)`, `name (3)` ... before the extension when the zip already holds that name. */
function uniqueName(taken: Set<string>, name: string): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > name.lastIndexOf('/') ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let i = 2; taken.has(candidate); i++) candidate = `${stem} (${i})${ext}`;
  taken.add(candidate);
  return candidate;
}
