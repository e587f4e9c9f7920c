import { describe, expect, it } from 'vitest';
import { conditionHolds } from './define.js';
import { ptzChannelConfig, VISCA_IP_PORT } from './devices.js';
import { SETTINGS } from './registry.js';
import { applyWrite, defaultValues } from './validate.js';

const code = 'setting_ptz_camera';
const write = (data: Record<string, string>) =>
  applyWrite(
    code,
    {},
    Object.entries(data).map(([key, value]) => ({ key, value })),
  );

describe('setting_ptz_camera', () => {
  it('defaults to VISCA cameras 1-4 daisy-chained on RS-232', () => {
    const v = defaultValues(code);
    expect([0, 1, 2, 3].map((n) => ptzChannelConfig(v, n))).toEqual(
      [1, 2, 3, 4].map((address) => ({ protocol: 'visca', port: 'rs232', address, host: '', udpport: VISCA_IP_PORT })),
    );
  });

  it('keeps VISCA addresses to 1-7 and PELCO-D to 1-255', () => {
    expect(write({ ch0_address: '8' })).toMatchObject({
      ok: false,
      issues: [{ key: 'ch0_address', message: 'Camera channel 0 uses VISCA: its address must be from 1 to 7.' }],
    });
    expect(write({ ch0_protocol: 'pelcod', ch0_address: '255' }).ok).toBe(true);
    expect(write({ ch0_protocol: 'pelcod', ch0_address: '256' }).ok).toBe(false);
  });

  it('needs a host for VISCA over IP, and a valid one', () => {
    expect(write({ ch3_protocol: 'viscaip' })).toMatchObject({
      ok: false,
      issues: [{ key: 'ch3_host', message: 'Camera channel 3 uses VISCA over IP. Please input its IP address.' }],
    });
    expect(write({ ch3_protocol: 'viscaip', ch3_host: '192.168.1.20', ch3_udpport: '1259' }).ok).toBe(true);
    expect(write({ ch3_protocol: 'viscaip', ch3_host: 'cam;reboot' }).ok).toBe(false);
  });

  it('shows the serial keys for serial protocols and the IP keys for VISCA over IP', () => {
    const keys = SETTINGS[code].keys;
    const ip = { ...defaultValues(code), ch1_protocol: 'viscaip' };
    expect(conditionHolds(keys.ch1_port!.visibleWhen, ip)).toBe(false);
    expect(conditionHolds(keys.ch1_host!.visibleWhen, ip)).toBe(true);
    const pelco = { ...ip, ch1_protocol: 'pelcod' };
    expect(conditionHolds(keys.ch1_address!.visibleWhen, pelco)).toBe(true);
    expect(conditionHolds(keys.ch1_udpport!.visibleWhen, pelco)).toBe(false);
  });
});
