import { join } from 'node:path';
import type { Repositories } from '../../db/repositories/index.js';
import type { HostClock } from '../../host/clock.js';
import type { HostNetwork } from '../../host/network.js';
import type { Power } from '../../host/power.js';
import type { SntpReading } from '../../host/sntp.js';
import type { EngineState } from '../../media/engine-state.js';
import type { Clock, DeviceClock } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';
import type { LoginThrottle, SessionService } from '../access/index.js';
import { autoRepair } from './auto-repair.js';
import { configBackup } from './config-backup.js';
import { frontlogService } from './frontlog-service.js';
import { clearLogs, logFileOf, syslogZip } from './log-files.js';
import { monitorService, type MonitorSource } from './monitor-service.js';
import { deviceTime } from './device-time.js';
import { networkService } from './network-service.js';
import { oplogService, type OpLogService } from './oplog-service.js';
import { roomService } from './room-service.js';
import { screenLock } from './screen-lock.js';
import { statusService } from './status-service.js';
import { taskActions, type TaskRecorder } from './task-actions.js';
import { systemTasksJob } from './task-runner.js';
import { taskService } from './task-service.js';
import { productEditor } from './product-editor.js';
import { updateService, type UpdateDeps } from './update-service.js';
import { diskFigures } from '../../host/storage.js';

export type { OpLogService } from './oplog-service.js';
export type { MonitorService } from './monitor-service.js';
export type { TaskRecorder } from './task-actions.js';

/** Time for the answer to `reboot` to leave before the service goes. */
const REBOOT_DELAY_MS = 300;

/** The operation log, made before the other domains: they write to it. */
export function createOplog(d: { repos: Repositories; device: DeviceClock }): OpLogService {
  return oplogService(d.repos, d.device);
}

export interface SystemDeps {
  oplog: OpLogService;
  settings: SettingsService;
  engine: EngineState;
  device: DeviceClock;
  /** The recording storage and the USB disk, for the storage figures of `status`. */
  storage: { hdd: () => string; usb: () => string | undefined };
  power: Power;
  /** The media engine's confidence monitor (audio levels, preview). */
  media: MonitorSource;
  /** The silence alarm's time (SILENCE_ALARM_SECONDS). */
  silenceAlarmMs: number;
  repos: Repositories;
  clock: Clock;
  /** The device zone's offset in minutes: task start times are device-local. */
  zoneOffset: () => number;
  /** The recording domain's stop: a reboot (task or restore) finalizes a running recording first. */
  recorder: TaskRecorder;
  /** DATA_DIR/logs: the fixed log files of getSysLog and clearlog. */
  logsDir: string;
  /** Appends a line to frontlog.log (the console's own errors). */
  frontLog: (line: string) => void;
  /** The service's version, written into configuration backups. */
  version: string;
  /** The scheduler's `wake`: tasks were added, changed or deleted, or the clock moved. */
  wake: () => void;
  /** The machine's clock (host: timedatectl and timesyncd; sandbox: the device clock's offset). */
  hostClock: HostClock;
  /** One SNTP exchange with a server, measured against the device clock. */
  ntpQuery: (server: string) => Promise<SntpReading>;
  /** Sandbox: sync the clock this often while NTP is enabled (0: never). */
  ntpPollMs: number;
  /** The service log (log.txt). */
  log: (line: string) => void;
  /** The machine's network (host: systemd-networkd; sandbox: settings only). */
  hostNetwork: HostNetwork;
  /** The recording domain's disk scan, awaited (auto repair): unfinished recordings finalized, then the storage. */
  storageScan: () => Promise<{ recovered: number; adopted: number; missing: number }>;
  /** DATA_DIR/run: auto repair keeps its last run there (auto-repair.json). */
  runDir: string;
  /** The device clock or zone moved: the media engine's `retime` (the burnt-in clock follows the device time). */
  clockMoved?: () => void;
  /** The access domain's sessions: the screen lock is kept with each session. */
  sessions: Pick<SessionService, 'lock' | 'unlock' | 'unlockAll'>;
  /** Counts failed unlocks of the screen lock (the login throttle's rules, its own counts). */
  unlockThrottle: LoginThrottle;
  /** The access domain's check of an administrator's credentials (the About page's product editor). */
  checkAdmin: (usercode: string, password: string, source: string) => Promise<void>;
  /** Update bundles (docs/update.md): the install root, the update key, the size limit and this build. */
  updates: Pick<UpdateDeps, 'root' | 'publicKey' | 'maxBytes' | 'build'>;
}

/**
 * The system domain: engine status, the room, the operation log, reboot, the confidence monitor, the system tasks
 * (task_schedule and their scheduler job), configuration backup and restore, the system logs (getSysLog, frontlog),
 * the screen lock.
 */
export function createSystem(d: SystemDeps) {
  const monitor = monitorService({ media: d.media, engine: d.engine, oplog: d.oplog.system, silenceAlarmMs: d.silenceAlarmMs });
  const recording = () => d.engine.recording !== 'idle';
  /** A running recording is stopped (finalized) first; a stop that fails leaves it to the next start's recovery. */
  const finalizeRecording = async (reason: string) => {
    if (recording())
      await d.recorder.stop(reason).catch((err: Error) => d.oplog.system(`${reason}: the recording could not be stopped: ${err.message}`));
  };
  const time = deviceTime({
    settings: d.settings,
    host: d.hostClock,
    clock: d.clock,
    zoneOffset: d.zoneOffset,
    query: d.ntpQuery,
    pollMs: d.ntpPollMs,
    oplog: d.oplog.system,
    log: d.log,
    wake: d.wake,
    clockMoved: d.clockMoved,
  });
  networkService({ settings: d.settings, host: d.hostNetwork, oplog: d.oplog.system, log: d.log });
  const repair = autoRepair({
    settings: () => d.settings.typed('setting_autorepair'),
    zoneOffset: d.zoneOffset,
    device: d.device,
    busy: () => recording() || d.engine.pending || d.engine.scanning,
    recording: () => recording() || d.engine.pending,
    db: d.repos.maintenance,
    scan: d.storageScan,
    reboot: () => d.power.reboot(),
    stateFile: join(d.runDir, 'auto-repair.json'),
    oplog: d.oplog.system,
    log: d.log,
  });
  // Turned on (or its window moved) inside the window: it runs now, not at the scheduler's next look.
  d.settings.onWritten((code) => {
    if (code === 'setting_autorepair') d.wake();
  });
  const act = taskActions({
    recorder: d.recorder,
    recording,
    reboot: () => d.power.reboot(),
    clearLogs: () => clearLogs({ clearOplog: () => d.oplog.clear(), dir: d.logsDir }),
    syncNtp: () => time.syncNow(),
  });
  return {
    area: {
      status: statusService(() => d.engine, d.storage, d.device),
      room: roomService(d.settings),
      oplog: d.oplog,
      power: {
        /** Answers first; the restart (sandbox) or reboot (host) follows. */
        rebootSoon: () => void setTimeout(() => d.power.reboot(), REBOOT_DELAY_MS).unref(),
        /** As rebootSoon, with a running recording finalized first (after a configuration restore). */
        restartAfterRestore: () =>
          void setTimeout(() => void finalizeRecording('configuration restored').then(() => d.power.reboot()), REBOOT_DELAY_MS).unref(),
      },
      tasks: taskService({ repos: d.repos, clock: d.clock, zoneOffset: d.zoneOffset, changed: d.wake }),
      backup: configBackup({ settings: d.settings, repos: d.repos, device: d.device, version: d.version }),
      logs: {
        /** The name getSysLog's file-path header gives, as a fixed log file ('all' when absent), else undefined. */
        fileOf: logFileOf,
        zip: (which: Parameters<typeof syslogZip>[1], password: string) => syslogZip(d.logsDir, which, password),
      },
      frontlog: frontlogService({ clock: d.clock, write: d.frontLog }),
      /** syncntp: an SNTP exchange now, the clock brought to the server's. */
      time,
      /** autorepairstatus: the auto repair job's last run and next. */
      autoRepair: repair,
      /** setlockscreen, lockscreen, unlockscreen, lockscreenstate: the console's screen lock. */
      screenLock: screenLock({ settings: d.settings, sessions: d.sessions, throttle: d.unlockThrottle }),
      /** editproduct: the About page's hidden product editor. */
      product: productEditor({ checkAdmin: d.checkAdmin, settings: d.settings }),
      /** updateinfo, uploadupdate: update bundles, installed beside the current release. */
      update: updateService({
        ...d.updates,
        recording: () => recording() || d.engine.pending,
        freeBytes: async (path) => (await diskFigures(path)).freeBytes,
        device: d.device,
        // As after a restore: answer first, a running recording finalized, then the service restarts into the new release.
        restart: () =>
          void setTimeout(
            () => void finalizeRecording('update installed').then(() => (d.power.restartService ?? d.power.reboot)()),
            REBOOT_DELAY_MS,
          ).unref(),
        oplog: d.oplog.system,
      }),
    },
    /** The levels stream and preview routes' service (`api/monitor-route.ts`). */
    monitor,
    jobs: [
      ...time.jobs,
      monitor.silenceJob,
      repair.job,
      systemTasksJob({ repos: d.repos, zoneOffset: d.zoneOffset, act, oplog: d.oplog.system }),
    ],
  };
}
export type SystemArea = ReturnType<typeof createSystem>['area'];
