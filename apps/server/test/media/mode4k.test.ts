import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PPT_PAGE_PATH } from '@roomcast/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { recordingMark, waitRecorded } from '../wait.js';

const run = promisify(execFile);

async function picture(file: string): Promise<{ codec_name: string; width: number; height: number; duration: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height:format=duration',
    '-of',
    'json',
    file,
  ]);
  const j = JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number }[]; format: { duration: string } };
  return { ...j.streams[0]!, duration: Number(j.format.duration) };
}

describe('4K mode: main quality 2160 (real ffmpeg)', async () => {
  // The box's mode is the web config's site.mode4k: 2160 and 20000 kbit/s are offered only there.
  const t = await makeApp({ webconfig: { site: { mode4k: true } } });
  const admin = await t.login();
  // A test that failed mid-recording leaves the next one a room it can start in.
  afterEach(async () => {
    if (t.internals.room.state.recording !== 'idle') await t.post('recordctl', { control: 'stop' }, admin);
  });

  it('records a 3840x2160 HD file at 20000 kbit/s with the 360-line SD beside it; a layout change is a cut that keeps recording', async () => {
    const set = await t.post(
      'writeconfig',
      {
        settingcode: 'setting_rec_video_codec',
        data: [
          { key: 'main_quality', value: '2160' },
          { key: 'main_bitrate', value: '20000' },
        ],
      },
      admin,
    );
    expect(set.body.result).toBe(true);
    await t.post(
      'writeconfig',
      {
        settingcode: 'setting_layout_animate',
        data: [
          { key: 'type', value: '0' },
          { key: 'speed', value: '0' },
        ],
      },
      admin,
    );
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 2.5);
    const before = recordingMark(t);
    expect((await t.post('setlayoutid', { id: 1 }, admin)).body.result).toBe(true);
    // The encoder restarts with the new layout; the recording goes on in new segments: 2.5 s more there.
    await waitRecorded(t, 2.5, { after: before });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);

    const [rec] = t.internals.repos.recordings.inState('done');
    const files = t.internals.repos.recordings.files(rec!.id);
    const hd = await picture(files.find((f) => f.channel === 10)!.filepath);
    expect(hd).toMatchObject({ codec_name: 'h264', width: 3840, height: 2160 });
    // The recording went on through the layout change (a cut in 4K mode: two 4K pictures at once would not keep up).
    expect(hd.duration).toBeGreaterThan(1);
    expect(await picture(files.find((f) => f.channel === 11)!.filepath)).toMatchObject({ width: 640, height: 360 });
  }, 180_000);

  it('has no slide switching or push, whatever setting_ppt holds (the console hides the PPT screen)', async () => {
    await t.writeSettings(admin, { setting_ppt: { switchenable: 'true', pushenable: 'true' } });
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 0.5);
    // The 4K encode carries no slides branch.
    expect(t.internals.slides.watching()).toBeUndefined();
    expect(t.internals.slides.pushEnabled()).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: PPT_PAGE_PATH })).statusCode).toBe(404);
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
  }, 60_000);
});
