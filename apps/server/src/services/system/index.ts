import type { CallData, HealthState } from '@roomcast/contract';
import { join } from 'node:path';
import { APP_ROOT } from '../../build-info.js';
import type { Config } from '../../config.js';
import { diskFigures } from '../../host/storage.js';
import { LoginThrottle, type SessionService } from '../access/index.js';
import type { HostAdapters } from '../host-adapters.js';
import type { Shared } from '../shared.js';
import { autoRepair } from './auto-repair/auto-repair.js';
import { configBackup } from './backup/config-backup.js';
import { certificateFiles } from './certificate/certificate-files.js';
import { certificateService } from './certificate/certificate-service.js';
import { boxNames } from './certificate/self-signed.js';
import { acmeOrders } from './certificate/acme-order.js';
import { deviceTime } from './clock/device-time.js';
import { frontlogService } from './logs/frontlog-service.js';
import { clearLogs, logFileOf, syslogZip } from './logs/log-files.js';
import { monitorService } from './monitor/monitor-service.js';
import { networkService } from './network/network-service.js';
import { productEditor } from './product/product-editor.js';
import { screenLock } from './screen-lock/screen-lock.js';
import { roomService } from './status/room-service.js';
import { statusService } from './status/status-service.js';
import { taskActions, type TaskRecorder } from './tasks/task-actions.js';
import { systemTasksJob } from './tasks/task-runner.js';
import { taskService } from './tasks/task-service.js';
import { updateService } from './update/update-service.js';

export type { MonitorService } from './monitor/monitor-service.js';
export type { CertificateService, TlsMaterial } from './certificate/certificate-service.js';
export type { TaskRecorder } from './tasks/task-actions.js';

/** Time for the answer to `reboot` to leave before the service goes. */
const REBOOT_DELAY_MS = 300;

/** What the system domain uses of what the domains share, and the configuration keys it reads. */
export type SystemShared = Pick<
  Shared,
  'oplog' | 'settings' | 'room' | 'media' | 'device' | 'repos' | 'clock' | 'machineClock' | 'zoneOffset' | 'wake' | 'warn'
> & {
  config: Pick<
    Config,
    | 'dataDir'
    | 'httpsPort'
    | 'usbPath'
    | 'silenceAlarmMs'
    | 'ntpPollMs'
    | 'version'
    | 'commit'
    | 'installRoot'
    | 'updatePublicKey'
    | 'updateMaxBytes'
  >;
};

export interface SystemDeps {
  /** The machine: its clock (host: timedatectl and timesyncd; sandbox: the device clock's offset), NTP, network, power. */
  host: Pick<HostAdapters, 'clock' | 'ntpQuery' | 'network' | 'power'>;
  /** Appends a line to frontlog.log (the console's own errors). */
  frontLog: (line: string) => void;
  /** The recording domain's stop: a reboot (task or restore) finalizes a running recording first. */
  recorder: TaskRecorder;
  /** The recording domain's storage path, for the storage figures of `status`. */
  mediaPath: () => string;
  /** The recording domain's disk scan, awaited (auto repair): unfinished recordings finalized, then the storage. */
  storageScan: () => Promise<{ recovered: number; adopted: number; missing: number }>;
  /** The access domain's sessions: the screen lock is kept with each session. */
  sessions: Pick<SessionService, 'lock' | 'unlock' | 'unlockAll'>;
  /** The access domain's check of an administrator's credentials (the About page's product editor). */
  checkAdmin: (usercode: string, password: string, source: string) => Promise<void>;
  /** The health domain's state now (the worst check), for `status`. */
  health: () => HealthState;
  /** What each video channel delivers now (the layout domain's capture devices), for `status`. */
  signals: () => CallData<'status'>['signals'];
}

/**
 * The system domain composed from its parts, one sub-folder each (README.md): status and the room, the confidence
 * monitor, the system tasks (task_schedule and their scheduler job), the device clock and NTP, the network,
 * configuration backup and restore, the system logs (getSysLog, frontlog), the screen lock, the product editor,
 * update bundles and auto repair; plus reboot, and the operation log it is given (services/oplog) for its calls.
 */
export function createSystem(
  { oplog, settings, room, media, device, repos, clock, machineClock, zoneOffset, wake, warn: log, config }: SystemShared,
  d: SystemDeps,
) {
  /** DATA_DIR/logs: the fixed log files of getSysLog and clearlog. */
  const logsDir = join(config.dataDir, 'logs');
  /** The recording storage and the USB disk, for the storage figures of `status`. */
  const storage = { hdd: d.mediaPath, usb: () => config.usbPath };
  const monitor = monitorService({
    media: media.monitor,
    room,
    // SILENCE_ALARM_SECONDS (tests) overrides the setting.
    silenceAlarmMs: () => config.silenceAlarmMs ?? settings.typed('setting_health').silenceseconds * 1000,
    clock,
    wake,
  });
  const recording = () => room.state.recording !== 'idle';
  /** A running recording is stopped (finalized) first; a stop that fails leaves it to the next start's recovery. */
  const finalizeRecording = async (reason: string) => {
    if (recording())
      await d.recorder.stop(reason).catch((err: Error) => oplog.system(`${reason}: the recording could not be stopped: ${err.message}`));
  };
  const time = deviceTime({
    settings,
    host: d.host.clock,
    clock,
    zoneOffset,
    query: d.host.ntpQuery,
    pollMs: config.ntpPollMs,
    oplog: oplog.system,
    log,
    wake,
    // The device clock or zone moved: the burnt-in clock follows the device time.
    clockMoved: () => media.retime(),
  });
  networkService({ settings, host: d.host.network, oplog: oplog.system, log });
  const repair = autoRepair({
    settings: () => settings.typed('setting_autorepair'),
    zoneOffset,
    device,
    busy: () => recording() || room.state.pending || room.state.scanning,
    recording: () => recording() || room.state.pending,
    db: repos.maintenance,
    scan: d.storageScan,
    reboot: () => d.host.power.reboot(),
    stateFile: join(config.dataDir, 'run', 'auto-repair.json'),
    oplog: oplog.system,
    log,
  });
  // Turned on (or its window moved) inside the window: it runs now, not at the scheduler's next look.
  settings.onWritten((code) => {
    if (code === 'setting_autorepair') wake();
  });
  const acmeOrder = acmeOrders(join(config.dataDir, 'tls', 'acme-account.pem'));
  const certificate = certificateService({
    files: certificateFiles(join(config.dataDir, 'tls')),
    device,
    names: boxNames,
    httpsPort: config.httpsPort,
    oplog: oplog.system,
    acme: { settings: () => settings.typed('setting_acme'), order: acmeOrder.order },
  });
  // ACME turned on, or its server or names changed: ordered now, not at the next look (the save is not held up).
  settings.onWritten((code, changed) => {
    if (code === 'setting_acme' && changed.length) void certificate.renewIfDue();
  });
  const act = taskActions({
    recorder: d.recorder,
    recording,
    reboot: () => d.host.power.reboot(),
    clearLogs: () => clearLogs({ clearOplog: () => oplog.clear(), dir: logsDir }),
    syncNtp: () => time.syncNow(),
  });
  return {
    area: {
      status: statusService(() => room.state, storage, device, d.health, d.signals),
      room: roomService(settings),
      oplog,
      power: {
        /** Answers first; the restart (sandbox) or reboot (host) follows. */
        rebootSoon: () => void setTimeout(() => d.host.power.reboot(), REBOOT_DELAY_MS).unref(),
        /** As rebootSoon, with a running recording finalized first (after a configuration restore). */
        restartAfterRestore: () =>
          void setTimeout(
            () => void finalizeRecording('configuration restored').then(() => d.host.power.reboot()),
            REBOOT_DELAY_MS,
          ).unref(),
      },
      tasks: taskService({ repos, clock, zoneOffset, changed: wake }),
      backup: configBackup({ settings, repos, device, version: config.version }),
      logs: {
        /** The name getSysLog's file-path header gives, as a fixed log file ('all' when absent), else undefined. */
        fileOf: logFileOf,
        zip: (which: Parameters<typeof syslogZip>[1], password: string) => syslogZip(logsDir, which, password),
      },
      frontlog: frontlogService({ clock, write: d.frontLog }),
      /** syncntp: an SNTP exchange now, the clock brought to the server's. */
      time,
      /** autorepairstatus: the auto repair job's last run and next. */
      autoRepair: repair,
      /** setlockscreen, lockscreen, unlockscreen, lockscreenstate: the console's screen lock. */
      screenLock: screenLock({ settings, sessions: d.sessions, throttle: new LoginThrottle(machineClock) }),
      /** editproduct: the About page's hidden product editor. */
      product: productEditor({ checkAdmin: d.checkAdmin, settings }),
      /** certificateinfo, downloadcertificate, uploadcertificate, createcsr, selfsignedcertificate. */
      certificate,
      /** updateinfo, uploadupdate: update bundles, installed beside the current release. */
      update: updateService({
        root: config.installRoot,
        publicKey: config.updatePublicKey,
        maxBytes: config.updateMaxBytes,
        build: { version: config.version, commit: config.commit, appRoot: APP_ROOT },
        recording: () => recording() || room.state.pending,
        freeBytes: async (path) => (await diskFigures(path)).freeBytes,
        device,
        // As after a restore: answer first, a running recording finalized, then the service restarts into the new release.
        restart: () =>
          void setTimeout(
            () => void finalizeRecording('update installed').then(() => (d.host.power.restartService ?? d.host.power.reboot)()),
            REBOOT_DELAY_MS,
          ).unref(),
        oplog: oplog.system,
      }),
    },
    /** The levels stream and preview routes' service (`api/monitor-route.ts`). */
    monitor,
    /** The HTTPS listener's key and certificate (`https-listener.ts`). */
    certificate,
    /** The key authorization of an ACME HTTP-01 challenge being validated (`api/acme-challenge-route.ts`). */
    acmeChallenge: acmeOrder.challenge,
    /** The box's certificate is there before HTTPS listens. */
    lifecycle: { name: 'certificate', start: () => certificate.ensure() },
    jobs: [
      ...time.jobs,
      monitor.silenceJob,
      monitor.lingerJob,
      repair.job,
      certificate.job,
      systemTasksJob({ repos, zoneOffset, act, oplog: oplog.system }),
    ],
  };
}
export type SystemArea = ReturnType<typeof createSystem>['area'];
