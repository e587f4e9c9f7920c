import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { runTool } from './process-runner.js';
import { srtWithTimeouts } from './encoder-inputs.js';
import { v4l2ModeArgs } from './source-bindings.js';
import type { SourceSpec } from './source-spec.js';

/** Whether a network source (RTSP, SRT) answers with a video stream within about 3 s. */
async function answersWithVideo(input: string[]): Promise<boolean> {
  try {
    const args = ['-v', 'error', ...input, '-select_streams', 'v:0', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0'];
    return (await runTool('ffprobe', args, 6000)).includes('video');
  } catch {
    return false;
  }
}
export const rtspAlive = (url: string) => answersWithVideo(['-rtsp_transport', 'tcp', '-timeout', '3000000', url]);
export const srtAlive = (url: string) => answersWithVideo(['-analyzeduration', '1000000', srtWithTimeouts(url)]);

/**
 * Whether a capture device node can be opened now (without waiting: a V4L2 node opens at once, or it is gone). The
 * box may list a device whose node cannot be opened: unplugged between two readings, or not ours to open.
 */
export async function deviceOpens(path: string): Promise<boolean> {
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    await handle.close();
    return true;
  } catch {
    return false;
  }
}

/** A channel's source the engine can probe: an RTSP camera or a capture device, and what to call it in the log. */
export interface SourceProbe {
  what: string;
  alive: () => Promise<boolean>;
}
/**
 * Whether a capture device gives a picture within DEVICE_PICTURE_MS, in the mode asked of it: a card whose cable was
 * pulled may keep its node (it opens) and deliver nothing, which stalls the encode (`encoder.ts` STALL_MS). Only
 * asked while the encode does not hold the device (before a restart, and for a channel shown as the slate).
 */
export async function deviceDelivers(spec: Extract<SourceSpec, { kind: 'v4l2' }>, fps: number): Promise<boolean> {
  if (!(await deviceOpens(spec.device))) return false;
  try {
    const args = ['-hide_banner', '-nostdin', '-v', 'error', '-f', 'v4l2', ...v4l2ModeArgs(spec.mode, fps), '-i', spec.device];
    await runTool('ffmpeg', [...args, '-frames:v', '1', '-f', 'null', '-'], DEVICE_PICTURE_MS);
    return true;
  } catch {
    return false;
  }
}
/** A capture device starts streaming within about a second (UVC cameras, HDMI cards); this leaves it some margin. */
export const DEVICE_PICTURE_MS = 5000;

/** The probe of a channel's source spec, for those that can be lost (the stand-ins and the slides never are). */
export function probeOf(spec: SourceSpec | undefined, fps = 30): SourceProbe | undefined {
  if (spec?.kind === 'rtsp') return { what: 'RTSP source', alive: () => rtspAlive(spec.url) };
  if (spec?.kind === 'srt') return { what: 'SRT source', alive: () => srtAlive(spec.url) };
  if (spec?.kind === 'v4l2') return { what: `capture device ${spec.device}`, alive: () => deviceDelivers(spec, fps) };
  return undefined;
}

/** A channel's source found lost (the slate shown) or back (on the picture again). */
export interface SourceChange {
  channel: string;
  /** "RTSP source", "capture device /dev/video0"... */
  what: string;
  lost: boolean;
}

/**
 * Keeps the set of channels whose source is lost (shown as the "no signal" slate): `check` probes every channel's
 * source (after the encoder died), `poll` probes the lost ones and reports when one is back (the engine then
 * re-plans without its slate).
 */
export function lostSources(
  probes: () => Record<string, SourceProbe>,
  log: (line: string) => void,
  changed: (change: SourceChange) => void = () => {},
) {
  const lost = new Set<string>();
  return {
    lost: lost as ReadonlySet<string>,
    async check(): Promise<void> {
      await Promise.all(
        Object.entries(probes()).map(async ([letter, probe]) => {
          const alive = await probe.alive();
          if (!alive && !lost.has(letter)) {
            log(`channel ${letter}: ${probe.what} lost; showing the no-signal slate`);
            changed({ channel: letter, what: probe.what, lost: true });
          }
          if (alive) lost.delete(letter);
          else lost.add(letter);
        }),
      );
    },
    /** Probes the lost channels; true when at least one came back. */
    async poll(): Promise<boolean> {
      const map = probes();
      let back = false;
      for (const letter of [...lost]) {
        const probe = map[letter];
        if (!probe || (await probe.alive())) {
          lost.delete(letter);
          log(`channel ${letter}: ${probe?.what ?? 'source'} is back`);
          changed({ channel: letter, what: probe?.what ?? 'source', lost: false });
          back = true;
        }
      }
      return back;
    },
  };
}
