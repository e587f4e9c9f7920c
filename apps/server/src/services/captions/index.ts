import type { SessionUser } from '../access/index.js';
import type { RecordingAccess } from '../recording/index.js';
import type { Shared } from '../shared.js';
import { captionService } from './caption-service.js';

export type { CaptionService } from './caption-service.js';

/** What the captions domain uses of what the domains share. */
export type CaptionsShared = Pick<Shared, 'repos' | 'device' | 'log'>;

export interface CaptionsDeps {
  access: Pick<RecordingAccess, 'find' | 'mayChange'>;
  urlFor: (caller: SessionUser | undefined, absPath: string) => string;
}

/** The captions domain (issue 22): caption tracks of recordings, imported, edited, listed with their files. */
export function createCaptions({ repos, device, log }: CaptionsShared, d: CaptionsDeps) {
  const captions = captionService({
    repos,
    access: d.access,
    urlFor: d.urlFor,
    now: () => device.format(device.now()),
    log: (line) => log(`[captions] ${line}`),
  });
  return { area: { captions } };
}
export type CaptionsArea = ReturnType<typeof createCaptions>['area'];
