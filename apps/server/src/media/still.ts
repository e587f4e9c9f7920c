import { buildStillArgs } from './encoder-args.js';
import { type EncoderPlan, encoderEnv } from './encoder-plan.js';
import { spawnFfmpeg } from './process-runner.js';

/** A still that has not come out by then is given up (an RTSP source that does not answer). */
const STILL_TIMEOUT_MS = 10_000;

/**
 * One JPEG of what a plan composes (layout, fit, OSD with the logo), `width` wide, rendered by a short-lived
 * ffmpeg from the sources themselves: the picture the settings make while nothing encodes. Undefined when none
 * came out.
 */
export async function renderStill(plan: EncoderPlan, width: number): Promise<Buffer | undefined> {
  const p = spawnFfmpeg(buildStillArgs(plan, width), 0, false, encoderEnv(plan));
  const chunks: Buffer[] = [];
  p.child.stdout!.on('data', (d: Buffer) => chunks.push(d));
  p.child.stderr!.resume();
  p.child.on('error', () => undefined);
  const timer = setTimeout(() => p.child.kill('SIGKILL'), STILL_TIMEOUT_MS);
  const code = await p.exited;
  clearTimeout(timer);
  const jpeg = Buffer.concat(chunks);
  return code === 0 && jpeg.length > 2 && jpeg[0] === 0xff && jpeg[1] === 0xd8 ? jpeg : undefined;
}

/**
 * Renders one still at a time, each from the plan as it is when its turn comes (so a still asked for after a
 * save shows that save); at most `maxWaiting` wait, later asks get undefined.
 */
export function stillQueue(render: () => Promise<Buffer | undefined>, maxWaiting = 4) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return (): Promise<Buffer | undefined> => {
    if (waiting >= maxWaiting) return Promise.resolve(undefined);
    waiting++;
    const next = tail.then(() => {
      waiting--;
      return render().catch(() => undefined);
    });
    tail = next;
    return next;
  };
}
