import { LIMITS } from '../limits.js';
import { anyOf } from '../permissions.js';
import { defineSetting, enumText, intText, settingKey as key, when, type SettingCodeDef, type SettingIssue } from './define.js';
import { ruleIssue } from './rules.js';
import { hostText } from './values.js';

/** How a camera channel is driven: VISCA or PELCO-D on a serial port, or VISCA over IP (UDP). */
export const PTZ_PROTOCOLS = ['visca', 'pelcod', 'viscaip'] as const;
export type PtzProtocol = (typeof PTZ_PROTOCOLS)[number];
/** The serial ports a camera can hang on (the same two as setting_serial_port). */
export const SERIAL_PORTS = ['rs232', 'rs485'] as const;
export type SerialPortName = (typeof SERIAL_PORTS)[number];
/** Sony's VISCA over IP port. */
export const VISCA_IP_PORT = 52381;
/** A VISCA daisy chain has at most 7 cameras (address 1-7); PELCO-D addresses are 1-255. */
export const VISCA_MAX_ADDRESS = 7;

/** The camera channels 0-3 of `remotecontrol`. */
export const PTZ_CHANNELS = Array.from({ length: LIMITS.ptzChannels }, (_, i) => i);

function channelKeys(n: number): SettingCodeDef['keys'] {
  const protocol = `ch${n}_protocol`;
  const serial = when(protocol, 'visca', 'pelcod');
  const ip = when(protocol, 'viscaip');
  return {
    [protocol]: key(
      'visca',
      enumText(PTZ_PROTOCOLS),
      `Camera channel ${n}: visca or pelcod on a serial port, or viscaip (VISCA over IP, UDP).`,
    ),
    [`ch${n}_port`]: key('rs232', enumText(SERIAL_PORTS), `Camera channel ${n}: the serial port the camera is on (rs232 or rs485).`, {
      visibleWhen: serial,
    }),
    // Cameras daisy-chained on one port answer to their own address: channel n defaults to address n+1.
    [`ch${n}_address`]: key(String(n + 1), intText(1, 255), `Camera channel ${n}: its address on the port (VISCA 1-7, PELCO-D 1-255).`, {
      visibleWhen: serial,
    }),
    [`ch${n}_host`]: key('', hostText, `Camera channel ${n}: the camera's IP address or host name (VISCA over IP).`, { visibleWhen: ip }),
    [`ch${n}_udpport`]: key(String(VISCA_IP_PORT), intText(1, 65535), `Camera channel ${n}: the camera's VISCA over IP UDP port.`, {
      visibleWhen: ip,
    }),
  };
}

/** A channel's settings, read from the code's values. */
export interface PtzChannelConfig {
  protocol: PtzProtocol;
  port: SerialPortName;
  address: number;
  host: string;
  udpport: number;
}

export function ptzChannelConfig(values: Record<string, string>, n: number): PtzChannelConfig {
  const protocol = values[`ch${n}_protocol`];
  const port = values[`ch${n}_port`];
  return {
    protocol: (PTZ_PROTOCOLS as readonly string[]).includes(protocol ?? '') ? (protocol as PtzProtocol) : 'visca',
    port: port === 'rs485' ? 'rs485' : 'rs232',
    address: Number(values[`ch${n}_address`]) || n + 1,
    host: values[`ch${n}_host`] ?? '',
    udpport: Number(values[`ch${n}_udpport`]) || VISCA_IP_PORT,
  };
}

function checkChannels(values: Record<string, string>): SettingIssue[] {
  const issues: SettingIssue[] = [];
  for (const n of PTZ_CHANNELS) {
    const c = ptzChannelConfig(values, n);
    if (c.protocol === 'visca' && c.address > VISCA_MAX_ADDRESS) issues.push(ruleIssue(`ch${n}_address`, 'ptzViscaAddress', n));
    if (c.protocol === 'viscaip' && !c.host) issues.push(ruleIssue(`ch${n}_host`, 'ptzHost', n));
  }
  return issues;
}

export const settingPtzCamera = defineSetting({
  description:
    'The PTZ camera of each channel 0-3 that `remotecontrol` drives: its protocol (VISCA or PELCO-D on a serial port, or ' +
    'VISCA over IP), and its serial port and address, or its IP address and UDP port (docs/devices.md).',
  // Operators see how their cameras are reached; the installer (serialport) sets it.
  read: anyOf('serialport', 'cameracontrol'),
  write: anyOf('serialport'),
  keys: Object.assign({}, ...PTZ_CHANNELS.map(channelKeys)) as SettingCodeDef['keys'],
  check: checkChannels,
});
