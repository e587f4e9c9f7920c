import { softVersion } from '../build-info.js';
import type { Config } from '../config.js';
import type { Db } from '../db/open.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { type MediaEngine, mediaEngine } from '../media/media-engine.js';
import { createScheduler, type Clock, type DeviceClock, type Scheduler, systemTimers, type Timers } from './core/index.js';
import type { HostAdapters } from './host-adapters.js';
import { createOplog, type OpLogService } from './oplog/index.js';
import { createRoom, describeChange, engineDemand, logRoomChanges, type Room } from './room/index.js';
import { createSettings, type SettingsService } from './settings/index.js';

/**
 * What the domains share, built once by the composition root before any domain: each domain's factory takes the
 * `Pick<Shared, ...>` it uses (and the configuration keys it reads) plus its few dependencies on other domains.
 */
export interface Shared {
  /** The service's configuration: a domain names the keys it reads (`config: Pick<Config, ...>`). */
  config: Config;
  /** The device clock: the machine's plus the sandbox clock's offset (schedules, recordings, logs). */
  clock: Clock;
  /** The machine's clock: elapsed time (sessions, throttles), which setting the device clock leaves alone. */
  machineClock: Clock;
  /** Device time as the device shows it (its zone). */
  device: DeviceClock;
  /** The device zone's offset in minutes. */
  zoneOffset: () => number;
  repos: Repositories;
  /** The one owner of the room's state (services/room); the media engine follows it. */
  room: Room;
  media: MediaEngine;
  settings: SettingsService;
  /** The web config (DATA_DIR/webconfig.json: site.mode4k, site.cloundShare ...). */
  webconfig: ReturnType<typeof createSettings>['webconfig'];
  oplog: OpLogService;
  /** The one scheduler: the domains' jobs are added to it (its `replan` and `wake` are what domains use). */
  scheduler: Scheduler;
  /** A periodic job of a domain became active: the scheduler's plan is remade. */
  replan: () => void;
  /** Something a job reads changed (a schedule, a task, a setting): every job checks now. */
  wake: () => void;
  timers: Timers;
  /** The media log (mp.log). */
  log: (line: string) => void;
  /** The service log (log.txt). */
  warn: (line: string) => void;
}

export interface SharedDeps {
  config: Config;
  db: Db;
  /** The machine's clock (elapsed time). */
  machineClock: Clock;
  host: HostAdapters;
  /** The scheduler's timers (tests pass ones they control). */
  timers?: Timers;
  /** The service log (log.txt). */
  warn?: (line: string) => void;
  /** The media log (mp.log). */
  mpLog?: (line: string) => void;
}

/**
 * Builds what the domains share: repositories, the room, the one scheduler, the settings (and the device's zone and
 * web config), the operation log, and the media engine made to follow the room.
 */
export function createShared({
  config,
  db,
  machineClock,
  host,
  timers = systemTimers,
  warn = () => {},
  mpLog = () => {},
}: SharedDeps): Shared {
  const clock = host.deviceClock;
  const repos = createRepositories(db);
  // The room's state has one owner; the media engine follows it (started, re-planned, stopped as the state asks).
  const room = createRoom();
  const scheduler = createScheduler({ clock, timers, log: warn });
  const settings = createSettings({
    repos,
    clock,
    dataDir: config.dataDir,
    version: softVersion(config),
    systemVersion: host.systemVersion,
    living: () => room.state.living,
    realNetwork: () => ({ ...host.network.real() }),
    warn,
  });
  const oplog = createOplog({ repos, device: settings.device });
  const media = mediaEngine(
    config.dataDir,
    // The burnt-in clock shows device time: the device zone and the sandbox clock's offset (media/device-tz.ts).
    {
      typed: (code) => settings.settings.typed(code),
      deviceTime: () => ({ zoneMinutes: settings.zoneOffset(), offsetMs: host.clock.offsetMs() }),
    },
    config.mediaPreset,
    mpLog,
  );
  room.follow((state) => media.follow(engineDemand(state)));
  // Every change of the room, in the media log (what changed and the command that changed it).
  room.subscribe(({ command, before, after }) => mpLog(`room: ${command.type}: ${describeChange(before, after)}`));
  // What the service changes by itself, in the operation log (a user's call is logged by the API).
  logRoomChanges(room, oplog.system);
  // A camera or capture device that stops giving pictures (its node may stay: a cable pulled) and comes back.
  media.onSourceChange(({ channel, what, lost }) =>
    oplog.system(lost ? `Channel ${channel}: ${what} lost; the no-signal picture is shown` : `Channel ${channel}: ${what} is back`),
  );
  return {
    config,
    clock,
    machineClock,
    device: settings.device,
    zoneOffset: settings.zoneOffset,
    repos,
    room,
    media,
    settings: settings.settings,
    webconfig: settings.webconfig,
    oplog,
    scheduler,
    replan: () => scheduler.replan(),
    wake: () => void scheduler.wake(),
    timers,
    log: mpLog,
    warn,
  };
}
