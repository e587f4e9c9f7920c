import { beforeEach, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { appWithSerialPorts, hex } from './pty-pair.js';

/*
 * remotecontrol through the real service onto serial lines: socat's pseudo-terminal pairs stand in for the RS-232
 * and RS-485 ports, and the test reads what a camera would, byte for byte. The expected frames are written out
 * here from the VISCA command list and the PELCO-D manual (docs/devices.md), not computed by the service's code.
 */

const SPEEDS = [1, 2, 3] as const;
const DIRECTIONS = ['up', 'down', 'left', 'right'] as const;

// VISCA, camera address 1: 81 01 06 01 VV WW XX YY FF; VV/WW pan/tilt speed; XX YY 03 01 up, 03 02 down, 01 03 left, 02 03 right.
const VISCA_PAN_TILT = { 1: '04 04', 2: '0c 0a', 3: '18 14' };
const VISCA_DRIVE = { up: '03 01', down: '03 02', left: '01 03', right: '02 03' };
const VISCA_STOP = '81 01 06 01 0c 0a 03 03 ff';
const VISCA_ZOOM = { in: { 1: '22', 2: '24', 3: '27' }, out: { 1: '32', 2: '34', 3: '37' } };
const VISCA_ZOOM_STOP = '81 01 04 07 00 ff';

// PELCO-D, camera address 2: FF 02 00 cmd2 pan tilt checksum (bytes 2-6 summed mod 256).
const PELCO_MOVE = {
  up: { 1: 'ff 02 00 08 00 0a 14', 2: 'ff 02 00 08 00 20 2a', 3: 'ff 02 00 08 00 3f 49' },
  down: { 1: 'ff 02 00 10 00 0a 1c', 2: 'ff 02 00 10 00 20 32', 3: 'ff 02 00 10 00 3f 51' },
  left: { 1: 'ff 02 00 04 0a 00 10', 2: 'ff 02 00 04 20 00 26', 3: 'ff 02 00 04 3f 00 45' },
  right: { 1: 'ff 02 00 02 0a 00 0e', 2: 'ff 02 00 02 20 00 24', 3: 'ff 02 00 02 3f 00 43' },
};
const PELCO_STOP = 'ff 02 00 00 00 00 02';
// Set zoom speed (00 25 00 0s), then zoom tele (20) or wide (40).
const PELCO_ZOOM_SPEED = { 1: 'ff 02 00 25 00 01 28', 2: 'ff 02 00 25 00 02 29', 3: 'ff 02 00 25 00 03 2a' };
const PELCO_ZOOM = { in: 'ff 02 00 20 00 00 22', out: 'ff 02 00 40 00 00 42' };
// Presets 0-9 are PELCO-D presets 1-10: set 00 03 00 nn, go to 00 07 00 nn.
const PELCO_PRESET_SET = ['06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f'];
const PELCO_PRESET_CALL = ['0a', '0b', '0c', '0d', '0e', '0f', '10', '11', '12', '13'];

describe('remotecontrol on serial ports', async () => {
  const { t, rs232, rs485 } = await appWithSerialPorts({ rs232: 'rs232', rs485: 'rs485' });
  const admin = await t.login();
  // Channel 0: VISCA camera 1 on RS-232 (the defaults); channel 1: PELCO-D camera 2 on RS-485.
  const saved = await t.post(
    'writeconfig',
    {
      settingcode: 'setting_ptz_camera',
      data: [
        { key: 'ch1_protocol', value: 'pelcod' },
        { key: 'ch1_port', value: 'rs485' },
        { key: 'ch1_address', value: '2' },
      ],
    },
    admin,
  );
  expect(saved.body.result).toBe(true);
  const operator = await t.userWith(['operation', 'cameracontrol'], 'ptzop', admin);
  const remote = async (body: object) => {
    const res = await t.post('remotecontrol', body, operator);
    expect(res.body).toEqual({ result: true, message: '' });
  };
  const move = (channel: number, operation: string, direction: string, speed: number) =>
    remote({ controltype: 'direction', channel, direction: { operation, direction, speed } });
  const zoom = (channel: number, operation: string, z: string, speed: number) =>
    remote({ controltype: 'zoom', channel, zoom: { operation, zoom: z, speed } });
  const preset = (channel: number, operation: string, position: number) =>
    remote({ controltype: 'position', channel, position: { operation, position } });

  beforeEach(() => {
    rs232.peer.clear();
    rs485.peer.clear();
  });

  it('VISCA: every direction at every speed, and the stop that ends each press', async () => {
    for (const direction of DIRECTIONS) {
      for (const speed of SPEEDS) {
        await move(0, 'start', direction, speed);
        expect(hex(await rs232.peer.take(9))).toBe(`81 01 06 01 ${VISCA_PAN_TILT[speed]} ${VISCA_DRIVE[direction]} ff`);
        await move(0, 'end', direction, speed);
        expect(hex(await rs232.peer.take(9))).toBe(VISCA_STOP);
      }
    }
    expect(rs485.peer.pending.length).toBe(0);
  });

  it('VISCA: zoom in and out at every speed, and its stop', async () => {
    for (const z of ['in', 'out'] as const) {
      for (const speed of SPEEDS) {
        await zoom(0, 'start', z, speed);
        expect(hex(await rs232.peer.take(6))).toBe(`81 01 04 07 ${VISCA_ZOOM[z][speed]} ff`);
        await zoom(0, 'end', z, speed);
        expect(hex(await rs232.peer.take(6))).toBe(VISCA_ZOOM_STOP);
      }
    }
  });

  it('VISCA: presets 0-9 set and called', async () => {
    for (let n = 0; n <= 9; n++) {
      await preset(0, 'set', n);
      expect(hex(await rs232.peer.take(7))).toBe(`81 01 04 3f 01 0${n} ff`);
      await preset(0, 'call', n);
      expect(hex(await rs232.peer.take(7))).toBe(`81 01 04 3f 02 0${n} ff`);
    }
  });

  it('PELCO-D: every direction at every speed with its checksum, and the stop', async () => {
    for (const direction of DIRECTIONS) {
      for (const speed of SPEEDS) {
        await move(1, 'start', direction, speed);
        expect(hex(await rs485.peer.take(7))).toBe(PELCO_MOVE[direction][speed]);
        await move(1, 'end', direction, speed);
        expect(hex(await rs485.peer.take(7))).toBe(PELCO_STOP);
      }
    }
    expect(rs232.peer.pending.length).toBe(0);
  });

  it('PELCO-D: zoom speed then zoom in or out, and the stop', async () => {
    for (const z of ['in', 'out'] as const) {
      for (const speed of SPEEDS) {
        await zoom(1, 'start', z, speed);
        expect(hex(await rs485.peer.take(7))).toBe(PELCO_ZOOM_SPEED[speed]);
        expect(hex(await rs485.peer.take(7))).toBe(PELCO_ZOOM[z]);
        await zoom(1, 'end', z, speed);
        expect(hex(await rs485.peer.take(7))).toBe(PELCO_STOP);
      }
    }
  });

  it('PELCO-D: presets 0-9 set and called as presets 1-10', async () => {
    for (let n = 0; n <= 9; n++) {
      const id = (n + 1).toString(16).padStart(2, '0');
      await preset(1, 'set', n);
      expect(hex(await rs485.peer.take(7))).toBe(`ff 02 00 03 00 ${id} ${PELCO_PRESET_SET[n]}`);
      await preset(1, 'call', n);
      expect(hex(await rs485.peer.take(7))).toBe(`ff 02 00 07 00 ${id} ${PELCO_PRESET_CALL[n]}`);
    }
  });

  it('PELCO-D: ending the zoom of a camera that also pans keeps the pan going', async () => {
    await move(1, 'start', 'left', 2);
    expect(hex(await rs485.peer.take(7))).toBe(PELCO_MOVE.left[2]);
    await zoom(1, 'start', 'in', 3);
    // Set zoom speed, then the whole motion: pan left at 20h and zoom tele (04 | 20 = 24).
    expect(hex(await rs485.peer.take(14))).toBe(`${PELCO_ZOOM_SPEED[3]} ff 02 00 24 20 00 46`);
    await zoom(1, 'end', 'in', 3);
    expect(hex(await rs485.peer.take(7))).toBe(PELCO_MOVE.left[2]);
    await move(1, 'end', 'left', 2);
    expect(hex(await rs485.peer.take(7))).toBe(PELCO_STOP);
  });

  it('a start repeated while held is not sent again; an end always sends its stop', async () => {
    await move(0, 'start', 'right', 3);
    expect(hex(await rs232.peer.take(9))).toBe(`81 01 06 01 18 14 02 03 ff`);
    await move(0, 'start', 'right', 3);
    await move(0, 'start', 'right', 3);
    await move(0, 'end', 'right', 3);
    expect(hex(await rs232.peer.take(9))).toBe(VISCA_STOP);
    // An end without a start (a release after a reload, say) still stops the camera.
    await move(0, 'end', 'up', 1);
    expect(hex(await rs232.peer.take(9))).toBe(VISCA_STOP);
    expect(rs232.peer.pending.length).toBe(0);
    // One operation-log row per press (its end) and none for the keep-alive starts.
    const rows = t.internals.repos.oplog.page(10, 0).filter((r) => r.description.startsWith('remotecontrol channel 0 right'));
    expect(rows.map((r) => r.description)).toEqual(['remotecontrol channel 0 right end']);
  });

  it('refuses a camera on the control-panel port, and one on a port the device lacks', async () => {
    const panel = await t.post(
      'writeconfig',
      { settingcode: 'setting_serial_port', data: [{ key: 'rs232_type', value: 'controlpannel' }] },
      admin,
    );
    expect(panel.body.result).toBe(true);
    await t.internals.devices.ports.idle();
    const refused = await t.post(
      'remotecontrol',
      { controltype: 'position', channel: 0, position: { operation: 'call', position: 1 } },
      operator,
    );
    expect(refused.body).toEqual({ result: false, message: 'The RS232 port is the control panel: camera channel 0 cannot use it.' });
    await t.post('writeconfig', { settingcode: 'setting_serial_port', data: [{ key: 'rs232_type', value: 'default' }] }, admin);
    await t.internals.devices.ports.idle();
    await preset(0, 'call', 1);
    expect(hex(await rs232.peer.take(7))).toBe('81 01 04 3f 02 01 ff');
  });

  it('needs cameracontrol', async () => {
    const other = await t.userWith(['operation', 'audiosetting'], 'ptzno', admin);
    const res = await t.post('remotecontrol', { controltype: 'position', channel: 0, position: { operation: 'call', position: 1 } }, other);
    expect(res.status).toBe(403);
    expect(rs232.peer.pending.length).toBe(0);
  });
});

describe('remotecontrol without the port', async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('says which port is missing', async () => {
    const res = await t.post(
      'remotecontrol',
      { controltype: 'zoom', channel: 3, zoom: { operation: 'start', zoom: 'in', speed: 2 } },
      admin,
    );
    expect(res.body).toEqual({ result: false, message: 'The RS232 port of camera channel 3 is not available on this device.' });
  });
});
