import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  encodeFilePath,
  FILE_PATH_HEADER,
  formatMessage,
  MESSAGES,
  PICTURE_PATH,
  PICTURE_SOURCE_HEADER,
  SESSION_HEADER,
} from '@roomcast/contract';
import { makeApp } from './helpers.js';
import { waitFor, waitRecorded } from './wait.js';

/*
 * The picture settings (services/layout/picture-settings.ts): the OSD logo upload, the capture devices of the
 * sources, video settings fixed while recording, the per-mode encoding options, and the picture route.
 */

const osd = (values: Record<string, string>) => ({
  settingcode: 'setting_osd',
  data: Object.entries(values).map(([key, value]) => ({ key, value })),
});

describe('picture settings', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const logoUser = await t.userWith(['operation', 'logotitle'], 'logo1', admin);
  const albumUser = await t.userWith(['album'], 'album1', admin);
  const upload = (bytes: Buffer, session: string, type = 'image/x-rgb', path = 'logo.argb') =>
    t.post('uploadfile', bytes, session, { [FILE_PATH_HEADER]: encodeFilePath(path), 'content-type': type });

  it('uploadfile stores logo.argb at the OSD logo size, as image/x-rgb, for logotitle only', async () => {
    expect((await t.post('writeconfig', osd({ logowidth: '4', logoheight: '2' }), logoUser)).body.result).toBe(true);
    const raster = Buffer.alloc(4 * 2 * 4, 0xff);
    expect((await upload(raster, logoUser, 'image/png')).body.message).toBe(MESSAGES.logoNotArgb);
    expect((await upload(Buffer.alloc(12), logoUser)).body.message).toBe(formatMessage(MESSAGES.logoSizeMismatch, 4, 2, 32, 12));
    expect((await upload(raster, albumUser)).status).toBe(403);
    const ok = await upload(raster, logoUser);
    expect(ok.body).toMatchObject({ result: true, data: { path: 'logo.argb' } });
    expect(readFileSync(join(t.dataDir, 'upload', 'logo.argb'))).toEqual(raster);
    expect(JSON.parse(readFileSync(join(t.dataDir, 'upload', 'logo.json'), 'utf8'))).toEqual({ width: 4, height: 2 });
    // Never served.
    expect((await t.app.inject({ method: 'GET', url: '/upload/logo.argb' })).statusCode).toBeGreaterThanOrEqual(400);

    expect((await t.post('writeconfig', osd({ logowidth: '0' }), logoUser)).body.result).toBe(true);
    expect((await upload(raster, logoUser)).body.message).toBe(MESSAGES.logoNoSize);
  });

  it('listsource tells each source name its bound device, or none (the synthetic stand-in)', async () => {
    const write = (settingcode: string, values: Record<string, string>) =>
      t.post('writeconfig', { settingcode, data: Object.entries(values).map(([key, value]) => ({ key, value })) }, admin);
    expect((await write('setting_video_devices', { hdmi2: '/dev/video4', sdi1: 'slides:3' })).body.result).toBe(true);
    expect((await write('setting_audio_devices', { hdmiaudioout: 'null' })).body.result).toBe(true);
    const res = await t.post('listsource', {}, admin);
    const bound = Object.fromEntries((res.body.data as { source: string; device: string }[]).map((s) => [s.source, s.device]));
    expect(bound).toEqual({
      hdmi1: '',
      hdmi2: '/dev/video4',
      hdmi3: '',
      hdmi4: '',
      sdi1: 'slides:3',
      sdi2: '',
      sdi3: '',
      sdi4: '',
      mic1: '',
      mic2: '',
      line1: '',
      line2: '',
      hdmi5: '',
      hdmiaudioout: 'null',
    });
    expect((await t.post('listsource', {}, logoUser)).status).toBe(403);
    await write('setting_video_devices', { hdmi2: '', sdi1: '' });
    await write('setting_audio_devices', { hdmiaudioout: '' });
  });

  it('the picture route: a still from the settings while nothing encodes, for the screens that change the picture', async () => {
    const get = (session?: string) =>
      t.app.inject({ method: 'GET', url: PICTURE_PATH, headers: session ? { [SESSION_HEADER]: session } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(albumUser)).statusCode).toBe(403);
    const res = await get(logoUser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers[PICTURE_SOURCE_HEADER]).toBe('still');
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 20_000);

  it('video inputs and encoding cannot change while recording; the OSD can, and re-plans the encode', async () => {
    const codec = (main_quality: string) => ({
      settingcode: 'setting_rec_video_codec',
      data: [{ key: 'main_quality', value: main_quality }],
    });
    expect((await t.post('writeconfig', codec('270'), admin)).body.result).toBe(true);
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 1);
    expect((await t.post('writeconfig', codec('480'), admin)).body.message).toBe(MESSAGES.videoSettingsBusy);
    const input = { settingcode: 'setting_video_input', data: [{ key: 'channelD', value: 'hdmi4' }] };
    expect((await t.post('writeconfig', input, admin)).body.message).toBe(MESSAGES.videoSettingsBusy);
    // Writing the values as they are (the console sends every key) changes nothing and is not refused.
    expect((await t.post('writeconfig', codec('270'), admin)).body.result).toBe(true);
    const pid = t.internals.media.encoder.pid;
    expect((await t.post('writeconfig', osd({ enabletext: 'true', textcontent: 'Hello' }), admin)).body.result).toBe(true);
    // A re-plan: a new ffmpeg with the text on the picture.
    await waitFor(() => t.internals.media.encoder.running && t.internals.media.encoder.pid !== pid, {
      timeoutMs: 10_000,
      what: 'the encode re-planned',
    });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    expect((await t.post('writeconfig', codec('480'), admin)).body.result).toBe(true);
  }, 40_000);
});

describe('4K mode (web config site.mode4k)', async () => {
  const t = await makeApp({ webconfig: { site: { mode4k: true } } });
  const admin = await t.login();
  const codec = (data: Record<string, string>) => ({
    settingcode: 'setting_rec_video_codec',
    data: Object.entries(data).map(([key, value]) => ({ key, value })),
  });

  it('defaults to 2160, offers 20000 there only, refuses 270 and RTSP sources', async () => {
    const read = await t.post('readconfig', { settingcode: 'setting_rec_video_codec' }, admin);
    expect(read.body.data.find((d: { key: string }) => d.key === 'main_quality').value).toBe('2160');
    expect((await t.post('writeconfig', codec({ main_bitrate: '20000' }), admin)).body.result).toBe(true);
    expect((await t.post('writeconfig', codec({ main_quality: '1080' }), admin)).body.message).toMatch(
      /20000 kbit\/s needs main quality 2160/,
    );
    expect((await t.post('writeconfig', codec({ main_quality: '270', main_bitrate: '4000' }), admin)).body.message).toMatch(
      /main_quality: must be one of 2160, 1080, 720, 480/,
    );
    const rtsp = {
      settingcode: 'setting_video_input',
      data: [
        { key: 'channelD', value: 'rtsp' },
        { key: 'rtspURLD', value: 'rtsp://cam/d' },
      ],
    };
    expect((await t.post('writeconfig', rtsp, admin)).body.result).toBe(false);
  });
});
