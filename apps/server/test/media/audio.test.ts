import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitRecorded } from '../wait.js';

const run = promisify(execFile);

async function meanVolumeDb(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-']);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? 'NaN');
}

describe('audio inputs and encoding settings reach the recording', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] }, admin);
  const record = async () => {
    await t.post('recordctl', { control: 'start' }, admin);
    await waitRecorded(t, 2.5);
    await t.post('recordctl', { control: 'stop' }, admin);
    const done = t.internals.repos.recordings.inState('done');
    return t.internals.repos.recordings.files(done[done.length - 1]!.id).find((f) => f.channel === 10)!.filepath;
  };

  it('records the enabled inputs at 44100 Hz, and silence at volume 0', async () => {
    await t.post('writeconfig', { settingcode: 'setting_rec_audio_codec', data: [{ key: 'samples', value: '44100' }] }, admin);
    const loud = await record();
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=sample_rate',
      '-of',
      'csv=p=0',
      loud,
    ]);
    expect(stdout.trim()).toBe('44100');
    expect(await meanVolumeDb(loud)).toBeGreaterThan(-30);
    await t.post('writeconfig', { settingcode: 'setting_audio_input', data: [{ key: 'analog_volume', value: '0' }] }, admin);
    expect(await meanVolumeDb(await record())).toBeLessThan(-80);
  }, 40_000);
});
