import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';

/*
 * setting_general_output.hdmiaudiooutput: the programme sound on the HDMI audio output device (sources.json
 * `hdmiaudioout`). ALSA's `file` plug-in stands in for the device: what ffmpeg plays to it lands in a file, as raw PCM.
 */
describe('the HDMI audio output (real ffmpeg, ALSA file device)', async () => {
  const t = await makeApp();
  // The file plugin may write only inside DATA_DIR (the settings refuse another path).
  const raw = join(t.dataDir, 'hdmi.raw');
  const admin = await t.login();
  await t.post(
    'writeconfig',
    { settingcode: 'setting_audio_devices', data: [{ key: 'hdmiaudioout', value: `file:FILE=${raw},FORMAT=raw` }] },
    admin,
  );
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] }, admin);
  const out = t.internals.media.audioOutput;
  const size = () => (existsSync(raw) ? statSync(raw).size : 0);
  const setOutput = (on: boolean) =>
    t.post('writeconfig', { settingcode: 'setting_general_output', data: [{ key: 'hdmiaudiooutput', value: String(on) }] }, admin);

  it('plays the recorded sound while the encoder runs and the switch is on; stops when it is turned off', async () => {
    expect((await setOutput(true)).body.result).toBe(true);
    expect(out.running).toBe(false); // nothing encodes yet
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    // A second of 48 kHz 16-bit stereo is 192000 bytes.
    await waitFor(() => size() > 96_000, {
      timeoutMs: 15_000,
      what: 'half a second of sound on the output',
      detail: () => ({ bytes: size() }),
    });
    // The stand-in tones, not silence: 16-bit samples well above zero.
    const pcm = readFileSync(raw);
    let peak = 0;
    for (let i = pcm.length - 8192; i < pcm.length - 1; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
    expect(peak).toBeGreaterThan(1000);

    expect((await setOutput(false)).body.result).toBe(true);
    await waitFor(() => !out.running, { timeoutMs: 5000, what: 'the output to stop' });
    const stopped = size();
    // A second more recorded (the same segments: turning the output off does not touch the encoder).
    await waitRecorded(t, recordedSeconds(t) + 1);
    expect(size()).toBe(stopped);

    expect((await setOutput(true)).body.result).toBe(true);
    await waitFor(() => size() > stopped + 48_000, {
      timeoutMs: 15_000,
      what: 'the sound to come back',
      detail: () => ({ bytes: size() }),
    });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    await waitFor(() => !out.running, { timeoutMs: 5000, what: 'the output to stop with the encoder' });
  }, 60_000);
});
