import { LIMITS } from '@roomcast/contract';
import { defaultLayout } from '../../media/plan-from-settings.js';
import type { Shared } from '../shared.js';
import { layoutRotationJob } from './layout-rotation-job.js';
import { layoutService } from './layout-service.js';
import { pictureSettings } from './picture-settings.js';
import { slidesFirstJob } from './slides-first.js';

export { layoutRotationJob, type LayoutRotationDeps } from './layout-rotation-job.js';
export { checkLayout, type LayoutService } from './layout-service.js';
export type { PictureSettings } from './picture-settings.js';
export { slidesFirstLayout } from './slides-first.js';

/** What the layout domain uses of what the domains share (`wake`: automatic switching was turned on or off, or the slides-first layout came or went). */
export type LayoutShared = Pick<Shared, 'repos' | 'room' | 'media' | 'settings' | 'log' | 'wake'>;

/**
 * The layout domain: the composed picture. The nine layout slots, the layout on the output, automatic switching (a
 * scheduler job), and what the picture settings do (OSD, fit, inputs, encoding: `picture-settings.ts`).
 */
export function createLayout({ repos, room, media, settings, log, wake }: LayoutShared) {
  const layouts = layoutService(
    repos,
    room,
    (letter) => Boolean(settings.raw('setting_video_input')[`channel${letter}`]),
    wake,
    () => defaultLayout(settings.typed('setting_video_input')),
  );
  const picture = pictureSettings({ room, media, settings });
  return {
    area: { layouts, sources: picture.sources },
    /** The OSD logo upload's target (the albums domain's uploadfile). */
    logo: picture.logo,
    /** The composed picture now (`api/picture-route.ts`). */
    picture: picture.picture,
    jobs: [
      layoutRotationJob({ layouts, encoding: () => media.encoder.running, intervalMs: LIMITS.layoutSwitchIntervalS * 1000, log }),
      slidesFirstJob({ layouts, log }),
    ],
  };
}
export type LayoutArea = ReturnType<typeof createLayout>['area'];
