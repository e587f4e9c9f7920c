import { describe, expect, it } from 'vitest';
import { fakeClock, makeApp } from '../helpers.js';
import { waitFor, waitRecorded } from '../wait.js';

describe('maximum duration', async () => {
  const clock = fakeClock(Date.now());
  const t = await makeApp({ clock });
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_rec_video_codec: { main_quality: '270' },
    setting_advance_media_save: { maxduration: '2', movie_low_enable: 'false' },
  });

  it('stops the recording when it reaches maxduration hours (pauses excluded)', async () => {
    await t.post('recordctl', { control: 'start' }, admin);
    await waitRecorded(t, 1.5);
    clock.advance(2 * 3600_000 - 60_000);
    // The once-a-second checks run at the moved clock (a minute short of the maximum) and let the recording go on:
    // the checks job is next due a second after now only once it has run at this time.
    const checks = t.internals.recording.checksJob;
    await waitFor(() => (checks.next(clock.now()) ?? 0) > clock.now(), {
      timeoutMs: 5000,
      what: 'the recording checks to run at the moved clock',
    });
    // The jump of hours also ends the idle session: log in again.
    const again = await t.login();
    expect((await t.post('status', {}, again)).body.data.isrecording).toBe('true');
    clock.advance(61_000);
    await waitFor(() => t.internals.repos.recordings.inState('done').length > 0, {
      timeoutMs: 6000,
      intervalMs: 100,
      what: 'the recording to stop at its maximum duration',
    });
    const [rec] = t.internals.repos.recordings.inState('done');
    expect(rec?.note).toBe('maximum duration reached');
    expect((await t.post('status', {}, again)).body.data.isrecording).toBe('false');
  }, 30_000);
});
