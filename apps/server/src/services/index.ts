import { createAccess } from './access/index.js';
import { createAlbums } from './albums/index.js';
import { createCaptions } from './captions/index.js';
import { createChapters } from './chapters/index.js';
import { type Clock, lifecycles } from './core/index.js';
import { createDevices } from './devices/index.js';
import { createHealth } from './health/index.js';
import { hostAdapters, type HostAdapterDeps } from './host-adapters.js';
import { createLayout } from './layout/index.js';
import { createLive } from './live/index.js';
import { createMetrics } from './metrics/index.js';
import { createPpt } from './ppt/index.js';
import { createRecording, recordingBytesPerSecond } from './recording/index.js';
import { createSchedule } from './schedule/index.js';
import { createShared, type SharedDeps } from './shared.js';
import { createMediaServer, createSync } from './sync/index.js';
import { createSystem } from './system/index.js';

/** What app.ts gives the services (tests may also give their own host adapters and timers). */
export type ServiceDeps = Omit<SharedDeps, 'machineClock' | 'host'> &
  Omit<HostAdapterDeps, 'machineClock'> & {
    /** The machine's clock (tests pass one they move). */
    clock: Clock;
    /** The console's own errors (frontlog.log). */
    frontLog?: (line: string) => void;
  };

/**
 * The composition root: the host adapters and what the domains share (`shared.ts`), then each domain from those and
 * the few things it takes of other domains; the domains' jobs go to the one scheduler and their lifecycles are
 * composed. `areas` are what the API's handlers receive (one area each), `routes` what the other routes serve,
 * `lifecycle` what main.ts starts and app.ts stops.
 */
export function createServices({ config, db, clock, power, timers, warn, mpLog, frontLog = () => {}, ...adapters }: ServiceDeps) {
  const host = hostAdapters({ config, machineClock: clock, power, ...adapters });
  const shared = createShared({ config, db, machineClock: clock, host, timers, warn, mpLog });
  const { media, scheduler } = shared;
  const access = createAccess(shared);
  const recording = createRecording(shared, { sessions: access.area.sessions });
  const layout = createLayout(shared, { capture: host.captureDevices });
  const ppt = createPpt(shared, { layouts: layout.area.layouts });
  const chapters = createChapters(shared, {
    recorder: recording.recording,
    access: recording.recordingAccess,
    slides: ppt.slides,
    urlFor: recording.urlFor,
    readText: host.readText,
  });
  const captions = createCaptions(shared, { access: recording.recordingAccess, urlFor: recording.urlFor });
  const albums = createAlbums(shared, { recordings: recording.recordingAccess, logo: layout.logo });
  const schedule = createSchedule(shared, { recorder: recording.recording });
  // The room's health: `status` carries it, so it exists before the system domain; its readings are given below.
  const health = createHealth(shared);
  const system = createSystem(shared, {
    health: health.state,
    signals: layout.capture.signals,
    host,
    frontLog,
    recorder: recording.recording,
    mediaPath: recording.mediaPath,
    storageScan: () => recording.area.diskScan.scan(),
    sessions: access.area.sessions,
    checkAdmin: access.area.auth.checkAdmin,
  });
  const sync = createSync(shared, {
    files: recording.fileLookup,
    access: recording.recordingAccess,
    storage: recording.mediaStorage,
    addRemovalGuard: recording.addRemovalGuard,
    onRecordingFinished: recording.recording.onFinished,
    fileHashes: recording.fileHashes,
  });
  // The media server (Opencast capture agent): calendar schedules through the schedule domain, ingest through the one queue.
  const mediaServer = createMediaServer(shared, {
    access: recording.recordingAccess,
    schedules: schedule.schedules,
    onScheduleRun: schedule.onRun,
    onRecordingFinished: recording.recording.onFinished,
    queue: sync.queue,
    resolveFile: sync.resolveFile,
    relativeOf: (abs) => recording.mediaStorage.relativeOf(abs),
  });
  const live = createLive(shared, { sessions: access.area.sessions, urls: recording.mediaUrls, binding: recording.sessionBinding });
  const devices = createDevices(shared, {
    open: host.openSerial,
    recording: recording.recording,
    chapters: chapters.chapters,
    layouts: layout.area.layouts,
  });
  health.watch({
    audio: {
      silentForMs: () => system.monitor.silentFor(shared.device.now()),
      silenceLimitMs: system.monitor.silenceLimitMs,
      clippedAgoMs: system.monitor.clippedAgo,
    },
    video: layout.capture.signals,
    encoder: () => shared.media.encoderFigures(),
    disk: {
      path: recording.mediaPath,
      bytesPerSecond: () => recordingBytesPerSecond(shared.settings),
      plannedMs: schedule.schedules.plannedMs,
    },
    usb: {
      path: () => config.usbPath,
      enabled: () => config.usbPath !== undefined && shared.settings.typed('setting_advance_media_save').usbenable,
    },
    uploads: sync.uploads,
    opencast: { enabled: () => shared.settings.typed('setting_media_server').enable, status: mediaServer.agent.status },
    clock: {
      ntpEnabled: system.area.time.ntpEnabled,
      measure: system.area.time.measure,
      server: () => shared.settings.typed('setting_ntp').server,
    },
    certificate: system.certificate,
    schedules: schedule.schedules,
  });
  // Prometheus metrics: read from the other domains at each scrape.
  const metrics = createMetrics(shared, {
    mediaPath: recording.mediaPath,
    audio: {
      running: () => shared.media.monitor.running(),
      levels: () => shared.media.monitor.levels(),
      silentForMs: () => system.monitor.silentFor(shared.device.now()),
    },
    viewers: live.viewers,
    schedules: schedule.schedules,
    uploads: sync.uploads,
    certificate: system.certificate,
    health: { checks: health.checks, latestSelfCheck: () => schedule.schedules.latestSelfCheck() },
    encoder: { figures: () => shared.media.encoderFigures() },
    signals: layout.capture.signals,
  });
  // The scheduler runs every domain's periodic jobs (those due together in this order); it starts last (`lifecycle`).
  for (const job of [layout, schedule, recording, access, sync, mediaServer, live, system, devices, health].flatMap(
    (domain) => domain.jobs,
  ))
    scheduler.add(job);

  // Started in this order (each after what it depends on), stopped in the reverse one: the scheduler last to start
  // (after crash recovery, so a schedule whose window is open resumes its recording) and first to stop.
  const lifecycle = lifecycles(
    [
      { name: 'media', stop: () => media.stop() },
      ...[access, recording, layout, ppt, chapters, sync, mediaServer, live, devices, system, health].map((domain) => domain.lifecycle),
      // Not awaited: a start it makes must not hold up listening (the scheduler logs its own failures).
      { name: 'scheduler', start: () => void scheduler.start(), stop: () => scheduler.stop() },
    ],
    shared.warn,
  );

  return {
    areas: {
      access: access.area,
      settings: { settings: shared.settings },
      recording: recording.area,
      layout: layout.area,
      schedule: schedule.area,
      system: system.area,
      albums: albums.area,
      sync: { ...sync.area, mediaServer: mediaServer.service },
      live: live.area,
      devices: devices.area,
      health: health.area,
      chapters: chapters.area,
      captions: captions.area,
    },
    /** What the routes outside the call API serve (`api/routes.ts`). */
    routes: {
      webconfig: shared.webconfig,
      oplog: shared.oplog.write,
      mediaFiles: recording.mediaFiles,
      uploadFiles: albums.uploadFiles,
      batchZip: recording.area.batchZip,
      live: live.live,
      sessions: access.area.sessions,
      /** The confidence monitor (levels stream, preview, silence alarm). */
      monitor: system.monitor,
      /** Slides: the latest slide for ppt.html and its push. */
      slides: ppt.slides,
      /** The composed picture as the settings make it now. */
      picture: layout.picture,
      /** The key and certificate the HTTPS listener serves, and the ACME challenges it answers. */
      certificate: system.certificate,
      acmeChallenge: system.acmeChallenge,
      /** The `status` answer, pushed after each change of the room's state. */
      statusEvents: {
        status: system.area.status.status,
        // The room's state, its health and its channels' signals: each change is pushed.
        onRoomChange: (fn: () => void) => {
          const offs = [shared.room.subscribe(fn), health.subscribe(fn), layout.capture.subscribe(fn)];
          return () => {
            for (const off of offs) off();
          };
        },
      },
      /** GET /metrics for Prometheus. */
      metrics: metrics.metrics,
    },
    lifecycle,
    /** The composed parts (what the domains share, and theirs), for the test factory only (`apps/server/test/helpers.ts`); production code never reads them. */
    parts: {
      ...shared,
      recording: recording.recording,
      mediaPath: recording.mediaPath,
      mediaFiles: recording.mediaFiles,
      mediaUrls: recording.mediaUrls,
      mediaStorage: recording.mediaStorage,
      uploadFiles: albums.uploadFiles,
      picture: layout.picture,
      capture: layout.capture,
      transfers: sync.queue,
      opencast: mediaServer.agent,
      live: live.live,
      rtmp: live.rtmp,
      srt: live.srt,
      rtspOutputs: live.rtsp,
      slides: ppt.slides,
      chapters: chapters.chapters,
      ocr: chapters.ocr,
      devices,
      monitor: system.monitor,
      health,
    },
  };
}
export type Services = ReturnType<typeof createServices>;
/** The services of each area, by the area's name (the same as `contract/calls/<area>.ts` and `api/<area>.ts`). */
export type Areas = Services['areas'];
export type ServiceRoutes = Services['routes'];
/** The composed parts the test factory hands to tests. */
export type ServiceParts = Services['parts'];
