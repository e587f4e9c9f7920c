import type { Encoder } from './encoder.js';
import type { PicturePreview } from './preview.js';

/** What the confidence monitor reads of the composite encode: its audio levels and a preview of its picture. */
export function engineMonitor(encoder: Encoder, preview: PicturePreview) {
  return {
    /** The encoder runs (or restarts after a re-plan or a crash: the meters do not blink out meanwhile). */
    running: () => encoder.running || encoder.wanted,
    levels: (now = Date.now()) => encoder.levels.snapshot(now),
    loudestInputPeak: (now = Date.now()) => encoder.levels.loudestInputPeak(now),
    /** How long ago an input or the mix last clipped (ms), or undefined. */
    clippedAgo: (now = Date.now()) => encoder.levels.clippedAgo(now),
    /** Called with each new program reading (~10 a second) and when the encoder exits; returns the unsubscribe. */
    subscribe: (listener: () => void) => {
      encoder.on('levels', listener);
      encoder.on('exit', listener);
      return () => {
        encoder.off('levels', listener);
        encoder.off('exit', listener);
      };
    },
    preview: () => preview.get(),
  };
}
