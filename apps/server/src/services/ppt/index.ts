import type { Encoder } from '../../media/encoder.js';
import type { MediaEngine } from '../../media/media-engine.js';
import type { Clock, Lifecycle } from '../core/index.js';
import type { LayoutService } from '../layout/index.js';
import type { SettingsService } from '../settings/index.js';
import { slideService } from './slide-service.js';

export type { LatestSlide, SlideService } from './slide-service.js';

export interface PptDeps {
  settings: SettingsService;
  encoder: Pick<Encoder, 'on' | 'wanted'>;
  media: Pick<MediaEngine, 'apply' | 'slides'>;
  layouts: Pick<LayoutService, 'showSlidesFirst' | 'endSlidesFirst'>;
  clock: Clock;
  log: (line: string) => void;
  /** 4K mode: the PPT features are off (the console hides the screen). */
  mode4k: boolean;
}

/** The slides domain (setting_ppt): slide switching through the layout domain, and the latest slide for ppt.html. */
export function createPpt(d: PptDeps) {
  const slides = slideService(d);
  return { slides, lifecycle: { name: 'slides', stop: () => slides.halt() } satisfies Lifecycle };
}
