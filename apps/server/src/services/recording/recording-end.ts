import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import { listParts } from '../../media/recording-session.js';
import type { DeviceClock } from '../core/index.js';

/**
 * When a recording recovered after a crash ended: when its media ends, not when the service came back (which may
 * be minutes or days later). The segments are appended to as the media comes and flushed every second, so the
 * newest segment's modification time is the end of the media in wall-clock time, pauses included; start time plus
 * the media's duration is the floor (a clock set back, or segments already joined by an interrupted finalize).
 */

/** The newest modification time (epoch ms) of a recording folder's segments, if it has any. */
export function lastSegmentWrite(dir: string): number | undefined {
  let last: number | undefined;
  for (const seg of listParts(dir).flatMap((p) => p.segments)) {
    const mtime = statSync(seg, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime !== undefined && (last === undefined || mtime > last)) last = Math.round(mtime);
  }
  return last;
}

const DEVICE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The fields of a device time read as if they were UTC (epoch ms), or undefined when it is not one. */
function fieldsAsUtc(text: string): number | undefined {
  const f = DEVICE_TIME.exec(text)?.slice(1).map(Number);
  return f ? Date.UTC(f[0]!, f[1]! - 1, f[2], f[3], f[4], f[5]) : undefined;
}

/** `YYYY-MM-DD HH:mm:ss` as the device clock writes it, back to epoch ms (its zone offset found from `now`). */
function parseDeviceTime(text: string, clock: DeviceClock): number | undefined {
  const now = Math.floor(clock.now() / 1000) * 1000;
  const local = fieldsAsUtc(text);
  const nowLocal = fieldsAsUtc(clock.format(now));
  return local === undefined || nowLocal === undefined ? undefined : local - (nowLocal - now);
}

/** The start of a recording in epoch ms: its folder's recording.json (written at start), else its starttime. */
function startMsOf(rec: RecordingRow, clock: DeviceClock): number | undefined {
  try {
    const saved = JSON.parse(readFileSync(join(rec.dir, 'recording.json'), 'utf8')) as { starttime?: unknown };
    if (typeof saved.starttime === 'number' && Number.isFinite(saved.starttime)) return saved.starttime;
  } catch {
    // No readable recording.json (an older folder): the database's start time.
  }
  return parseDeviceTime(rec.starttime, clock);
}

/** The stop time (epoch ms) of a recovered recording whose media lasts `durationMs`: never after `clock.now()`. */
export function recoveredStopMs(rec: RecordingRow, durationMs: number, lastWrite: number | undefined, clock: DeviceClock): number {
  const now = clock.now();
  const start = startMsOf(rec, clock);
  const ends = [start === undefined ? undefined : start + durationMs, lastWrite].filter((t): t is number => t !== undefined);
  return ends.length ? Math.min(now, Math.max(...ends)) : now;
}
