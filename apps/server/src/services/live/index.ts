import type { Config } from '../../config.js';
import type { SessionService } from '../access/index.js';
import { Fail, type Lifecycle, periodicJob } from '../core/index.js';
import type { MediaUrls, SessionBinding } from '../recording/index.js';
import type { Shared } from '../shared.js';
import { liveAccess } from './live-access.js';
import { liveService } from './live-service.js';
import { hlsViewers } from './hls-viewers.js';
import { liveViewers } from './live-viewers.js';
import { rtmpProfile, srtProfile } from './push-profiles.js';
import { rtmpOutputs } from './rtmp-outputs.js';
import { rtspOutputs } from './rtsp-outputs.js';

export { LIVE_URL_TTL_S, sessionTag, type Grant, type LiveQuery } from './live-access.js';
export { MAX_BUFFERED_BYTES, type ViewerSocket } from './live-viewers.js';
export type { LiveService } from './live-service.js';
export { RTMP_CHANNEL_OF, type RtmpChannel } from './rtmp-channel.js';
export type { RtmpOutputs } from './rtmp-outputs.js';
export type { RtspOutputs } from './rtsp-outputs.js';

/** Signed viewers' sessions are checked (and kept alive: watching counts as being there) this often. */
const VIEWER_CHECK_MS = 60_000;
/** setting_room keys that may not change while the room is living (its name on screen, its URLs). */
const FIXED_WHILE_LIVING = ['name', 'urlsession'];

/** What the live domain uses of what the domains share, and the configuration keys it reads. */
export type LiveShared = Pick<Shared, 'settings' | 'room' | 'media' | 'device' | 'log' | 'oplog' | 'replan'> & {
  config: Pick<Config, 'dataDir'>;
};

export interface LiveDeps {
  /** The access domain's sessions: signed URLs and WebSockets live only as long as their session. */
  sessions: SessionService;
  /** The recording domain's URL signer: live URLs are signed with the same key. */
  urls: MediaUrls;
  /** The recording domain's session binding: signed live URLs stand for a session the same way as media URLs. */
  binding: SessionBinding;
}

/**
 * The live domain: the live room (roomlivectrl start/stop, kept over a restart), its HLS output and WebSocket
 * viewers, who may watch (published: anyone; otherwise signed URLs bound to a session with `live`), livesource;
 * the RTMP outputs (rtmpctl, rtmpchannelctl: main HD and sub SD pushes, reconnecting, kept over a restart);
 * the RTSP outputs (setting_live_rtsp: GStreamer's RTSP server in a supervised helper, fed over loopback UDP).
 */
export function createLive({ settings, room, media, device, log, oplog, replan, config }: LiveShared, d: LiveDeps) {
  const access = liveAccess(d.urls, d.binding, d.sessions);
  const viewers = liveViewers(log, replan);
  const hls = hlsViewers(() => device.now());
  const live = liveService({
    settings,
    room,
    media,
    device,
    access,
    viewers,
    hls,
    dataDir: config.dataDir,
    log,
  });
  // The pushed outputs: RTMP and SRT, one service each over its protocol's profile (push-profiles.ts).
  const pushDeps = { settings, room, media, clock: device, dataDir: config.dataDir, log, oplog: oplog.system, replan };
  const rtmp = rtmpOutputs({ ...pushDeps, profile: rtmpProfile(settings) });
  const srt = rtmpOutputs({ ...pushDeps, profile: srtProfile(settings) });
  // The RTSP outputs follow setting_live_rtsp: served while saved enabled (a value they cannot serve is refused).
  const rtsp = rtspOutputs({ settings, room, media, log });
  settings.addWriteGuard((code, _changed, values) => {
    if (code === 'setting_live_rtsp') rtsp.check(values);
  });
  settings.onWritten((code) => {
    if (code === 'setting_live_rtsp') void rtsp.apply().catch(() => undefined);
  });
  settings.addWriteGuard((code, changed) => {
    if (code === 'setting_room' && room.state.living && changed.some((k) => FIXED_WHILE_LIVING.includes(k)))
      throw Fail.of('roomLivingNoChange');
  });
  settings.onWritten((code, changed) => {
    if (code === 'setting_room' && changed.includes('publish') && !live.published) viewers.closeAnonymous();
  });
  // A session that ends (logout, forced out, idle, password change, user removed) takes its live viewing with it.
  d.sessions.onEnded((id) => viewers.closeSession(id));
  return {
    area: { live, rtmp, srt },
    live,
    rtmp,
    srt,
    rtsp,
    /** The live room's viewers now, by kind (the metrics). */
    viewers: { websocket: () => viewers.count, hls: () => hls.count() },
    lifecycle: {
      name: 'live',
      start: async (announce) => {
        // A room that was living when the service stopped lives on (same session name, its playlist continued).
        if (await live.resume()) announce('The live room is living again after the restart.');
        // RTMP outputs that were on go on (to the URLs of the settings now), reconnecting as they do after a drop.
        const back = await rtmp.resume();
        if (back) announce(`${back} RTMP output(s) streaming again after the restart.`);
        const backSrt = await srt.resume();
        if (backSrt) announce(`${backSrt} SRT output(s) streaming again after the restart.`);
        // The RTSP outputs setting_live_rtsp enables are served (GStreamer's RTSP server in its helper process).
        await rtsp.resume();
      },
      // Living and the outputs that are on are kept on disk: the next start resumes them.
      stop: async () => {
        await live.halt();
        await rtmp.halt();
        await srt.halt();
        await rtsp.halt();
      },
    } satisfies Lifecycle,
    jobs: [
      rtmp.job,
      srt.job,
      periodicJob({
        name: 'live viewers',
        everyMs: VIEWER_CHECK_MS,
        active: () => viewers.count > 0,
        run: () => {
          for (const id of viewers.sessions()) if (!access.stillWatching(id)) viewers.closeSession(id);
          if (!live.published) viewers.closeAnonymous();
        },
      }),
    ],
  };
}
export type LiveArea = ReturnType<typeof createLive>['area'];
