import type { EncoderFigures } from '../../media/encoder-stats.js';
import { FINE, IDLE, type Thresholds, verdict, type Verdict, worstOf } from './verdict.js';

/** Dropped and repeated frames above this share of a minute's frames are a warning (sources that stall, a slow box). */
export const FRAMES_WARNING_SHARE = 0.01;
/** Speed this many points under the threshold is an error: the recording falls ever further behind. */
const SPEED_ERROR_POINTS = 15;

/**
 * The encoder while it runs: its speed against real time, frames dropped or repeated to keep the rate, and the
 * restarts no one asked for (a crash, a lost source) in the last hour.
 */
export function encoderCheck(f: EncoderFigures & { running: boolean }, t: Thresholds): Verdict {
  if (!f.running && !f.restartsLastHour) return IDLE;
  const found: Verdict[] = [];
  if (f.restartsLastHour)
    found.push(verdict(f.restartsLastHour >= t.encoderrestarts ? 'error' : 'warning', 'encoderRestarts', { count: f.restartsLastHour }));
  if (f.running && f.speed !== undefined) {
    const percent = Math.round(f.speed * 100);
    if (percent < t.encoderspeedpercent)
      found.push(verdict(percent < t.encoderspeedpercent - SPEED_ERROR_POINTS ? 'error' : 'warning', 'encoderSlow', { percent }));
  }
  const bad = f.droppedLastMinute + f.duplicatedLastMinute;
  if (f.running && f.framesLastMinute > 0 && bad / f.framesLastMinute >= FRAMES_WARNING_SHARE)
    found.push(verdict('warning', 'encoderFrames', { count: bad, frames: f.framesLastMinute }));
  return found.length ? worstOf(found) : FINE;
}
