import { SERIAL_PORTS, type SerialPortName, type TypedSetting } from '@roomcast/contract';
import type { OpenSerial, SerialLine } from '../../host/serial.js';
import { Fail } from '../core/index.js';
import { lineSplitter } from './control-panel.js';

export interface SerialPortsDeps {
  /** Device paths from the configuration (SERIAL_RS232_DEVICE, SERIAL_RS485_DEVICE); a port without one is absent. */
  devices: Partial<Record<SerialPortName, string>>;
  /** setting_serial_port, typed (the contract's defaults applied). */
  settings: () => TypedSetting<'setting_serial_port'>;
  open: OpenSerial;
  /** A line read on the control-panel port (undefined: an overlong line); resolves to the answer line. */
  panel: (port: SerialPortName, line: string | undefined) => Promise<string>;
  log: (line: string) => void;
  /** The scheduler's `replan`: a port closed on its own and the reopen job became active. */
  replan: () => void;
}

interface PortState {
  name: SerialPortName;
  path: string | undefined;
  baud: number;
  panel: boolean;
  line: SerialLine | undefined;
  /** Why the port is not open, for the log (logged once per cause). */
  error: string | undefined;
  /** Control-panel lines are answered one after another, in order. */
  answering: Promise<void>;
}

/**
 * The RS-232 and RS-485 ports, as setting_serial_port says: their speed, and whether a port carries camera commands
 * (default) or listens to a control panel. Writing the setting reopens both; a port that fails to open or is lost
 * is opened again by the scheduler's reopen job.
 */
export function serialPorts(d: SerialPortsDeps) {
  const ports = Object.fromEntries(
    SERIAL_PORTS.map((name) => [
      name,
      { name, path: d.devices[name], baud: 9600, panel: false, line: undefined, error: undefined, answering: Promise.resolve() },
    ]),
  ) as Record<SerialPortName, PortState>;
  // Opening and closing never overlap (a settings write while the reopen job runs).
  let busy: Promise<void> = Promise.resolve();
  const serialized = (work: () => Promise<void>): Promise<void> => {
    busy = busy.then(work, work);
    return busy;
  };

  function readSettings(): void {
    const v = d.settings();
    for (const p of Object.values(ports)) {
      p.baud = Number(v[`${p.name}_biterate`]);
      p.panel = v[`${p.name}_type`] === 'controlpannel';
    }
  }

  function panelReader(p: PortState): (chunk: Buffer) => void {
    return lineSplitter((text) => {
      p.answering = p.answering.then(async () => {
        const answer = await d.panel(p.name, text);
        const line = p.line;
        if (line?.isOpen) await line.write(Buffer.from(`${answer}\r\n`, 'latin1')).catch(() => undefined);
      });
    });
  }

  async function open(p: PortState): Promise<void> {
    if (!p.path || p.line) return;
    try {
      const line = await d.open(p.path, p.baud, {
        data: p.panel ? panelReader(p) : undefined,
        lost: (err) => {
          if (p.line !== line) return;
          p.line = undefined;
          p.error = err.message;
          d.log(`serial port ${p.name} (${p.path}) lost: ${err.message}`);
          d.replan();
        },
      });
      p.line = line;
      if (p.error) d.log(`serial port ${p.name} (${p.path}) is open again`);
      p.error = undefined;
      d.log(`serial port ${p.name} (${p.path}) open at ${p.baud} baud for ${p.panel ? 'the control panel' : 'cameras'}`);
    } catch (err) {
      const message = (err as Error).message;
      if (p.error !== message) d.log(`serial port ${p.name} (${p.path}) cannot be opened: ${message}`);
      p.error = message;
    }
  }

  async function close(p: PortState): Promise<void> {
    const line = p.line;
    p.line = undefined;
    await line?.close();
  }

  return {
    /** Opens both ports as the settings say, closing them first (at start and after a setting_serial_port write). */
    apply(): Promise<void> {
      return serialized(async () => {
        for (const p of Object.values(ports)) await close(p);
        readSettings();
        for (const p of Object.values(ports)) await open(p);
      });
    },
    /** A configured port is not open: the reopen job is active. */
    needsReopen: (): boolean => Object.values(ports).some((p) => p.path !== undefined && !p.line),
    reopenClosed(): Promise<void> {
      return serialized(async () => {
        for (const p of Object.values(ports)) await open(p);
      });
    },
    /** The open port a camera on `name` is driven through; refused when absent or when it is the control panel. */
    cameraLine(name: SerialPortName, channel: number): SerialLine {
      const p = ports[name];
      if (p.panel) throw Fail.of('ptzPortIsPanel', name.toUpperCase(), channel);
      if (!p.line) throw Fail.of('ptzPortMissing', name.toUpperCase(), channel);
      return p.line;
    },
    /** Resolves when the opening and closing asked for so far is done (a settings write reopens in the background). */
    idle: (): Promise<void> => busy,
    halt(): Promise<void> {
      return serialized(async () => {
        for (const p of Object.values(ports)) await close(p);
      });
    },
  };
}
export type SerialPorts = ReturnType<typeof serialPorts>;
