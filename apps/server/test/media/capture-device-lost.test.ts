import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { CaptureDevices } from '../../src/host/capture-devices.js';
import { makeApp } from '../helpers.js';
import { recordedDevices } from '../host/recorded-devices.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';

const run = promisify(execFile);

/**
 * A bound capture device that fails during a recording, with real ffmpeg: the box lists the recorded cameras (outputs
 * of real devices) but no V4L2 node exists here, so the encode cannot open `/dev/video4`. The channel records the
 * "no signal" slate and the recording goes on; unplugged, the device is missing and the slate stays.
 */
describe('a capture device that cannot be opened, then unplugged, during a recording', async () => {
  const recorded = await recordedDevices();
  let devices: CaptureDevices = recorded;
  const t = await makeApp({
    captureDevices: { read: async () => devices, fingerprint: async () => devices.video.map((v) => v.path).join(',') },
  });
  const admin = await t.login();
  const write = (settingcode: string, values: Record<string, string>) =>
    t.post('writeconfig', { settingcode, data: Object.entries(values).map(([key, value]) => ({ key, value })) }, admin);
  await write('setting_rec_video_codec', { main_quality: '270' });
  await write('setting_advance_media_save', { movie_low_enable: 'false' });
  await write('setting_video_devices', { hdmi1: '/dev/video4', hdmi1format: 'MJPG', hdmi1size: '1280x720', hdmi1fps: '30' });
  await t.post('savelayout', [{ index: 0, type: 0, channels: 1, channeldata: ['A'] }], admin);
  await t.post('setlayoutid', { id: 0 }, admin);

  it('records the slate instead of the device, and a file ffprobe accepts', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitFor(() => t.internals.media.lostChannels().includes('A'), { timeoutMs: 15_000, intervalMs: 200, what: 'channel A lost' });
    await waitRecorded(t, 2, { after: recordedSeconds(t) });
    // Unplugged: missing from the box's devices, so the plan records the slate without trying the device.
    devices = { ...recorded, video: recorded.video.filter((v) => v.path !== '/dev/video4') };
    await t.internals.capture.poll();
    const bound = (await t.post('listsource', {}, admin)).body.data as { source: string; missing: boolean }[];
    expect(bound.find((b) => b.source === 'hdmi1')?.missing).toBe(true);
    await waitRecorded(t, 2, { after: recordedSeconds(t) });
    expect((await t.post('status', {}, admin)).body.data.isrecording).toBe('true');
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', hd.filepath]);
    expect(Number(stdout)).toBeGreaterThan(3);
    // The last second's picture is the grey slate (0x303030 under its label and clock), averaged to one pixel.
    const pixel = await new Promise<Buffer>((resolve, reject) =>
      execFile(
        'ffmpeg',
        [
          '-v',
          'error',
          '-sseof',
          '-1',
          '-i',
          hd.filepath,
          '-frames:v',
          '1',
          '-vf',
          'scale=1:1',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          '-',
        ],
        { encoding: 'buffer' },
        (err, out) => (err ? reject(err) : resolve(out)),
      ),
    );
    for (const channel of pixel) expect(Math.abs(channel - 0x30)).toBeLessThan(24);
    expect(t.internals.repos.oplog.page(100, 0).map((r) => r.description)).toContain('Capture device of hdmi1 missing: /dev/video4');
  }, 60_000);
});
