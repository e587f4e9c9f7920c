// Audio/video sync in a recorded file, from the A/V sync source (apps/server/src/media/sync-source.ts: a channel bound
// to `sync:N` flashes white and an input bound to `beep:N` beeps, together every N s). The flashes are found by the
// picture's mean luma (signalstats YAVG crossing mid-grey, at the first white frame's time), the beeps by the end of
// silence (silencedetect, to the sample); each flash is paired with the beep nearest it. Times are the file's own
// (-copyts), so a window from `fromSeconds` reads only the end of a long part.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Luma levels (of 219) a flash raises the frame's mean by, at least: a flash in a quarter of the frame raises it ~55. */
const FLASH_RISE = 8;
const FFMPEG = ['-hide_banner', '-nostdin', '-nostats', '-v', 'info', '-copyts'];

async function ffmpegLog(file, fromSeconds, toSeconds, map, filter) {
  const seek = [...(fromSeconds > 0 ? ['-ss', String(fromSeconds)] : []), ...(toSeconds ? ['-to', String(toSeconds)] : [])];
  const { stderr } = await run(
    'ffmpeg',
    [...FFMPEG, ...seek, '-i', file, '-map', map, `-filter:${map.slice(2)}`, filter, '-f', 'null', '-'],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return stderr;
}

/**
 * The times (s) of the first white frame of each flash: a frame whose mean luma is FLASH_RISE above the last frame
 * outside a flash. Relative, so the flash is found in any slot of a layout, beside other channels' pictures.
 */
export async function flashTimes(file, fromSeconds = 0, toSeconds = undefined) {
  const log = await ffmpegLog(file, fromSeconds, toSeconds, '0:v', 'signalstats,metadata=mode=print:key=lavfi.signalstats.YAVG');
  const times = [];
  let pts;
  let base; // the luma outside a flash (a window that starts inside one does not count it: its start is unseen)
  let inFlash = false;
  for (const line of log.split('\n')) {
    const frame = /pts_time:(-?[\d.]+)/.exec(line);
    if (frame) pts = Number(frame[1]);
    const luma = /lavfi\.signalstats\.YAVG=([\d.]+)/.exec(line);
    if (!luma || pts === undefined) continue;
    const y = Number(luma[1]);
    base ??= y;
    const flash = y - base > FLASH_RISE;
    if (flash && !inFlash) times.push(pts);
    if (!flash) base = y;
    inFlash = flash;
  }
  return times;
}

/** The times (s) each beep starts: the end of each silence (below -20 dBFS for 50 ms or more). */
export async function beepTimes(file, fromSeconds = 0, toSeconds = undefined) {
  const log = await ffmpegLog(file, fromSeconds, toSeconds, '0:a', 'silencedetect=n=-20dB:d=0.05');
  return [...log.matchAll(/silence_end: (-?[\d.]+)/g)].map((m) => Number(m[1]));
}

/**
 * Each flash with its beep (the nearest one, within half the period) and the offset beep − flash in ms: positive
 * when the sound comes late. `periodSeconds` is the N of the source; `fromSeconds`/`toSeconds` bound the window read.
 */
export async function avSync(file, { fromSeconds = 0, toSeconds = undefined, periodSeconds = 10 } = {}) {
  const [flashes, beeps] = await Promise.all([flashTimes(file, fromSeconds, toSeconds), beepTimes(file, fromSeconds, toSeconds)]);
  const pairs = [];
  for (const flash of flashes) {
    const beep = beeps.reduce((best, b) => (best === undefined || Math.abs(b - flash) < Math.abs(best - flash) ? b : best), undefined);
    if (beep !== undefined && Math.abs(beep - flash) < periodSeconds / 2) {
      pairs.push({ flash, beep, offsetMs: Math.round((beep - flash) * 10000) / 10 });
    }
  }
  return { flashes: flashes.length, beeps: beeps.length, pairs };
}
