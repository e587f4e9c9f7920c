import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { waitFor, waitRecorded } from '../wait.js';
import { appWithSerialPorts, hex } from './pty-pair.js';

/*
 * The wall panel on a serial port (setting_serial_port type controlpannel): lines written into the far end of a
 * socat pseudo-terminal drive a real recording (real ffmpeg), the layout on the output and a camera preset, and
 * each line is answered OK or ERR on the same line.
 */

describe('control panel on a serial port', async () => {
  const { t, rs232, rs485 } = await appWithSerialPorts({ rs232: 'panel', rs485: 'camera' });
  const admin = await t.login();
  const ok = async (name: 'setsetting' | 'savelayout', body: unknown) => expect((await t.post(name, body, admin)).body.result).toBe(true);
  await ok('setsetting', [
    {
      section: 'setting_rec_video_codec',
      data: [
        { key: 'main_quality', value: '480' },
        { key: 'main_bitrate', value: '1000' },
      ],
    },
    // The panel on RS-232 at 115200 baud; the camera of channel 0 is PELCO-D address 1 on RS-485.
    {
      section: 'setting_serial_port',
      data: [
        { key: 'rs232_type', value: 'controlpannel' },
        { key: 'rs232_biterate', value: '115200' },
      ],
    },
    {
      section: 'setting_ptz_camera',
      data: [
        { key: 'ch0_protocol', value: 'pelcod' },
        { key: 'ch0_port', value: 'rs485' },
      ],
    },
  ]);
  // Writing setting_serial_port reopens both ports (in the background).
  await t.internals.devices.ports.idle();
  const say = async (line: string, ending = '\r\n') => {
    await rs232.peer.write(`${line}${ending}`);
    return rs232.peer.line(`the answer to ${line}`);
  };
  const status = async () => (await t.post('status', {}, admin)).body.data as Record<string, string>;

  it('answers OK or ERR to what it is sent', async () => {
    expect(await say('PING')).toBe('OK');
    expect(await say('ping', '\n')).toBe('OK');
    expect(await say('HELLO')).toBe('ERR unknown command');
    expect(await say('LAYOUT 10')).toBe('ERR unknown command');
    expect(await say('PRESET 4 1')).toBe('ERR unknown command');
    expect(await say('x'.repeat(100))).toBe('ERR line too long');
    expect(await say('RECORD PAUSE')).toBe('ERR Recording is not running.');
  });

  it('records: start, pause, resume and stop make a real recording', async () => {
    expect(await say('RECORD START')).toBe('OK');
    expect(await status()).toMatchObject({ isrecording: 'true', isrecordingpaused: 'false' });
    const [rec] = t.internals.repos.recordings.inState('recording');
    expect(rec).toMatchObject({ usercode: 'panel', useraccount: 'control panel' });
    await waitRecorded(t, 1);
    expect(await say('record pause', '\r')).toBe('OK');
    expect(await status()).toMatchObject({ isrecording: 'true', isrecordingpaused: 'true' });
    expect(await say('RECORD RESUME')).toBe('OK');
    expect(await status()).toMatchObject({ isrecordingpaused: 'false' });
    expect(await say('RECORD START')).toBe('ERR Recording is already running.');
    expect(await say('RECORD STOP')).toBe('OK');
    expect(await status()).toMatchObject({ isrecording: 'false' });
    const done = await waitFor(
      () => t.internals.repos.recordings.find(rec!.id)?.state === 'done' && t.internals.repos.recordings.files(rec!.id),
      {
        what: 'the panel recording to be finalized',
        timeoutMs: 30_000,
      },
    );
    expect(done.length).toBeGreaterThan(0);
    for (const f of done) expect(existsSync(f.filepath)).toBe(true);
    const rows = t.internals.repos.oplog
      .page(20, 0)
      .filter((r) => r.usercode === 'panel')
      .map((r) => `${r.opesource} ${r.description}`);
    expect(rows).toContain('rs232 record start (control panel)');
    expect(rows).toContain('rs232 record stop (control panel)');
    expect(rows).toContain('rs232 record start (control panel) (failed: Recording is already running.)');
  });

  it('switches the layout on the output (slots 1-9)', async () => {
    expect(await say('LAYOUT 3')).toBe('OK');
    expect(t.areas.layout.layouts.currentIndex()).toBe(2);
    expect((await status()).layoutbuttonid).toBe('2');
    expect(await say('layout 1')).toBe('OK');
    expect((await status()).layoutbuttonid).toBe('0');
  });

  it("calls a camera's preset through the camera's port", async () => {
    rs485.peer.clear();
    expect(await say('PRESET 0 4')).toBe('OK');
    expect(hex(await rs485.peer.take(7))).toBe('ff 01 00 07 00 05 0d');
    // One number: a preset of channel 0.
    expect(await say('PRESET 5')).toBe('OK');
    expect(hex(await rs485.peer.take(7))).toBe('ff 01 00 07 00 06 0e');
    // Channel 1 is VISCA address 2 on RS-232, the panel's port: refused, with the reason.
    expect(await say('PRESET 1 2')).toBe('ERR The RS232 port is the control panel: camera channel 1 cannot use it.');
  });

  it('moves to the other port when the setting changes, and the first one drives cameras again', async () => {
    await ok('setsetting', [
      {
        section: 'setting_serial_port',
        data: [
          { key: 'rs485_type', value: 'controlpannel' },
          { key: 'rs232_type', value: 'default' },
        ],
      },
    ]);
    await t.internals.devices.ports.idle();
    rs232.peer.clear();
    await rs485.peer.write('PING\r\n');
    expect(await rs485.peer.line('the answer on RS-485')).toBe('OK');
    // Channel 1 (VISCA address 2) on RS-232 is a camera port again.
    expect(
      (await t.post('remotecontrol', { controltype: 'position', channel: 1, position: { operation: 'call', position: 3 } }, admin)).body
        .result,
    ).toBe(true);
    expect(hex(await rs232.peer.take(7))).toBe('82 01 04 3f 02 03 ff');
  });
});
