import { LIMITS } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { EngineState } from '../../media/engine-state.js';
import type { MediaEngine } from '../../media/media-engine.js';
import type { SettingsService } from '../settings/index.js';
import { layoutRotationJob } from './layout-rotation-job.js';
import { layoutService } from './layout-service.js';

export { layoutRotationJob, type LayoutRotationDeps } from './layout-rotation-job.js';
export { checkLayout, type LayoutService } from './layout-service.js';

export interface LayoutDeps {
  repos: Repositories;
  engine: EngineState;
  media: MediaEngine;
  settings: SettingsService;
  log: (line: string) => void;
  /** The scheduler's `wake`: automatic switching was turned on or off. */
  wake: () => void;
}

/** The layout domain: the nine layout slots, the layout on the output, automatic switching (a scheduler job). */
export function createLayout(d: LayoutDeps) {
  const layouts = layoutService(
    d.repos,
    d.engine,
    () => d.media.apply(),
    (letter) => Boolean(d.settings.raw('setting_video_input')[`channel${letter}`]),
    d.wake,
  );
  return {
    area: { layouts },
    jobs: [
      layoutRotationJob({ layouts, encoding: () => d.media.encoder.running, intervalMs: LIMITS.layoutSwitchIntervalS * 1000, log: d.log }),
    ],
  };
}
export type LayoutArea = ReturnType<typeof createLayout>['area'];
