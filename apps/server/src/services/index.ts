import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { createRepositories } from '../db/repositories/index.js';
import { idleEngineState, type EngineState } from '../media/engine-state.js';
import { authService } from './auth-service.js';
import type { Clock } from './clock.js';
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

/** Wires repositories and services over one database; the API layer receives this. */
export function createServices(config: Config, db: Db, clock: Clock, power: Power, warn: (msg: string) => void = () => {}, mpLog: (line: string) => void = () => {}) {
  const repos = createRepositories(db);
  const engine: EngineState = idleEngineState();
  const sessions = sessionService(repos, clock);
  const settings = settingsService(repos, {
    setting_roomstatus: () => room.status(),
    setting_version: () => ({ systemversion: process.version, softversion: config.version, productserialnumber: settings.raw('setting_product').serialnumber ?? '' }),
  });
  const room = roomService(settings, () => engine);
  const mediaPath = () => settings.raw('setting_advance_media_save').savepath || join(config.dataDir, 'media');
  const media = mediaEngine(config.dataDir, { read: (code) => settings.raw(code) }, engine, config.mediaPreset, mpLog);
  const oplog = oplogService(repos, clock);
  const recording = recordingService({
    repos, settings, engine, encoder: media.encoder, clock, mediaPath, ensureEncoder: media.ensure, releaseEncoder: media.release,
    minFreeBytes: config.minFreeBytes, partLimitOverrideMs: config.partLimitOverrideMs, log: mpLog,
    oplog: (description) => oplog.write('system', 'localhost', description),
  });
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
    status: statusService(() => engine, { hdd: mediaPath, usb: () => config.usbPath }, clock),
    webconfig: loadWebConfig(config.dataDir, warn),
    mediaPath,
    power,
  };
}
export type Services = ReturnType<typeof createServices>;
