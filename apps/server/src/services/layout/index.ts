import { LIMITS } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { MediaEngine } from '../../media/media-engine.js';
import { defaultLayout } from '../../media/plan-from-settings.js';
import type { Room } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';
import { layoutRotationJob } from './layout-rotation-job.js';
import { layoutService } from './layout-service.js';
import { pictureSettings } from './picture-settings.js';
import { slidesFirstJob } from './slides-first.js';

export { layoutRotationJob, type LayoutRotationDeps } from './layout-rotation-job.js';
export { checkLayout, type LayoutService } from './layout-service.js';
export type { PictureSettings } from './picture-settings.js';
export { slidesFirstLayout } from './slides-first.js';

export interface LayoutDeps {
  repos: Repositories;
  room: Room;
  media: MediaEngine;
  settings: SettingsService;
  log: (line: string) => void;
  /** The scheduler's `wake`: automatic switching was turned on or off, or the slides-first layout came or went. */
  wake: () => void;
}

/**
 * The layout domain: the composed picture. The nine layout slots, the layout on the output, automatic switching (a
 * scheduler job), and what the picture settings do (OSD, fit, inputs, encoding: `picture-settings.ts`).
 */
export function createLayout(d: LayoutDeps) {
  const layouts = layoutService(
    d.repos,
    d.room,
    (letter) => Boolean(d.settings.raw('setting_video_input')[`channel${letter}`]),
    d.wake,
    () => defaultLayout(d.settings.raw('setting_video_input')),
  );
  const picture = pictureSettings({ room: d.room, media: d.media, settings: d.settings });
  return {
    area: { layouts, sources: picture.sources },
    /** The OSD logo upload's target (the albums domain's uploadfile). */
    logo: picture.logo,
    /** The composed picture now (`api/picture-route.ts`). */
    picture: picture.picture,
    jobs: [
      layoutRotationJob({ layouts, encoding: () => d.media.encoder.running, intervalMs: LIMITS.layoutSwitchIntervalS * 1000, log: d.log }),
      slidesFirstJob({ layouts, log: d.log }),
    ],
  };
}
export type LayoutArea = ReturnType<typeof createLayout>['area'];
