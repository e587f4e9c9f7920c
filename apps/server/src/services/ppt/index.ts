import type { Lifecycle } from '../core/index.js';
import type { LayoutService } from '../layout/index.js';
import type { Shared } from '../shared.js';
import { slideService } from './slide-service.js';

export type { LatestSlide, SlideService } from './slide-service.js';

/** What the slides domain uses of what the domains share (the web config: in 4K mode the PPT features are off). */
export type PptShared = Pick<Shared, 'settings' | 'media' | 'clock' | 'log' | 'webconfig'>;

export interface PptDeps {
  /** The layout domain's slides-first layout: a new slide switches to it. */
  layouts: Pick<LayoutService, 'showSlidesFirst' | 'endSlidesFirst'>;
}

/** The slides domain (setting_ppt): slide switching through the layout domain, and the latest slide for ppt.html. */
export function createPpt({ settings, media, clock, log, webconfig }: PptShared, d: PptDeps) {
  const slides = slideService({ settings, encoder: media.encoder, media, layouts: d.layouts, clock, log, mode4k: webconfig.site.mode4k });
  return { slides, lifecycle: { name: 'slides', stop: () => slides.halt() } satisfies Lifecycle };
}
