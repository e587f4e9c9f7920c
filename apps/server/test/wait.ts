import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './helpers.js';

/**
 * Waiting in tests: on a condition, never on the wall clock. A test waits exactly as long as what it needs
 * takes (fast on an idle machine, longer but still passing on a loaded 2-core CI machine) and fails with a
 * message that names what did not happen.
 */

export interface WaitOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Poll this often (default 50 ms). */
  intervalMs?: number;
  /** What is awaited, for the timeout message ("the encoder to restart"). */
  what?: string;
  /** The state to show when it times out (e.g. the seconds recorded so far). */
  detail?: () => unknown;
}

/**
 * Polls `predicate` until it returns a truthy value and returns that value. A predicate that throws counts as
 * "not yet" (its last error is shown if the wait times out). Throws `timed out after N ms waiting for <what>`.
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, opts: WaitOptions = {}): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 50, what = 'a condition', detail } = opts;
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() - started >= timeoutMs) {
      const parts = [`timed out after ${timeoutMs} ms waiting for ${what}`];
      if (detail) parts.push(`state: ${JSON.stringify(detail())}`);
      if (lastError) parts.push(`last error: ${(lastError as Error).message ?? String(lastError)}`);
      throw new Error(parts.join('; '));
    }
    await delay(intervalMs);
  }
}

/**
 * A fixed wait. Only for the last resort, where the wall-clock duration itself is what a test needs (say why
 * at the call), and for the poll interval of `waitFor`.
 */
export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---- Media time: how many seconds of picture an MPEG-TS file or stream holds ---------------------------

const TS_PACKET = 188;
const PTS_HZ = 90_000;

/** The presentation timestamps (90 kHz) of the video PES packets that start in the whole TS packets of `buf`. */
function videoPts(buf: Buffer, each: (pts: number) => void): void {
  for (let at = 0; at + TS_PACKET <= buf.length; at += TS_PACKET) {
    if (buf[at] !== 0x47 || !(buf[at + 1]! & 0x40)) continue; // a PES starts only where payload_unit_start is set
    const afc = (buf[at + 3]! >> 4) & 0x3;
    if (!(afc & 0x1)) continue; // no payload
    const p = at + 4 + (afc & 0x2 ? 1 + buf[at + 4]! : 0);
    if (p + 14 > at + TS_PACKET) continue;
    // PES start code 00 00 01 and a video stream id (0xE0-0xEF); PTS present when the flags' top bit is set.
    if (buf[p] !== 0 || buf[p + 1] !== 0 || buf[p + 2] !== 1 || (buf[p + 3]! & 0xf0) !== 0xe0 || !(buf[p + 7]! & 0x80)) continue;
    const b = (i: number) => buf[p + 9 + i]!;
    each(((b(0) >> 1) & 0x7) * 2 ** 30 + ((b(1) << 7) | (b(2) >> 1)) * 2 ** 15 + ((b(3) << 7) | (b(4) >> 1)));
  }
}

/** Seconds of video in a growing MPEG-TS file, read incrementally (only the bytes added since the last look). */
class TsFileClock {
  private offset = 0;
  private first: number | undefined;
  private last: number | undefined;
  constructor(readonly path: string) {}

  seconds(): number {
    if (!existsSync(this.path)) return 0;
    const fd = openSync(this.path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size < this.offset) Object.assign(this, { offset: 0, first: undefined, last: undefined }); // replaced
      const whole = Math.floor((size - this.offset) / TS_PACKET) * TS_PACKET;
      if (whole > 0) {
        const buf = Buffer.alloc(whole);
        readSync(fd, buf, 0, whole, this.offset);
        this.offset += whole;
        videoPts(buf, (pts) => {
          this.first = this.first === undefined ? pts : Math.min(this.first, pts);
          this.last = this.last === undefined ? pts : Math.max(this.last, pts);
        });
      }
    } finally {
      closeSync(fd);
    }
    return this.first === undefined || this.last === undefined ? 0 : (this.last - this.first) / PTS_HZ;
  }
}

const fileClocks = new Map<string, TsFileClock>();

/** Seconds of video an MPEG-TS file (possibly still being written) holds: its last PTS minus its first. */
export function tsSeconds(path: string): number {
  let c = fileClocks.get(path);
  if (!c) {
    c = new TsFileClock(path);
    fileClocks.set(path, c);
  }
  return c.seconds();
}

/** Segment file names of one stream (`HD`, `SD`, `CH1` ...) in a recording folder. */
export function segmentNames(dir: string, code = 'HD'): string[] {
  const re = new RegExp(`^${code}-p\\d{2}-s\\d{4}\\.ts$`);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => re.test(f))
        .sort()
    : [];
}

/**
 * Seconds of video a recording folder's segments of one stream hold, summed over its segments (pauses, encoder
 * restarts and parts each begin new ones); `except`: leave out these segment names (those of an earlier mark).
 */
export function segmentSeconds(dir: string, opts: { code?: string; except?: ReadonlySet<string> } = {}): number {
  return segmentNames(dir, opts.code)
    .filter((n) => !opts.except?.has(n))
    .reduce((s, n) => s + tsSeconds(join(dir, n)), 0);
}

/** The folder of the recording that is running now (the one in state 'recording'). */
export function runningRecordingDir(t: TestApp): string {
  const open = t.internals.repos.recordings.inState('recording');
  if (open.length !== 1) throw new Error(`expected one running recording, found ${open.length}`);
  return open[0]!.dir;
}

/** The segments the running recording has now: pass to `waitRecorded` to count only what comes after. */
export function recordingMark(t: TestApp, code = 'HD'): { dir: string; names: ReadonlySet<string> } {
  const dir = runningRecordingDir(t);
  return { dir, names: new Set(segmentNames(dir, code)) };
}

/** The seconds of video the running recording's segments (HD unless `code`) hold now. */
export const recordedSeconds = (t: TestApp, code = 'HD') => segmentSeconds(runningRecordingDir(t), { code });

/**
 * Waits until the running recording's segments (HD unless `code`) hold at least `seconds` of video, counting
 * - with `after` a `recordingMark`: only segments begun after the mark (take it in a still moment: while
 *   paused, before a kill or a layout change, as the next segment is not begun yet);
 * - with `after` a number (a `recordedSeconds` reading): what was added to all segments since that reading;
 * - else: all of the recording.
 * This is the recorded media itself, what the finished file will hold: on a machine that encodes slower than
 * real time the wait is longer, and the test still holds. Returns the seconds counted.
 */
export async function waitRecorded(
  t: TestApp,
  seconds: number,
  opts: { after?: ReturnType<typeof recordingMark> | number; code?: string; timeoutMs?: number } = {},
): Promise<number> {
  const mark = typeof opts.after === 'object' ? opts.after : undefined;
  const base = typeof opts.after === 'number' ? opts.after : 0;
  const dir = mark?.dir ?? runningRecordingDir(t);
  const got = () => segmentSeconds(dir, { code: opts.code, except: mark?.names }) - base;
  const what = `${seconds} s of ${opts.code ?? 'HD'} video recorded in ${dir}${opts.after !== undefined ? ' after the mark' : ''}`;
  // The encoder's own progress is the signal: the wait goes on while the recorded seconds grow (a loaded machine
  // encodes slower than real time, 4K at a tenth of it), and fails when they stand still for `stallMs`.
  const stallMs = opts.timeoutMs ?? Math.max(15_000, seconds * 4000);
  let last = got();
  let lastGrew = Date.now();
  await waitFor(
    () => {
      const now = got();
      if (now > last) {
        last = now;
        lastGrew = Date.now();
      }
      return now >= seconds || Date.now() - lastGrew >= stallMs;
    },
    { timeoutMs: Math.max(120_000, stallMs), intervalMs: 100, what, detail: () => ({ recordedS: got() }) },
  );
  if (got() < seconds) throw new Error(`no more video for ${stallMs} ms while waiting for ${what}; recorded ${got()} s`);
  return got();
}

/** What a fan-out offers (structural, so tests need not import the encoder's internals). */
interface Attachable {
  attach(sink: (chunk: Buffer) => void, startAt?: 'next' | 'nearest'): () => void;
}

/**
 * Seconds of video an encoder fan-out delivers from now on (by PTS, continuing across encoder restarts),
 * e.g. how much picture the encoder made while a recording was paused. "Now" is the keyframe nearest to the
 * call, as for a recording's start and resume (at most half a GOP off). `stop()` detaches.
 */
export function fanoutClock(fanout: Attachable): { seconds(): number; stop(): void } {
  let total = 0;
  let first: number | undefined;
  let last: number | undefined;
  const detach = fanout.attach(
    (chunk) =>
      videoPts(chunk, (pts) => {
        if (first === undefined || last === undefined) {
          first = last = pts;
        } else if (pts < last - PTS_HZ) {
          // a new stream (the encoder restarted): keep what the old one delivered
          total += last - first;
          first = last = pts;
        } else {
          last = Math.max(last, pts);
        }
      }),
    'nearest',
  );
  return {
    seconds: () => (total + (first === undefined || last === undefined ? 0 : last - first)) / PTS_HZ,
    stop: detach,
  };
}

/** Waits until the fan-out has delivered `seconds` of video from now on (the encoder's own time, not the wall's). */
export async function waitEncoded(
  fanout: Attachable,
  seconds: number,
  what: string,
  timeoutMs = Math.max(15_000, seconds * 4000),
): Promise<void> {
  const clock = fanoutClock(fanout);
  try {
    await waitFor(() => clock.seconds() >= seconds, {
      timeoutMs,
      intervalMs: 100,
      what: `${seconds} s of video encoded (${what})`,
      detail: () => ({ encodedS: clock.seconds() }),
    });
  } finally {
    clock.stop();
  }
}

/** A short real recording at 480p/1000 kbit/s (light on the CPU): start, `seconds` of recorded video, stop. */
export async function recordShort(t: TestApp, session: string, seconds: number): Promise<void> {
  const video = [
    { key: 'main_quality', value: '480' },
    { key: 'main_bitrate', value: '1000' },
  ];
  const ok = async (name: 'writeconfig' | 'recordctl', body: unknown) => {
    const res = await t.post(name, body, session);
    if (!res.body.result) throw new Error(`${name} ${JSON.stringify(body)} failed: ${res.body.message}`);
  };
  await ok('writeconfig', { settingcode: 'setting_rec_video_codec', data: video });
  await ok('recordctl', { control: 'start' });
  await waitRecorded(t, seconds);
  await ok('recordctl', { control: 'stop' });
}
