import { describe, expect, it } from 'vitest';
import {
  applyWrite,
  channelRecordingBitrateHint,
  choicesOf,
  defaultValues,
  editIssues,
  NORMAL_MODE,
  readableValues,
  type SettingCode,
  type SettingContext,
} from './index.js';

const MODE_4K: SettingContext = { mode4k: true };
const write = (code: SettingCode, data: Record<string, string>, ctx: SettingContext, stored: Record<string, string> = {}) =>
  applyWrite(
    code,
    stored,
    Object.entries(data).map(([key, value]) => ({ key, value })),
    ctx,
  );
const refused = (r: ReturnType<typeof write>) => (r.ok ? [] : r.issues.map((i) => i.message));

describe('video encoding options per mode (spec §9)', () => {
  it('offers 1080/720/480/270 in normal mode (default 1080) and 2160/1080/720/480 in 4K mode (default 2160)', () => {
    expect(choicesOf('setting_rec_video_codec', 'main_quality', {}, NORMAL_MODE)).toEqual(['1080', '720', '480', '270']);
    expect(choicesOf('setting_rec_video_codec', 'main_quality', {}, MODE_4K)).toEqual(['2160', '1080', '720', '480']);
    expect(defaultValues('setting_rec_video_codec', NORMAL_MODE).main_quality).toBe('1080');
    expect(defaultValues('setting_rec_video_codec', MODE_4K).main_quality).toBe('2160');
    expect(readableValues('setting_rec_video_codec', {}, MODE_4K).main_quality).toBe('2160');
  });

  it('offers the CBR list in normal mode and the 4K list in 4K mode, 20000 only at 2160', () => {
    expect(choicesOf('setting_rec_video_codec', 'main_bitrate', { main_quality: '1080' }, NORMAL_MODE)).toEqual([
      '300',
      '500',
      '700',
      '1000',
      '2000',
      '4000',
      '8000',
      '12000',
      '16000',
    ]);
    expect(choicesOf('setting_rec_video_codec', 'main_bitrate', { main_quality: '2160' }, MODE_4K)).toEqual([
      '2000',
      '4000',
      '8000',
      '12000',
      '16000',
      '20000',
    ]);
    expect(choicesOf('setting_rec_video_codec', 'main_bitrate', { main_quality: '1080' }, MODE_4K)).not.toContain('20000');
    expect(choicesOf('setting_rec_video_codec', 'sub_bitrate', {}, MODE_4K)).toEqual(['300', '500', '700', '1000', '2000', '4000']);
  });

  it('refuses what the mode does not offer, with the same judgement as the console', () => {
    expect(refused(write('setting_rec_video_codec', { main_quality: '2160' }, NORMAL_MODE))).toEqual([
      'main_quality: must be one of 1080, 720, 480, 270',
    ]);
    expect(refused(write('setting_rec_video_codec', { main_quality: '270' }, MODE_4K))).toEqual([
      'main_quality: must be one of 2160, 1080, 720, 480',
    ]);
    expect(refused(write('setting_rec_video_codec', { main_bitrate: '300' }, MODE_4K))).toHaveLength(1);
    expect(refused(write('setting_rec_video_codec', { main_quality: '720', main_bitrate: '20000' }, MODE_4K))).toEqual([
      'A bitrate of 20000 kbit/s needs main quality 2160. Choose a lower bitrate.',
    ]);
    expect(write('setting_rec_video_codec', { main_quality: '720', main_bitrate: '16000' }, MODE_4K).ok).toBe(true);
    // The console's pre-check finds the same, without the key prefix.
    expect(
      editIssues('setting_rec_video_codec', { ...defaultValues('setting_rec_video_codec'), main_quality: '2160' }, NORMAL_MODE),
    ).toEqual([{ key: 'main_quality', message: 'must be one of 1080, 720, 480, 270' }]);
  });

  it('forces sub quality to 360 on load, and values of the other mode to the mode default', () => {
    const stored = { main_quality: '270', main_bitrate: '300', sub_quality: '720' };
    expect(readableValues('setting_rec_video_codec', stored, MODE_4K)).toMatchObject({
      main_quality: '2160',
      main_bitrate: '4000',
      sub_quality: '360',
    });
    expect(readableValues('setting_rec_video_codec', { main_quality: '2160', main_bitrate: '20000' }, NORMAL_MODE)).toMatchObject({
      main_quality: '1080',
      main_bitrate: '4000',
    });
    // A stored value of the other mode is replaced, so writing another key is not refused for it.
    expect(write('setting_rec_video_codec', { sub_bitrate: '1000' }, MODE_4K, stored).ok).toBe(true);
  });

  it('hints at 4 Mbps or less while channels are recorded on their own', () => {
    expect(channelRecordingBitrateHint({ main_bitrate: '8000' }, { resource_vi0_enable: 'true' })).toBe(true);
    expect(channelRecordingBitrateHint({ main_bitrate: '4000' }, { resource_vi0_enable: 'true' })).toBe(false);
    expect(channelRecordingBitrateHint({ main_bitrate: '8000' }, { resource_vi0_enable: 'false' })).toBe(false);
    // Unknown (the user may not read the storage settings): the hint shows.
    expect(channelRecordingBitrateHint({ main_bitrate: '8000' }, undefined)).toBe(true);
  });
});

describe('video inputs per mode', () => {
  it('hides RTSP in 4K mode and refuses it there', () => {
    expect(choicesOf('setting_video_input', 'channelA', {}, NORMAL_MODE)).toContain('rtsp');
    expect(choicesOf('setting_video_input', 'channelA', {}, MODE_4K)).not.toContain('rtsp');
    expect(refused(write('setting_video_input', { channelD: 'rtsp', rtspURLD: 'rtsp://cam/d' }, MODE_4K))).toEqual([
      'channelD: must be one of , hdmi1, hdmi2, hdmi3, hdmi4, sdi1, sdi2, sdi3, sdi4',
    ]);
    expect(write('setting_video_input', { channelD: 'rtsp', rtspURLD: 'rtsp://cam/d' }, NORMAL_MODE).ok).toBe(true);
  });
});

describe('OSD text (spec §5)', () => {
  it('strips whitespace and keeps at most 30 characters', () => {
    const r = write('setting_osd', { textcontent: ' Room  101 ' }, NORMAL_MODE);
    expect(r.ok && r.values.textcontent).toBe('Room101');
    expect(write('setting_osd', { textcontent: 'x'.repeat(31) }, NORMAL_MODE).ok).toBe(false);
    expect(write('setting_osd', { fontcolor: '#00ff00' }, NORMAL_MODE).ok).toBe(false);
    expect(write('setting_osd', { textx: '2001' }, NORMAL_MODE).ok).toBe(false);
  });
});
