import { createSocket, type RemoteInfo } from 'node:dgram';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitFor } from '../wait.js';
import { hex } from './pty-pair.js';

/*
 * VISCA over IP: a UDP socket on loopback plays the camera. Each packet is an 8-byte header (payload type, payload
 * length, sequence number) and the VISCA payload; the first is a RESET (control command), then commands count up.
 */

interface Packet {
  type: number;
  length: number;
  sequence: number;
  payload: string;
  from: RemoteInfo;
}

describe('remotecontrol over VISCA over IP', async () => {
  const camera = createSocket('udp4');
  const received: Packet[] = [];
  camera.on('message', (msg, from) =>
    received.push({
      type: msg.readUInt16BE(0),
      length: msg.readUInt16BE(2),
      sequence: msg.readUInt32BE(4),
      payload: hex(msg.subarray(8)),
      from,
    }),
  );
  await new Promise<void>((resolve) => camera.bind(0, '127.0.0.1', () => resolve()));
  afterAll(() => new Promise<void>((resolve) => camera.close(() => resolve())));
  const port = camera.address().port;

  const t = await makeApp();
  const admin = await t.login();
  const saved = await t.post(
    'writeconfig',
    {
      settingcode: 'setting_ptz_camera',
      data: [
        { key: 'ch2_protocol', value: 'viscaip' },
        { key: 'ch2_host', value: '127.0.0.1' },
        { key: 'ch2_udpport', value: String(port) },
      ],
    },
    admin,
  );
  expect(saved.body.result).toBe(true);
  const remote = async (body: object) =>
    expect((await t.post('remotecontrol', { channel: 2, ...body }, admin)).body).toEqual({ result: true, message: '' });
  const next = async (count: number) => {
    await waitFor(() => received.length >= count, { what: `${count} UDP packets`, timeoutMs: 5000, intervalMs: 5 });
    return received.splice(0, count);
  };

  it('a RESET first, then VISCA commands with sequence numbers 1, 2, 3 ...', async () => {
    await remote({ controltype: 'direction', direction: { operation: 'start', direction: 'down', speed: 1 } });
    const [reset, first] = await next(2);
    expect(reset).toMatchObject({ type: 0x0200, length: 1, sequence: 0, payload: '01' });
    // Over IP the camera's address is 1 whatever the channel.
    expect(first).toMatchObject({ type: 0x0100, length: 9, sequence: 1, payload: '81 01 06 01 04 04 03 02 ff' });
    await remote({ controltype: 'direction', direction: { operation: 'end', direction: 'down', speed: 1 } });
    await remote({ controltype: 'zoom', zoom: { operation: 'start', zoom: 'in', speed: 3 } });
    await remote({ controltype: 'zoom', zoom: { operation: 'end', zoom: 'in', speed: 3 } });
    await remote({ controltype: 'position', position: { operation: 'set', position: 7 } });
    await remote({ controltype: 'position', position: { operation: 'call', position: 7 } });
    const rest = await next(5);
    expect(rest.map((p) => [p.type, p.length, p.sequence, p.payload])).toEqual([
      [0x0100, 9, 2, '81 01 06 01 0c 0a 03 03 ff'],
      [0x0100, 6, 3, '81 01 04 07 27 ff'],
      [0x0100, 6, 4, '81 01 04 07 00 ff'],
      [0x0100, 7, 5, '81 01 04 3f 01 07 ff'],
      [0x0100, 7, 6, '81 01 04 3f 02 07 ff'],
    ]);
  });

  it('after the camera reports a sequence number error, resets and counts from 1 again', async () => {
    await remote({ controltype: 'position', position: { operation: 'call', position: 1 } });
    const [p] = await next(1);
    expect(p).toMatchObject({ type: 0x0100, sequence: 7 });
    // The camera's control reply "sequence number error" (0F 01) goes back to where the commands come from.
    const reply = Buffer.from([0x02, 0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x07, 0x0f, 0x01]);
    await new Promise<void>((resolve) => camera.send(reply, p!.from.port, p!.from.address, () => resolve()));
    await waitFor(
      async () => {
        await remote({ controltype: 'position', position: { operation: 'call', position: 2 } });
        const [q] = await next(1);
        if (q!.type === 0x0200) return true;
        return false;
      },
      { what: 'a RESET after the sequence error', timeoutMs: 5000 },
    );
    const [after] = await next(1);
    expect(after).toMatchObject({ type: 0x0100, sequence: 1, payload: '81 01 04 3f 02 02 ff' });
  });
});
