import { describe, expect, it } from 'vitest';
import { fakeClock, makeApp } from '../helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('maximum duration', async () => {
  const clock = fakeClock(Date.now());
  const t = await makeApp({ clock });
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'maxduration', value: '2' }, { key: 'movie_low_enable', value: 'false' }] }, admin);

  it('stops the recording when it reaches maxduration hours (pauses excluded)', async () => {
    await t.post('recordctl', { control: 'start' }, admin);
    await sleep(1500);
    clock.advance(2 * 3600_000 - 60_000);
    await sleep(1500);
    // The jump of hours also ends the idle session: log in again.
    const again = await t.login();
    expect((await t.post('status', {}, again)).body.data.isrecording).toBe('true');
    clock.advance(61_000);
    for (let i = 0; i < 30 && t.internals.repos.recordings.inState('done').length === 0; i++) await sleep(200);
    const [rec] = t.internals.repos.recordings.inState('done');
    expect(rec?.note).toBe('maximum duration reached');
    expect((await t.post('status', {}, again)).body.data.isrecording).toBe('false');
  }, 30_000);
});
