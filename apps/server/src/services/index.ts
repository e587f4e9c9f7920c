import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { createRepositories } from '../db/repositories/index.js';
import { hostClock, sandboxClock, type HostClock } from '../host/clock.js';
import { execFileRunner } from '../host/command-runner.js';
import { hostNetwork as makeHostNetwork, type HostNetwork } from '../host/network.js';
import type { Power } from '../host/power.js';
import { sntpQuery } from '../host/sntp.js';
import { systemVersion } from '../host/os-release.js';
import { APP_ROOT, softVersion } from '../build-info.js';
import { openSerialLine, type OpenSerial } from '../host/serial.js';
import { mediaEngine } from '../media/media-engine.js';
import { createAccess, LoginThrottle } from './access/index.js';
import { createAlbums } from './albums/index.js';
import { createDevices } from './devices/index.js';
import { createScheduler, lifecycles, systemTimers, type Clock, type Timers } from './core/index.js';
import { createLayout } from './layout/index.js';
import { createLive } from './live/index.js';
import { createPpt } from './ppt/index.js';
import { createRecording } from './recording/index.js';
import { createRoom, describeChange, engineDemand } from './room/index.js';
import { createSchedule } from './schedule/index.js';
import { createSettings } from './settings/index.js';
import { createMediaServer, createSync } from './sync/index.js';
import { createOplog } from './oplog/index.js';
import { createSystem } from './system/index.js';

export interface ServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  power: Power;
  warn?: (msg: string) => void;
  /** The media log (mp.log). */
  mpLog?: (line: string) => void;
  /** The console's own errors (frontlog.log). */
  frontLog?: (line: string) => void;
  timers?: Timers;
  /** Opens a serial device (tests may pass another). */
  openSerial?: OpenSerial;
  /** The machine's clock adapter (tests may pass another); by HOST_ADAPTER otherwise. */
  hostClock?: HostClock;
  /** The machine's network adapter (tests may pass another); by HOST_ADAPTER otherwise. */
  hostNetwork?: HostNetwork;
}

/**
 * The composition root: creates each domain from what it needs, registers the domains' jobs with the one
 * scheduler and composes their lifecycles. `areas` are what the API's handlers receive (one area each), `routes`
 * what the other routes serve, `lifecycle` what main.ts starts and app.ts stops.
 */
export function createServices({
  config,
  db,
  clock: machineClock,
  power,
  warn = () => {},
  mpLog = () => {},
  frontLog = () => {},
  timers = systemTimers,
  openSerial = openSerialLine,
  hostClock: hostTime = config.hostAdapter === 'host'
    ? hostClock(execFileRunner, config.hostRoot)
    : sandboxClock(join(config.dataDir, 'run', 'clock.json'), () => machineClock.now()),
  hostNetwork = makeHostNetwork(config.hostAdapter, { root: config.hostRoot, iface: config.networkInterface }),
}: ServiceDeps) {
  // The device clock: every time the service reads is the machine's plus the sandbox's offset (0 on a host), so
  // setting the clock moves schedules, recordings and logs alike (host/clock.ts).
  const clock: Clock = { now: () => machineClock.now() + hostTime.offsetMs() };
  const repos = createRepositories(db);
  // The room's state has one owner; the media engine follows it (started, re-planned, stopped as the state asks).
  const room = createRoom();
  const scheduler = createScheduler({ clock, timers, log: warn });
  const wake = () => void scheduler.wake();

  const settings = createSettings({
    repos,
    clock,
    dataDir: config.dataDir,
    version: softVersion(config),
    systemVersion: () => systemVersion(config.hostRoot),
    living: () => room.state.living,
    realNetwork: () => ({ ...hostNetwork.real() }),
    warn,
  });
  const oplog = createOplog({ repos, device: settings.device });
  const media = mediaEngine(
    config.dataDir,
    // The burnt-in clock shows device time: the device zone and the sandbox clock's offset (media/device-tz.ts).
    {
      read: (code) => settings.settings.raw(code),
      deviceTime: () => ({ zoneMinutes: settings.zoneOffset(), offsetMs: hostTime.offsetMs() }),
    },
    config.mediaPreset,
    mpLog,
  );
  room.follow((state) => media.follow(engineDemand(state)));
  // Every change of the room, in the media log (what changed and the command that changed it).
  room.subscribe(({ command, before, after }) => mpLog(`room: ${command.type}: ${describeChange(before, after)}`));
  // Sessions and the login throttle measure elapsed time: the machine clock, which setting the device clock leaves alone.
  const access = createAccess({ repos, clock: machineClock, firstStart: { dataDir: config.dataDir, adminPassword: config.adminPassword } });
  const recording = createRecording({
    repos,
    settings: settings.settings,
    room,
    media,
    clock,
    device: settings.device,
    sessions: access.area.sessions,
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
  const layout = createLayout({ repos, room, media, settings: settings.settings, log: mpLog, wake });
  const ppt = createPpt({
    settings: settings.settings,
    encoder: media.encoder,
    media,
    layouts: layout.area.layouts,
    clock,
    log: mpLog,
    mode4k: settings.webconfig.site.mode4k,
  });
  const albums = createAlbums({
    repos,
    clock,
    device: settings.device,
    dataDir: config.dataDir,
    recordings: recording.recordingAccess,
    logo: layout.logo,
  });
  const schedule = createSchedule({
    repos,
    clock,
    room,
    recorder: recording.recording,
    zoneOffset: settings.zoneOffset,
    oplog,
    log: mpLog,
    wake,
  });
  const system = createSystem({
    oplog,
    settings: settings.settings,
    room,
    device: settings.device,
    power,
    storage: { hdd: recording.mediaPath, usb: () => config.usbPath },
    media: media.monitor,
    silenceAlarmMs: config.silenceAlarmMs,
    repos,
    clock,
    zoneOffset: settings.zoneOffset,
    recorder: recording.recording,
    logsDir: join(config.dataDir, 'logs'),
    frontLog,
    version: config.version,
    wake,
    hostClock: hostTime,
    ntpQuery: (server) => sntpQuery(server, { port: config.ntpPort, now: clock.now }),
    ntpPollMs: config.ntpPollMs,
    log: warn,
    hostNetwork,
    storageScan: () => recording.area.diskScan.scan(),
    runDir: join(config.dataDir, 'run'),
    clockMoved: () => media.retime(),
    sessions: access.area.sessions,
    // Failed unlocks are timed like failed logins: on the machine clock.
    unlockThrottle: new LoginThrottle(machineClock),
    checkAdmin: access.area.auth.checkAdmin,
    updates: {
      root: config.installRoot,
      publicKey: config.updatePublicKey,
      maxBytes: config.updateMaxBytes,
      build: { version: config.version, commit: config.commit, appRoot: APP_ROOT },
    },
  });
  const sync = createSync({
    repos,
    clock,
    device: settings.device,
    zoneOffset: settings.zoneOffset,
    dataDir: config.dataDir,
    settings: settings.settings,
    files: recording.fileLookup,
    access: recording.recordingAccess,
    storage: recording.mediaStorage,
    addRemovalGuard: recording.addRemovalGuard,
    onRecordingFinished: recording.recording.onFinished,
    fileHashes: recording.fileHashes,
    cloudShare: settings.webconfig.site.cloundShare,
    cloudUrls: config.cloudUrls,
    chunkBytes: config.uploadChunkBytes,
    retryBaseMs: config.uploadRetryMs,
    oplog: oplog.system,
    log: mpLog,
    wake,
    replan: () => scheduler.replan(),
  });
  // The media server (Opencast capture agent): calendar schedules through the schedule domain, ingest through the one queue.
  const mediaServer = createMediaServer({
    repos,
    clock,
    device: settings.device,
    settings: settings.settings,
    zoneOffset: settings.zoneOffset,
    access: recording.recordingAccess,
    schedules: schedule.schedules,
    onScheduleRun: schedule.onRun,
    onRecordingFinished: recording.recording.onFinished,
    recording: () => room.state.recording !== 'idle',
    queue: sync.queue,
    resolveFile: sync.resolveFile,
    relativeOf: (abs) => recording.mediaStorage.relativeOf(abs),
    port: config.port,
    pollMs: config.opencastPollMs,
    log: mpLog,
    oplog: oplog.system,
    replan: () => scheduler.replan(),
  });
  const live = createLive({
    settings: settings.settings,
    room,
    media,
    device: settings.device,
    sessions: access.area.sessions,
    urls: recording.mediaUrls,
    binding: recording.sessionBinding,
    dataDir: config.dataDir,
    log: mpLog,
    oplog,
    replan: () => scheduler.replan(),
  });
  const devices = createDevices({
    settings: settings.settings,
    serialDevices: config.serialDevices,
    open: openSerial,
    ptzStopAfterMs: config.ptzStopAfterMs,
    timers,
    recording: recording.recording,
    layouts: layout.area.layouts,
    oplog,
    log: mpLog,
    replan: () => scheduler.replan(),
  });
  // The scheduler runs every domain's periodic jobs; it starts last (`lifecycle` below).
  for (const job of [
    ...layout.jobs,
    ...schedule.jobs,
    ...recording.jobs,
    ...access.jobs,
    ...sync.jobs,
    ...mediaServer.jobs,
    ...live.jobs,
    ...system.jobs,
    ...devices.jobs,
  ])
    scheduler.add(job);

  // Started in this order (each after what it depends on), stopped in the reverse one: the scheduler last to start
  // (after crash recovery, so a schedule whose window is open resumes its recording) and first to stop.
  const lifecycle = lifecycles(
    [
      { name: 'media', stop: () => media.stop() },
      access.lifecycle,
      recording.lifecycle,
      ppt.lifecycle,
      sync.lifecycle,
      mediaServer.lifecycle,
      live.lifecycle,
      devices.lifecycle,
      // Not awaited: a start it makes must not hold up listening (the scheduler logs its own failures).
      { name: 'scheduler', start: () => void scheduler.start(), stop: () => scheduler.stop() },
    ],
    warn,
  );

  return {
    areas: {
      access: access.area,
      settings: settings.area,
      recording: recording.area,
      layout: layout.area,
      schedule: schedule.area,
      system: system.area,
      albums: albums.area,
      sync: { ...sync.area, mediaServer: mediaServer.service },
      live: live.area,
      devices: devices.area,
    },
    /** What the routes outside the call API serve (`api/routes.ts`). */
    routes: {
      webconfig: settings.webconfig,
      oplog: oplog.write,
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
    },
    lifecycle,
    /** The composed parts, for the test factory only (`apps/server/test/helpers.ts`); production code never reads them. */
    parts: {
      config,
      clock,
      repos,
      room,
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
      picture: layout.picture,
      transfers: sync.queue,
      opencast: mediaServer.agent,
      live: live.live,
      rtmp: live.rtmp,
      rtspOutputs: live.rtsp,
      slides: ppt.slides,
      devices,
      monitor: system.monitor,
    },
  };
}
export type Services = ReturnType<typeof createServices>;
/** The services of each area, by the area's name (the same as `contract/calls/<area>.ts` and `api/<area>.ts`). */
export type Areas = Services['areas'];
export type ServiceRoutes = Services['routes'];
/** The composed parts the test factory hands to tests. */
export type ServiceParts = Services['parts'];
