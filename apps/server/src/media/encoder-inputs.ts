import type { SourceSpec } from './encoder-plan.js';
import { v4l2ModeArgs } from './source-bindings.js';
import { slidesInput } from './synthetic-slides.js';

/** The input options of a source at a picture size and rate (the slide watcher opens its channel with them too). */
export function inputArgs(spec: SourceSpec, w: number, h: number, fps: number): string[] {
  switch (spec.kind) {
    case 'synthetic':
      return [
        '-re',
        '-f',
        'lavfi',
        '-i',
        spec.motion ? `testsrc2=size=${w}x${h}:rate=${fps}` : `color=c=${spec.color}:size=${w}x${h}:rate=${fps}`,
      ];
    case 'rtsp':
      // A 2 s socket timeout: a lost camera ends the encode quickly, and the engine switches it to the slate.
      // No frame-rate probe (the fps filter sets the rate): it reads ~0.7 s of pictures before the encode starts, and
      // the picture then stays that far behind the inputs paced in real time (bench/live-latency.mjs).
      return ['-rtsp_transport', 'tcp', '-timeout', '2000000', '-fpsprobesize', '0', '-i', spec.url];
    case 'v4l2':
      return ['-f', 'v4l2', ...v4l2ModeArgs(spec.mode, fps), '-i', spec.device];
    case 'slides':
      // Always the same size (the slot scales it): every encode draws the same picture (slide-watch.ts compares them).
      return ['-re', '-f', 'lavfi', '-i', slidesInput()];
  }
}

/**
 * The input options of a slides channel the picture does not show, decoded for the slides alone: an RTSP (H.264)
 * one without the deblocking filter, a fifth of the decode (the scene scores and the slide's JPEG hardly change),
 * and in one thread (frame threads would hold pictures back).
 */
export function slidesOnlyInputArgs(spec: SourceSpec, fps: number): string[] {
  const decode = spec.kind === 'rtsp' ? ['-skip_loop_filter', 'all', '-threads', '1'] : [];
  return [...decode, ...inputArgs(spec, 1280, 720, fps)];
}
