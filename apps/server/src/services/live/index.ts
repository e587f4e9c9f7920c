import type { MediaEngine } from '../../media/media-engine.js';
import type { SessionService } from '../access/index.js';
import { Fail, type Lifecycle, periodicJob, type DeviceClock } from '../core/index.js';
import type { MediaUrls, SessionBinding } from '../recording/index.js';
import type { Room } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';
import type { OpLogService } from '../oplog/index.js';
import { liveAccess } from './live-access.js';
import { liveService } from './live-service.js';
import { liveViewers } from './live-viewers.js';
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

export interface LiveDeps {
  settings: SettingsService;
  room: Room;
  media: MediaEngine;
  device: DeviceClock;
  /** The access domain's sessions: signed URLs and WebSockets live only as long as their session. */
  sessions: SessionService;
  /** The recording domain's URL signer: live URLs are signed with the same key. */
  urls: MediaUrls;
  /** The recording domain's session binding: signed live URLs stand for a session the same way as media URLs. */
  binding: SessionBinding;
  dataDir: string;
  log: (line: string) => void;
  oplog: OpLogService;
  /** The scheduler's `replan`: the viewers' check became active. */
  replan: () => void;
}

/**
 * The live domain: the live room (roomlivectrl start/stop, kept over a restart), its HLS output and WebSocket
 * viewers, who may watch (published: anyone; otherwise signed URLs bound to a session with `live`), livesource;
 * the RTMP outputs (rtmpctl, rtmpchannelctl: main HD and sub SD pushes, reconnecting, kept over a restart);
 * the RTSP outputs (setting_live_rtsp: GStreamer's RTSP server in a supervised helper, fed over loopback UDP).
 */
export function createLive(d: LiveDeps) {
  const access = liveAccess(d.urls, d.binding, d.sessions);
  const viewers = liveViewers(d.log, d.replan);
  const live = liveService({
    settings: d.settings,
    room: d.room,
    media: d.media,
    device: d.device,
    access,
    viewers,
    dataDir: d.dataDir,
    log: d.log,
    oplog: d.oplog.system,
  });
  const rtmp = rtmpOutputs({
    settings: d.settings,
    room: d.room,
    media: d.media,
    clock: d.device,
    dataDir: d.dataDir,
    log: d.log,
    oplog: d.oplog.system,
    replan: d.replan,
  });
  // The RTSP outputs follow setting_live_rtsp: served while saved enabled (a value they cannot serve is refused).
  const rtsp = rtspOutputs({ settings: d.settings, room: d.room, media: d.media, log: d.log });
  d.settings.addWriteGuard((code, _changed, values) => {
    if (code === 'setting_live_rtsp') rtsp.check(values);
  });
  d.settings.onWritten((code) => {
    if (code === 'setting_live_rtsp') void rtsp.apply().catch(() => undefined);
  });
  d.settings.addWriteGuard((code, changed) => {
    if (code === 'setting_room' && d.room.state.living && changed.some((k) => FIXED_WHILE_LIVING.includes(k)))
      throw Fail.of('roomLivingNoChange');
  });
  d.settings.onWritten((code, changed) => {
    if (code === 'setting_room' && changed.includes('publish') && !live.published) viewers.closeAnonymous();
  });
  // A session that ends (logout, forced out, idle, password change, user removed) takes its live viewing with it.
  d.sessions.onEnded((id) => viewers.closeSession(id));
  return {
    area: { live, rtmp },
    live,
    rtmp,
    rtsp,
    lifecycle: {
      name: 'live',
      start: async (announce) => {
        // A room that was living when the service stopped lives on (same session name, its playlist continued).
        if (await live.resume()) announce('The live room is living again after the restart.');
        // RTMP outputs that were on go on (to the URLs of the settings now), reconnecting as they do after a drop.
        const back = await rtmp.resume();
        if (back) announce(`${back} RTMP output(s) streaming again after the restart.`);
        // The RTSP outputs setting_live_rtsp enables are served (GStreamer's RTSP server in its helper process).
        await rtsp.resume();
      },
      // Living and the outputs that are on are kept on disk: the next start resumes them.
      stop: async () => {
        await live.halt();
        await rtmp.halt();
        await rtsp.halt();
      },
    } satisfies Lifecycle,
    jobs: [
      rtmp.job,
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
