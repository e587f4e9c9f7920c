import type { VideoMode } from '@roomcast/contract';
import type { VideoCaptureDevice } from '../../host/v4l2-devices.js';

/** Rates as v4l2-ctl prints them (29.970) and as a person types them (29.97) are the same rate. */
const sameRate = (a: number, b: number) => Math.abs(a - b) < 0.01;

/**
 * Whether a device offers a mode: the format (by fourcc; "" any), a size it lists for that format or that fits its
 * Stepwise/Continuous range, and a rate listed at that size. A range names no rates, so any rate is taken there.
 */
export function modeOffered(device: VideoCaptureDevice, mode: VideoMode, fourcc: string): boolean {
  const formats = fourcc ? device.formats.filter((f) => f.fourcc.trim() === fourcc) : device.formats;
  if (!formats.length) return false;
  return formats.some((format) => {
    if (mode.width === undefined || mode.height === undefined) {
      return mode.fps === undefined || format.range !== undefined || format.sizes.some((s) => s.fps.some((r) => sameRate(r, mode.fps!)));
    }
    const { width, height } = mode;
    const size = format.sizes.find((s) => s.width === width && s.height === height);
    const inRange =
      format.range !== undefined &&
      width >= format.range.min.width &&
      width <= format.range.max.width &&
      height >= format.range.min.height &&
      height <= format.range.max.height;
    if (!size && !inRange) return false;
    if (mode.fps === undefined || !size?.fps.length) return true;
    return size.fps.some((r) => sameRate(r, mode.fps!));
  });
}
