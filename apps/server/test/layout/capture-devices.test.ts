import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES, METRICS_TOKEN_MIN, SETTING_RULES } from '@roomcast/contract';
import type { CaptureDevices } from '../../src/host/capture-devices.js';
import { inputArgs } from '../../src/media/encoder-inputs.js';
import { planFromSettings } from '../../src/media/plan-from-settings.js';
import { isPresent } from '../../src/services/layout/capture-devices-service.js';
import { importSourcesJson } from '../../src/services/layout/sources-json-import.js';
import { makeApp } from '../helpers.js';
import { recordedDevices } from '../host/recorded-devices.js';

/**
 * The capture devices of issue 20 through the real service: the devices read from outputs recorded from real devices
 * (a box with three USB cameras, a Raspberry Pi's USB sound), bound by setting, checked against what they offer,
 * missing when unplugged and back when plugged in again.
 */
const recorded = await recordedDevices();
/** The recorded box, from which a test may unplug devices: the cheap look changes with what is plugged in. */
function box() {
  let devices: CaptureDevices = recorded;
  return {
    source: { read: async () => devices, fingerprint: async () => JSON.stringify(devices.video.map((v) => v.path)) },
    unplug(path: string) {
      devices = { ...devices, video: devices.video.filter((v) => v.path !== path) };
    },
    plugBack() {
      devices = recorded;
    },
  };
}
const videoDevices = (values: Record<string, string>) => ({
  settingcode: 'setting_video_devices',
  data: Object.entries(values).map(([key, value]) => ({ key, value })),
});
const audioDevices = (values: Record<string, string>) => ({
  settingcode: 'setting_audio_devices',
  data: Object.entries(values).map(([key, value]) => ({ key, value })),
});

describe('capture devices: found, bound, checked, missing and back', async () => {
  const room = box();
  const t = await makeApp({ captureDevices: room.source });
  const admin = await t.login();
  const video = await t.userWith(['operation', 'videosetting'], 'video1', admin);
  const audio = await t.userWith(['operation', 'audiosetting'], 'audio1', admin);
  const other = await t.userWith(['operation', 'record'], 'other1', admin);
  const sources = async () =>
    Object.fromEntries(
      ((await t.post('listsource', {}, admin)).body.data as { source: string; device: string; missing: boolean }[]).map((s) => [
        s.source,
        s,
      ]),
    );
  const oplog = () => t.internals.repos.oplog.page(200, 0).map((r) => r.description);

  it('listcapturedevices answers the picture nodes with their formats and the ALSA devices, to video and audio users only', async () => {
    const res = await t.post('listcapturedevices', {}, video);
    expect(res.body.result).toBe(true);
    const { video: cams, audio: sound, readAt } = res.body.data;
    expect(cams.map((c: { path: string }) => c.path).sort()).toEqual(['/dev/video0', '/dev/video2', '/dev/video4']);
    const emeet = cams.find((c: { path: string }) => c.path === '/dev/video4');
    expect(emeet.formats.map((f: { fourcc: string }) => f.fourcc)).toEqual(['MJPG', 'YUYV', 'H264']);
    expect(sound.capture.map((a: { hw: string }) => a.hw)).toEqual(['hw:1,0']);
    expect(sound.playback.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(readAt))).toBe(false);
    expect((await t.post('listcapturedevices', {}, audio)).body.result).toBe(true);
    expect((await t.post('listcapturedevices', {}, other)).status).toBe(403);
  });

  it('binds a video input with a mode the device offers; a mode it does not offer is refused and nothing changes', async () => {
    const ok = await t.post(
      'writeconfig',
      videoDevices({ hdmi1: '/dev/video4', hdmi1format: 'MJPG', hdmi1size: '1920x1080', hdmi1fps: '30' }),
      video,
    );
    expect(ok.body).toMatchObject({ result: true });
    const bad = await t.post('writeconfig', videoDevices({ hdmi1size: '1234x567' }), video);
    expect(bad.body.result).toBe(false);
    expect(bad.body.message).toBe(
      formatMessage(MESSAGES.settingInvalid, `hdmi1size: ${formatMessage(SETTING_RULES.captureModeNotOffered, 'hdmi1')}`),
    );
    const noDevice = await t.post('writeconfig', videoDevices({ hdmi2format: 'MJPG' }), video);
    expect(noDevice.body.message).toContain(formatMessage(SETTING_RULES.captureModeWithoutDevice, 'hdmi2'));
    const stored = t.internals.settings.typed('setting_video_devices');
    expect([stored.hdmi1, stored.hdmi1format, stored.hdmi1size, stored.hdmi1fps, stored.hdmi2format]).toEqual([
      '/dev/video4',
      'MJPG',
      '1920x1080',
      '30',
      '',
    ]);
    // Not a video user's: the audio user may not write it.
    expect((await t.post('writeconfig', videoDevices({ hdmi3: '/dev/video0' }), audio)).status).toBe(403);
    // The encode asks the device for that mode.
    const plan = t.internals.media.devices();
    expect(plan.hdmi1).toEqual({
      device: '/dev/video4',
      mode: { format: 'MJPG', width: 1920, height: 1080, fps: 30 },
      missing: false,
    });
    const spec = { kind: 'v4l2' as const, device: '/dev/video4', mode: plan.hdmi1!.mode };
    expect(inputArgs(spec, 1920, 1080, 30)).toEqual([
      '-f',
      'v4l2',
      '-input_format',
      'mjpeg',
      '-video_size',
      '1920x1080',
      '-framerate',
      '30',
      '-i',
      '/dev/video4',
    ]);
  });

  it('a device not plugged in can be bound (a camera installed later); listsource marks it missing', async () => {
    expect((await t.post('writeconfig', videoDevices({ sdi1: '/dev/v4l/by-id/usb-Later_Camera-video-index0' }), video)).body.result).toBe(
      true,
    );
    const s = await sources();
    expect(s.sdi1).toEqual({ source: 'sdi1', device: '/dev/v4l/by-id/usb-Later_Camera-video-index0', missing: true });
    expect(s.hdmi1).toMatchObject({ device: '/dev/video4', missing: false });
    expect(s.hdmi2).toEqual({ source: 'hdmi2', device: '', missing: false });
    expect((await t.post('writeconfig', videoDevices({ sdi1: '' }), video)).body.result).toBe(true);
  });

  it('unplugged, the channel shows the "no signal" slate and the operation log says so; plugged back, its device again', async () => {
    let told = 0;
    const off = t.internals.capture.subscribe(() => told++);
    room.unplug('/dev/video4');
    await t.internals.capture.poll();
    // The status push hears of it (services/index.ts statusEvents).
    expect(told).toBe(1);
    off();
    expect((await sources()).hdmi1).toMatchObject({ device: '/dev/video4', missing: true });
    // The status (and its push) says channel A has no signal; the video check warns while nothing records.
    const signals = (await t.post('status', {}, admin)).body.data.signals;
    expect(signals[0]).toEqual({ channel: 'A', source: 'hdmi1', signal: 'nosignal' });
    expect(signals[1]).toEqual({ channel: 'B', source: 'hdmi2', signal: 'standin' });
    expect(signals[3]).toEqual({ channel: 'D', source: '', signal: 'none' });
    await t.internals.health.runChecks();
    const videoCheck = (await t.post('health', { check: 'video' }, admin)).body.data.checks.find(
      (c: { check: string }) => c.check === 'video',
    );
    expect(videoCheck).toMatchObject({
      check: 'video',
      state: 'warning',
      reason: 'videoNoSignal',
      args: { channel: 'A', source: 'hdmi1' },
    });
    const token = 'capture-test-token-'.padEnd(METRICS_TOKEN_MIN, 'x');
    await t.writeSettings(admin, { setting_metrics: { enable: 'true', token } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('roomcast_channel_signal{channel="A",source="hdmi1"} 0');
    expect(oplog()).toContain('Capture device of hdmi1 missing: /dev/video4');
    const video = t.internals.settings.typed('setting_video_input');
    const planWith = () =>
      planFromSettings({
        video,
        codec: t.internals.settings.typed('setting_rec_video_codec'),
        audio: t.internals.settings.typed('setting_rec_audio_codec'),
        audioInput: t.internals.settings.typed('setting_audio_input'),
        osd: t.internals.settings.typed('setting_osd'),
        fit: t.internals.settings.typed('setting_video_layout'),
        save: t.internals.settings.typed('setting_advance_media_save'),
        layout: { type: 0, channeldata: ['A'] },
        devices: t.internals.media.devices(),
        fontFiles: { arial: '/dev/null' },
        textFile: undefined,
        logo: undefined,
        preset: 'ultrafast',
      });
    expect(planWith().sources.A).toEqual({ kind: 'synthetic', label: 'A · NO SIGNAL', color: '0x303030', tone: 0 });
    room.plugBack();
    await t.internals.capture.poll();
    expect((await sources()).hdmi1).toMatchObject({ missing: false });
    expect(oplog()).toContain('Capture device of hdmi1 back: /dev/video4');
    expect((await t.post('status', {}, admin)).body.data.signals[0]).toEqual({ channel: 'A', source: 'hdmi1', signal: 'signal' });
    expect(planWith().sources.A).toMatchObject({ kind: 'v4l2', device: '/dev/video4' });
  });

  it('binds audio devices by card number or id; the ALSA file plugin only inside DATA_DIR', async () => {
    expect((await t.post('writeconfig', audioDevices({ mic1: 'hw:CARD=Device,DEV=0', hdmiaudioout: 'hw:2,0' }), audio)).body.result).toBe(
      true,
    );
    const s = await sources();
    expect(s.mic1).toMatchObject({ device: 'hw:CARD=Device,DEV=0', missing: false });
    expect(s.hdmiaudioout).toMatchObject({ device: 'hw:2,0', missing: false });
    expect((await t.post('writeconfig', audioDevices({ line1: 'hw:7,0' }), audio)).body.result).toBe(true);
    expect((await sources()).line1).toMatchObject({ missing: true });
    const outside = await t.post('writeconfig', audioDevices({ hdmiaudioout: 'file:FILE=/etc/roomcast.raw,FORMAT=raw' }), audio);
    expect(outside.body.message).toContain(formatMessage(SETTING_RULES.captureFileOutside, 'hdmiaudioout'));
    const upward = await t.post('writeconfig', audioDevices({ hdmiaudioout: `file:FILE=${t.dataDir}/../x.raw,FORMAT=raw` }), audio);
    expect(upward.body.result).toBe(false);
    const inside = await t.post('writeconfig', audioDevices({ hdmiaudioout: `file:FILE=${t.dataDir}/run/hdmi.raw,FORMAT=raw` }), audio);
    expect(inside.body.result).toBe(true);
    // A shell's characters never reach an argv: the contract refuses them.
    const shell = await t.post('writeconfig', audioDevices({ mic2: 'hw:1,0;reboot' }), audio);
    expect(shell.body.result).toBe(false);
    expect(t.internals.settings.typed('setting_audio_devices').mic2).toBe('');
  });
});

describe('isPresent', async () => {
  const devices = await recordedDevices();
  it('a V4L2 node, an ALSA card by number or id, and the plugins that are always there', () => {
    expect(isPresent(devices, '/dev/video4')).toBe(true);
    expect(isPresent(devices, '/dev/video5')).toBe(false); // the metadata node is not a picture node
    expect(isPresent(devices, '/dev/v4l/by-id/usb-gone-video-index0')).toBe(false);
    expect(isPresent(devices, 'hw:1,0')).toBe(true);
    expect(isPresent(devices, 'plughw:CARD=Device,DEV=0')).toBe(true);
    expect(isPresent(devices, 'hw:CARD=Device,DEV=1')).toBe(false);
    expect(isPresent(devices, 'hw:3')).toBe(true); // device 0 of card 3 (vc4hdmi1)
    expect(isPresent(devices, 'slides:10')).toBe(true);
    expect(isPresent(devices, 'null')).toBe(true);
  });
});

describe('DATA_DIR/sources.json of an older release', async () => {
  const t = await makeApp({ captureDevices: box().source });
  const lines: string[] = [];

  it('is imported once into the names the settings leave unbound, what they refuse left out and said, and renamed', async () => {
    const admin = await t.login();
    await t.post('writeconfig', videoDevices({ hdmi3: '/dev/video2' }), admin);
    const file = join(t.dataDir, 'sources.json');
    writeFileSync(
      file,
      JSON.stringify({
        hdmi1: '/dev/video0',
        hdmi3: '/dev/video9',
        sdi2: 'slides:5',
        mic1: 'hw:1,0',
        line1: '$(reboot)',
        cam9: '/dev/video1',
      }),
    );
    await importSourcesJson(t.dataDir, t.internals.settings, (l) => lines.push(l));
    const v = t.internals.settings.typed('setting_video_devices');
    expect([v.hdmi1, v.hdmi3, v.sdi2]).toEqual(['/dev/video0', '/dev/video2', 'slides:5']);
    expect(t.internals.settings.typed('setting_audio_devices')).toMatchObject({ mic1: 'hw:1,0', line1: '' });
    expect(existsSync(file)).toBe(false);
    expect(JSON.parse(readFileSync(`${file}.imported`, 'utf8'))).toMatchObject({ hdmi1: '/dev/video0' });
    expect(lines).toEqual([
      'Capture devices: sources.json imported into the settings (hdmi1=/dev/video0, sdi2=slides:5, mic1=hw:1,0); left out: hdmi3=/dev/video9, line1=$(reboot), cam9; renamed sources.json.imported',
    ]);
    // Once: nothing is read again.
    await importSourcesJson(t.dataDir, t.internals.settings, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
  });

  it('a file that is not JSON is left as it is, and said', async () => {
    const file = join(t.dataDir, 'sources.json');
    writeFileSync(file, '{ "hdmi1": ');
    await importSourcesJson(t.dataDir, t.internals.settings, (l) => lines.push(l));
    expect(existsSync(file)).toBe(true);
    expect(lines.at(-1)).toMatch(/^Capture devices: .*sources\.json was not imported: /);
  });
});
