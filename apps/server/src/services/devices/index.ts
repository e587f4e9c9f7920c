import type { Config } from '../../config.js';
import type { OpenSerial } from '../../host/serial.js';
import { type Lifecycle, periodicJob } from '../core/index.js';
import type { LayoutService } from '../layout/index.js';
import type { ChapterService } from '../chapters/index.js';
import type { RecordingService } from '../recording/index.js';
import type { Shared } from '../shared.js';
import { controlPanel } from './panel-commands.js';
import { ptzService } from './ptz-service.js';
import { serialPorts } from './serial-ports.js';
import { viscaOverIp } from './visca-ip.js';

export { parsePanelLine, lineSplitter, PANEL_MAX_LINE, type PanelCommand } from './control-panel.js';
export type { PtzService } from './ptz-service.js';

/** A closed port that is configured is tried again this often (a USB adapter plugged back in, a panel powered on). */
const REOPEN_MS = 5000;

/** What the devices domain uses of what the domains share, and the configuration keys it reads. */
export type DevicesShared = Pick<Shared, 'settings' | 'timers' | 'oplog' | 'log' | 'replan'> & {
  /** Device paths of the two ports (SERIAL_RS232_DEVICE, SERIAL_RS485_DEVICE); a PTZ movement's dead-man timer. */
  config: Pick<Config, 'serialDevices' | 'ptzStopAfterMs'>;
};

export interface DevicesDeps {
  /** Opens a serial device (the host adapter). */
  open: OpenSerial;
  /** The control panel's commands go through the same services as the calls. */
  recording: RecordingService;
  chapters: Pick<ChapterService, 'mark'>;
  layouts: LayoutService;
}

/**
 * The devices domain: camera control (remotecontrol: VISCA and PELCO-D on the serial ports, VISCA over IP), the
 * RS-232 and RS-485 ports as setting_serial_port says, and the control panel read from one of them (docs/devices.md).
 */
export function createDevices({ settings, timers, oplog, log, replan, config }: DevicesShared, d: DevicesDeps) {
  const ip = viscaOverIp(log);
  let panel: ReturnType<typeof controlPanel> | undefined;
  const ports = serialPorts({
    devices: config.serialDevices,
    settings: () => settings.typed('setting_serial_port'),
    open: d.open,
    panel: (port, line) => panel!.answer(port, line),
    log,
    replan,
  });
  const ptz = ptzService({
    settings: () => settings.raw('setting_ptz_camera'),
    ports,
    ip,
    timers,
    stopAfterMs: config.ptzStopAfterMs,
    log,
    oplog: oplog.system,
  });
  panel = controlPanel({ recording: d.recording, chapters: d.chapters, layouts: d.layouts, ptz, oplog: oplog.write });
  // Changing the ports' speed or use reopens them.
  settings.onWritten((code) => {
    if (code === 'setting_serial_port') void ports.apply();
  });
  const opened = ports.apply();
  return {
    area: { ptz },
    ports,
    /** Resolves once the ports have been opened at start (or failed to: the reopen job tries again). */
    opened,
    lifecycle: {
      name: 'devices',
      /** At shutdown: running movements stopped, ports and the UDP socket closed. */
      async stop(): Promise<void> {
        await ptz.halt();
        await ports.halt();
        ip.close();
      },
    } satisfies Lifecycle,
    jobs: [
      periodicJob({
        name: 'serial ports reopen',
        everyMs: REOPEN_MS,
        active: () => ports.needsReopen(),
        run: () => void ports.reopenClosed(),
      }),
    ],
  };
}
export type DevicesArea = ReturnType<typeof createDevices>['area'];
