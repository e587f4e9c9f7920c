import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { delay } from '../wait.js';
import { hex, ptyPair } from './pty-pair.js';

/*
 * The dead-man timer: a browser that goes away mid-press never sends its `end`; the service stops the movement
 * itself. Shortened to 0.6 s here (PTZ_STOP_AFTER_SECONDS); the console's keep-alive (a repeated start) holds it off.
 */

const STOP_AFTER_MS = 600;
const VISCA_STOP = '81 01 06 01 0c 0a 03 03 ff';

describe('PTZ dead-man stop', async () => {
  const rs232 = await ptyPair('deadman');
  afterAll(() => rs232.stop());
  const t = await makeApp({ env: { SERIAL_RS232_DEVICE: rs232.device, PTZ_STOP_AFTER_SECONDS: String(STOP_AFTER_MS / 1000) } });
  await t.internals.devices.opened;
  const admin = await t.login();
  const start = async (body: object) => expect((await t.post('remotecontrol', body, admin)).body.result).toBe(true);

  it('stops a movement that gets no end, on its own', async () => {
    const pressed = Date.now();
    await start({ controltype: 'direction', channel: 0, direction: { operation: 'start', direction: 'left', speed: 2 } });
    expect(hex(await rs232.peer.take(9))).toBe('81 01 06 01 0c 0a 01 03 ff');
    // No end is sent: the stop comes from the service.
    expect(hex(await rs232.peer.take(9, 'the dead-man stop'))).toBe(VISCA_STOP);
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(STOP_AFTER_MS);
    const row = t.internals.repos.oplog.page(5, 0).find((r) => r.description.includes('no release'));
    expect(row).toMatchObject({ usercode: 'system', description: 'camera channel 0: movement stopped, no release within 0.6 s' });
  });

  it('stops a zoom the same way', async () => {
    await start({ controltype: 'zoom', channel: 0, zoom: { operation: 'start', zoom: 'out', speed: 1 } });
    expect(hex(await rs232.peer.take(6))).toBe('81 01 04 07 32 ff');
    expect(hex(await rs232.peer.take(6, 'the dead-man zoom stop'))).toBe('81 01 04 07 00 ff');
  });

  it('a held button (start repeated) keeps moving past the timeout, and its release stops it once', async () => {
    const body = { controltype: 'direction', channel: 0, direction: { operation: 'start', direction: 'up', speed: 3 } };
    await start(body);
    expect(hex(await rs232.peer.take(9))).toBe('81 01 06 01 18 14 03 01 ff');
    // The keep-alive at a quarter of the timeout, for two timeouts: the wall-clock time is what is tested.
    for (let i = 0; i < 8; i++) {
      await delay(STOP_AFTER_MS / 4);
      await start(body);
    }
    expect(rs232.peer.pending.length).toBe(0);
    await start({ ...body, direction: { ...body.direction, operation: 'end' } });
    expect(hex(await rs232.peer.take(9))).toBe(VISCA_STOP);
    // The released movement's timer is gone: no second stop follows.
    await delay(STOP_AFTER_MS * 2);
    expect(rs232.peer.pending.length).toBe(0);
  });
});
