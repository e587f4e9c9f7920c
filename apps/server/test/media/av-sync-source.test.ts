import { describe, expect, it } from 'vitest';
// The benchmark's own analyser (bench/long-run.mjs measures the 2-hour recording with it): tested here on a real one.
import { avSync } from '../../../../bench/lib/av-sync.mjs';
import { makeApp } from '../helpers.js';
import { waitRecorded } from '../wait.js';

const FRAME_MS = 1000 / 30;

describe('the A/V sync source (sync:N on a video input, beep:N on an audio input)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const settings = [
    { section: 'setting_video_devices', data: [{ key: 'hdmi1', value: 'sync:1' }] },
    { section: 'setting_audio_devices', data: [{ key: 'mic1', value: 'beep:1' }] },
    {
      section: 'setting_audio_input',
      data: [
        { key: 'macin1', value: 'true' },
        { key: 'macin2', value: 'false' },
        { key: 'linein1', value: 'false' },
        { key: 'linein2', value: 'false' },
        { key: 'hdmi5', value: 'false' },
      ],
    },
    { section: 'setting_video_input', data: [{ key: 'channelA', value: 'hdmi1' }] },
    { section: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] },
    { section: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] },
    { section: 'setting_layout_animate', data: [{ key: 'type', value: '0' }] },
  ];
  const saved = await t.post('setsetting', settings, admin);
  await t.post('savelayout', [{ index: 0, type: 0, channels: 1, channeldata: ['A'] }], admin);
  await t.post('setlayoutid', { id: 0 }, admin);

  it('flashes and beeps together in the recording, within a frame', async () => {
    expect(saved.body.result).toBe(true);
    await t.post('recordctl', { control: 'start' }, admin);
    await waitRecorded(t, 4.5);
    await t.post('recordctl', { control: 'stop' }, admin);
    const done = t.internals.repos.recordings.inState('done');
    const file = t.internals.repos.recordings.files(done[done.length - 1]!.id).find((f) => f.channel === 10)!.filepath;
    const sync = await avSync(file, { periodSeconds: 1 });
    // A flash and a beep a second, each flash with its beep.
    expect(sync.pairs.length).toBeGreaterThanOrEqual(3);
    expect(sync.pairs.length).toBeGreaterThanOrEqual(sync.flashes - 1);
    for (const p of sync.pairs) expect(Math.abs(p.offsetMs), JSON.stringify(sync.pairs)).toBeLessThanOrEqual(FRAME_MS);
    // One a second, on the stream's seconds.
    const gaps = sync.pairs.slice(1).map((p, i) => p.flash - sync.pairs[i]!.flash);
    for (const g of gaps) expect(g).toBeCloseTo(1, 1);
  }, 40_000);

  it('refuses the beep as the HDMI audio output', async () => {
    const r = await t.post(
      'writeconfig',
      { settingcode: 'setting_audio_devices', data: [{ key: 'hdmiaudioout', value: 'beep:1' }] },
      admin,
    );
    expect(r.body.result).toBe(false);
    expect(JSON.stringify(r.body)).toContain('synthetic beep');
  });
});
