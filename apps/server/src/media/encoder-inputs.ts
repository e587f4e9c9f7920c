import type { SourceSpec } from './encoder-plan.js';
import { v4l2ModeArgs } from './source-bindings.js';
import { slidesInput } from './synthetic-slides.js';
import { syncInput } from './sync-source.js';

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
    case 'srt':
      // Connecting (or, as a listener, being called) and reading time out after 2 s: a sender that is gone ends the
      // encode quickly and the engine shows its slate, as for RTSP; a short probe keeps the picture from lagging.
      return ['-analyzeduration', '1000000', '-probesize', '1000000', '-i', srtWithTimeouts(spec.url)];
    case 'v4l2':
      return ['-f', 'v4l2', ...v4l2ModeArgs(spec.mode, fps), '-i', spec.device];
    case 'sync':
      return ['-re', '-f', 'lavfi', '-i', syncInput(w, h, fps)];
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
  const decode = spec.kind === 'rtsp' || spec.kind === 'srt' ? ['-skip_loop_filter', 'all', '-threads', '1'] : [];
  return [...decode, ...inputArgs(spec, 1280, 720, fps)];
}

/** The SRT URL with 2 s timeouts (libsrt's `timeout`, and `listen_timeout` for a listener) unless it sets its own. */
export function srtWithTimeouts(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('timeout')) u.searchParams.set('timeout', '2000000');
  if (u.searchParams.get('mode') === 'listener' && !u.searchParams.has('listen_timeout')) u.searchParams.set('listen_timeout', '2000000');
  return u.toString();
}
