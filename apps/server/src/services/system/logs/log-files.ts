import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { configure, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { LOG_FILES } from '@roomcast/contract';

// zip.js would start Web Workers for large entries; the service compresses in its own thread.
configure({ useWebWorkers: false });

export type LogFile = (typeof LOG_FILES)[number];
/** A log file is rotated at 5 MB (logging.ts); more than this of one file is never put into a zip (its newest part is). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Rotated copies: `log.txt.1` .. `log.txt.3` (logging.ts keeps three). */
const ROTATED = new RegExp(`^(${LOG_FILES.map((f) => f.replace(/\./g, '\\.')).join('|')})\\.\\d+$`);

/**
 * The newest bytes of one fixed log file, or undefined when it does not exist. Opened without following a link,
 * and only a regular file is read: a link planted in the logs folder cannot make the zip carry another file.
 */
function readLog(dir: string, name: LogFile): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(join(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    const size = st.size;
    const length = Math.min(size, MAX_FILE_BYTES);
    const buf = Buffer.alloc(length);
    const read = readSync(fd, buf, 0, length, size - length);
    return buf.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * `download_syslog.zip`: the fixed log files (all, or one) that exist, each under its own name, AES-256 encrypted
 * with `password` (zip.js, WinZip AES: 7-Zip, WinZip and macOS's Archive Utility open it; Info-ZIP's unzip cannot).
 */
export async function syslogZip(dir: string, which: LogFile | 'all', password: string): Promise<{ zip: Buffer; files: LogFile[] }> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password, encryptionStrength: 3 });
  const files: LogFile[] = [];
  for (const name of LOG_FILES) {
    if (which !== 'all' && which !== name) continue;
    const bytes = readLog(dir, name);
    if (!bytes) continue;
    await writer.add(name, new Uint8ArrayReader(bytes));
    files.push(name);
  }
  return { zip: Buffer.from(await writer.close()), files };
}

/** A fixed log file's name from the file-path header: exactly one of LOG_FILES or "all"; anything else is no name. */
export function logFileOf(path: string | undefined): LogFile | 'all' | undefined {
  if (path === undefined || path === 'all') return 'all';
  return (LOG_FILES as readonly string[]).includes(path) ? (path as LogFile) : undefined;
}

/**
 * The clearlog task: the operation log (every row written before it runs; its own line follows) and the rotated
 * copies of the fixed log files. The current files are kept: they are what a fault is read from.
 */
export function clearLogs(d: { clearOplog: () => number; dir: string }): string {
  const rows = d.clearOplog();
  let files = 0;
  let bytes = 0;
  let names: string[] = [];
  try {
    names = readdirSync(d.dir);
  } catch {
    // No logs folder (file logs off): nothing rotated to remove.
  }
  for (const name of names) {
    if (!ROTATED.test(name)) continue;
    const path = join(d.dir, name);
    const st = lstatSync(path);
    if (!st.isFile()) continue;
    rmSync(path, { force: true });
    files += 1;
    bytes += st.size;
  }
  return `cleared ${rows} operation-log rows and ${files} rotated log files (${(bytes / 1e6).toFixed(2)} MB)`;
}
