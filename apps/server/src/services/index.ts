import { mkdirSync } from 'node:fs';
import { defaultValues, LIMITS } from '@roomcast/contract';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { createRepositories } from '../db/repositories/index.js';
import { idleEngineState, type EngineState } from '../media/engine-state.js';
import { authService } from './auth-service.js';
import { formatDateTime, systemTimers, type Clock, type DeviceClock, type Timers } from './clock.js';
import { groupService } from './group-service.js';
import { LoginThrottle } from './login-throttle.js';
import { oplogService } from './oplog-service.js';
import { sessionService } from './session-service.js';
import { settingsService } from './settings-service.js';
import { statusService } from './status-service.js';
import { userService } from './user-service.js';
import { loadWebConfig } from './webconfig-service.js';
import { roomService } from './room-service.js';
import type { Power } from '../host/power.js';
import { mediaEngine } from '../media/media-engine.js';
import { recordingService } from './recording-service.js';
import { recordingScheduleJob } from './schedule-runner.js';
import { scheduleService } from './schedule-service.js';
import { zoneOffsetMinutes } from './schedule-time.js';
import { createScheduler } from './scheduler.js';
import { layoutService } from './layout-service.js';
import { layoutRotationJob } from './layout-rotation-job.js';
import { diskScanService } from './disk-scan-service.js';
import { loadMediaSecret, MediaUrls } from './media-url.js';
import { mediaStorage as createMediaStorage } from './media-storage.js';
import { recordingListService } from './recording-list-service.js';

/** Wires repositories and services over one database; the API layer receives this. */
export function createServices(config: Config, db: Db, clock: Clock, power: Power, warn: (msg: string) => void = () => {}, mpLog: (line: string) => void = () => {}, timers: Timers = systemTimers) {
  const repos = createRepositories(db);
  const engine: EngineState = idleEngineState();
  const sessions = sessionService(repos, clock);
  const settings = settingsService(repos, {
    setting_roomstatus: () => room.status(),
    // The device time the console shows and ticks from (spec §4 clock display).
    setting_datetime: () => ({ current: `${device.format(clock.now())}.${String(clock.now() % 1000).padStart(3, '0')}` }),
    setting_version: () => ({ systemversion: process.version, softversion: config.version, productserialnumber: settings.raw('setting_product').serialnumber ?? '' }),
  });
  const room = roomService(settings, () => engine);
  // Times the device shows (status, recordings, operation log) are written in the device's zone.
  // (the zone is read from the stored values: the live `current` of setting_datetime is itself formatted here)
  const zone = () => repos.settings.read('setting_datetime').zone ?? defaultValues('setting_datetime').zone;
  const device: DeviceClock = { now: () => clock.now(), format: (ms) => formatDateTime(ms, zoneOffsetMinutes(zone())) };
  const mediaPath = () => settings.raw('setting_advance_media_save').savepath || join(config.dataDir, 'media');
  // The default recording storage exists from the first start, so status reports it present.
  mkdirSync(join(config.dataDir, 'media'), { recursive: true });
  // Signed /media/ URLs (recording files, snapshots) relative to these storage roots.
  const mediaUrls = new MediaUrls(loadMediaSecret(config.dataDir), clock);
  const mediaStorage = createMediaStorage(() => [mediaPath(), join(config.dataDir, 'media'), config.usbPath], mediaUrls);
  const media = mediaEngine(config.dataDir, { read: (code) => settings.raw(code) }, engine, config.mediaPreset, mpLog);
  const oplog = oplogService(repos, device);
  const recording = recordingService({
    repos, settings, engine, encoder: media.encoder, clock: device, mediaPath, ensureEncoder: media.ensure, ensureIso: media.ensureIso, releaseEncoder: media.release,
    minFreeBytes: config.minFreeBytes, partLimitOverrideMs: config.partLimitOverrideMs, snapshotIntervalMs: config.snapshotIntervalMs, log: mpLog,
    oplog: (description) => oplog.write('system', 'localhost', description),
  });
  // The one scheduler (recording schedules now, system tasks later); main.ts starts it after crash recovery.
  const scheduler = createScheduler({ clock, timers, log: warn });
  const zoneOffset = () => zoneOffsetMinutes(zone());
  const schedules = scheduleService({ repos, clock, zoneOffset, changed: () => void scheduler.wake() });
  const layouts = layoutService(repos, engine, () => media.apply(), (letter) => Boolean(settings.raw('setting_video_input')[`channel${letter}`]));
  scheduler.add(layoutRotationJob({ layouts, encoding: () => media.encoder.running, intervalMs: LIMITS.layoutSwitchIntervalS * 1000, log: mpLog }));
  scheduler.add(recordingScheduleJob({
    repos, recorder: recording, engine, zoneOffset, log: mpLog, oplog: (description) => oplog.write('system', 'localhost', description),
  }));
  return {
    config,
    clock,
    repos,
    engine,
    sessions,
    settings,
    room,
    auth: authService(repos, sessions, new LoginThrottle(clock)),
    users: userService(repos, sessions, clock),
    groups: groupService(repos),
    oplog,
    media,
    recording,
    scheduler,
    schedules,
    layouts,
    diskScan: diskScanService(repos, engine, recording, mediaPath, (description) => oplog.write('system', 'localhost', description), mpLog, device),
    status: statusService(() => engine, { hdd: mediaPath, usb: () => config.usbPath }, device),
    webconfig: loadWebConfig(config.dataDir, warn),
    mediaPath,
    mediaUrls,
    mediaStorage,
    recordingList: recordingListService(repos, mediaStorage),
    power,
  };
}
export type Services = ReturnType<typeof createServices>;
