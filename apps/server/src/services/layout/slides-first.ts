import type { Job } from '../core/index.js';

type Layout = { type: number; channeldata: string[] };

/** Layout types (contract `LAYOUT_TYPES`): the slides alone, or full with a picture in picture at the bottom right. */
const SINGLE = 0;
const PIP_BOTTOM_RIGHT = 3;

/**
 * The slides-first layout for the layout on the output (docs/layouts.md "Slides first"): the slides channel full
 * frame, and the first other channel of that layout (the presenter, usually) as a picture in picture at the
 * bottom right; the slides alone when the layout shows no other channel.
 */
export function slidesFirstLayout(shown: Layout, slides: string): Layout {
  const other = shown.channeldata.find((c) => c && c !== slides);
  return other ? { type: PIP_BOTTOM_RIGHT, channeldata: [slides, other] } : { type: SINGLE, channeldata: [slides] };
}

export interface SlidesFirstJobDeps {
  /** The layout service's slides first (`layout-service.ts`, which uses this file's `slidesFirstLayout`). */
  layouts: { slidesFirstUntil(): number | undefined; endSlidesFirst(): void };
  log: (line: string) => void;
}

/** Ends the slides-first layout when its time is up: the output goes back to the layout it had before. */
export function slidesFirstJob(d: SlidesFirstJobDeps): Job {
  return {
    name: 'slides first',
    next: () => d.layouts.slidesFirstUntil(),
    async run(now) {
      const until = d.layouts.slidesFirstUntil();
      if (until === undefined || now < until) return;
      d.layouts.endSlidesFirst();
      d.log('slide switching: back to the layout before the slides');
    },
  };
}
