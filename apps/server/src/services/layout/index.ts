import { LIMITS } from '@roomcast/contract';
import { defaultLayout } from '../../media/plan-from-settings.js';
import { type Lifecycle, periodicJob } from '../core/index.js';
import type { CaptureDeviceSource } from '../host-adapters.js';
import type { Shared } from '../shared.js';
import { CAPTURE_POLL_MS, captureDevicesService } from './capture-devices-service.js';
import { layoutRotationJob } from './layout-rotation-job.js';
import { layoutService } from './layout-service.js';
import { pictureSettings } from './picture-settings.js';
import { slidesFirstJob } from './slides-first.js';
import { importSourcesJson } from './sources-json-import.js';

export { layoutRotationJob, type LayoutRotationDeps } from './layout-rotation-job.js';
export { checkLayout, type LayoutService } from './layout-service.js';
export type { PictureSettings } from './picture-settings.js';
export { slidesFirstLayout } from './slides-first.js';

/** What the layout domain uses of what the domains share (`wake`: automatic switching was turned on or off, or the slides-first layout came or went). */
export type LayoutShared = Pick<Shared, 'repos' | 'room' | 'media' | 'settings' | 'log' | 'wake' | 'oplog' | 'clock'> & {
  config: Pick<Shared['config'], 'dataDir'>;
};

/**
 * The layout domain: the composed picture. The nine layout slots, the layout on the output, automatic switching (a
 * scheduler job), what the picture settings do (OSD, fit, inputs, encoding: `picture-settings.ts`), and the capture
 * devices the source names are bound to (`capture-devices-service.ts`).
 */
export function createLayout(
  { repos, room, media, settings, log, wake, oplog, clock, config }: LayoutShared,
  d: { capture: CaptureDeviceSource },
) {
  const layouts = layoutService(
    repos,
    room,
    (letter) => Boolean(settings.raw('setting_video_input')[`channel${letter}`]),
    wake,
    () => defaultLayout(settings.typed('setting_video_input')),
  );
  const picture = pictureSettings({ room, media, settings });
  const capture = captureDevicesService({ ...d.capture, settings, media, dataDir: config.dataDir, oplog: oplog.system, now: clock.now });
  return {
    area: { layouts, sources: capture.sources, captureDevices: capture.list },
    /** The OSD logo upload's target (the albums domain's uploadfile). */
    logo: picture.logo,
    /** The composed picture now (`api/picture-route.ts`). */
    picture: picture.picture,
    /** The capture devices found and the bound ones missing. */
    capture,
    jobs: [
      layoutRotationJob({ layouts, encoding: () => media.encoder.running, intervalMs: LIMITS.layoutSwitchIntervalS * 1000, log }),
      slidesFirstJob({ layouts, log }),
      periodicJob({ name: 'capture devices', everyMs: CAPTURE_POLL_MS, run: () => void capture.poll() }),
    ],
    lifecycle: {
      name: 'layout',
      /** A sources.json of an older release becomes the capture device settings; then the devices are read once. */
      async start(): Promise<void> {
        await importSourcesJson(config.dataDir, settings, oplog.system);
        await capture.poll(true);
      },
    } satisfies Lifecycle,
  };
}
export type LayoutArea = ReturnType<typeof createLayout>['area'];
