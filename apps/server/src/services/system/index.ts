import type { Repositories } from '../../db/repositories/index.js';
import type { Power } from '../../host/power.js';
import type { EngineState } from '../../media/engine-state.js';
import type { DeviceClock } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';
import { monitorService, type MonitorSource } from './monitor-service.js';
import { oplogService, type OpLogService } from './oplog-service.js';
import { roomService } from './room-service.js';
import { statusService } from './status-service.js';

export type { OpLogService } from './oplog-service.js';
export type { MonitorService } from './monitor-service.js';

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
}

/** The system domain: engine status, the room, the operation log, reboot, the confidence monitor. */
export function createSystem(d: SystemDeps) {
  const monitor = monitorService({ media: d.media, engine: d.engine, oplog: d.oplog.system, silenceAlarmMs: d.silenceAlarmMs });
  return {
    area: {
      status: statusService(() => d.engine, d.storage, d.device),
      room: roomService(d.settings),
      oplog: d.oplog,
      power: {
        /** Answers first; the restart (sandbox) or reboot (host) follows. */
        rebootSoon: () => void setTimeout(() => d.power.reboot(), REBOOT_DELAY_MS).unref(),
      },
    },
    /** The levels stream and preview routes' service (`api/monitor-route.ts`). */
    monitor,
    jobs: [monitor.silenceJob],
  };
}
export type SystemArea = ReturnType<typeof createSystem>['area'];
