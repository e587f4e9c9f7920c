import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { createRepositories } from '../db/repositories/index.js';
import type { Power } from '../host/power.js';
import { idleEngineState } from '../media/engine-state.js';
import { mediaEngine } from '../media/media-engine.js';
import { createAccess } from './access/index.js';
import { createAlbums } from './albums/index.js';
import { createScheduler, systemTimers, type Clock, type Timers } from './core/index.js';
import { createLayout } from './layout/index.js';
import { createLive } from './live/index.js';
import { createRecording } from './recording/index.js';
import { createSchedule } from './schedule/index.js';
import { createSettings } from './settings/index.js';
import { createSync } from './sync/index.js';
import { createOplog, createSystem } from './system/index.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  power: Power;
  warn?: (msg: string) => void;
  /** The media log (mp.log). */
  mpLog?: (line: string) => void;
  timers?: Timers;
}

/**
 * The composition root: creates each domain from what it needs and registers the domains' jobs with the one
 * scheduler. `areas` are what the API's handlers receive (one area each); `internals` are for the process
 * (app.ts, main.ts: shutdown, the media route, first-start admin) and for tests.
 */
export function createServices({ config, db, clock, power, warn = () => {}, mpLog = () => {}, timers = systemTimers }: ServiceDeps) {
  const repos = createRepositories(db);
  const engine = idleEngineState();
  const scheduler = createScheduler({ clock, timers, log: warn });
  const wake = () => void scheduler.wake();

  const settings = createSettings({ repos, clock, dataDir: config.dataDir, version: config.version, living: () => engine.living, warn });
  const oplog = createOplog({ repos, device: settings.device });
  const media = mediaEngine(config.dataDir, { read: (code) => settings.settings.raw(code) }, engine, config.mediaPreset, mpLog);
  const access = createAccess({ repos, clock });
  const recording = createRecording({
    repos,
    settings: settings.settings,
    engine,
    media,
    clock,
    device: settings.device,
    zoneOffset: settings.zoneOffset,
    dataDir: config.dataDir,
    usbPath: config.usbPath,
    minFreeBytes: config.minFreeBytes,
    partLimitOverrideMs: config.partLimitOverrideMs,
    snapshotIntervalMs: config.snapshotIntervalMs,
    log: mpLog,
    oplog,
    replan: () => scheduler.replan(),
  });
  const albums = createAlbums({
    repos,
    clock,
    device: settings.device,
    dataDir: config.dataDir,
    recordings: recording.recordingAccess,
  });
  const layout = createLayout({ repos, engine, media, settings: settings.settings, log: mpLog, wake });
  const schedule = createSchedule({
    repos,
    clock,
    engine,
    recorder: recording.recording,
    zoneOffset: settings.zoneOffset,
    oplog,
    log: mpLog,
    wake,
  });
  const system = createSystem({
    oplog,
    settings: settings.settings,
    engine,
    device: settings.device,
    power,
    storage: { hdd: recording.mediaPath, usb: () => config.usbPath },
    media: media.monitor,
    silenceAlarmMs: config.silenceAlarmMs,
  });
  const sync = createSync({
    repos,
    clock,
    device: settings.device,
    settings: settings.settings,
    files: recording.fileLookup,
    access: recording.recordingAccess,
    storage: recording.mediaStorage,
    addRemovalGuard: recording.addRemovalGuard,
    cloudShare: settings.webconfig.site.cloundShare,
    cloudUrls: config.cloudUrls,
    chunkBytes: config.uploadChunkBytes,
    oplog: oplog.system,
    log: mpLog,
    wake,
    replan: () => scheduler.replan(),
  });
  const live = createLive({
    settings: settings.settings,
    engine,
    media,
    device: settings.device,
    sessions: access.area.sessions,
    urls: recording.mediaUrls,
    dataDir: config.dataDir,
    log: mpLog,
    oplog,
    replan: () => scheduler.replan(),
  });
  // main.ts starts the scheduler after crash recovery.
  for (const job of [...layout.jobs, ...schedule.jobs, ...recording.jobs, ...access.jobs, ...sync.jobs, ...live.jobs, ...system.jobs])
    scheduler.add(job);

  return {
    areas: {
      access: access.area,
      settings: settings.area,
      recording: recording.area,
      layout: layout.area,
      schedule: schedule.area,
      system: system.area,
      albums: albums.area,
      sync: sync.area,
      live: live.area,
    },
    internals: {
      /** The confidence monitor (levels stream, preview, silence alarm) for `api/monitor-route.ts`. */
      monitor: system.monitor,
      config,
      clock,
      repos,
      engine,
      media,
      scheduler,
      oplog,
      settings: settings.settings,
      webconfig: settings.webconfig,
      recording: recording.recording,
      mediaPath: recording.mediaPath,
      mediaFiles: recording.mediaFiles,
      mediaUrls: recording.mediaUrls,
      mediaStorage: recording.mediaStorage,
      uploadFiles: albums.uploadFiles,
      transfers: sync.queue,
      live: live.live,
      rtmp: live.rtmp,
      /** The RTSP outputs (setting_live_rtsp): resumed by main.ts, halted by app.ts. */
      rtspOutputs: live.rtsp,
    },
  };
}
export type Services = ReturnType<typeof createServices>;
/** The services of each area, by the area's name (the same as `contract/calls/<area>.ts` and `api/<area>.ts`). */
export type Areas = Services['areas'];
export type Internals = Services['internals'];
