import { describe, expect, it } from 'vitest';
import {
  fieldState,
  panel,
  readBody,
  saveBody,
  screenIssues,
  valuesFromAnswer,
  withEdit,
  withFollowers,
  type FieldOptions,
  type ScreenValues,
} from './settings-form';

const PANELS = [
  panel({ title: 'a', code: 'setting_audio_input', fields: { analog_volume: { widget: 'slider' } } }),
  panel({ title: 'b', code: 'setting_rec_audio_codec' }),
  panel({ title: 'c', code: 'setting_general_output', fields: { hdmiaudiooutput: { disabled: true } } }),
];
const AUDIO = { analog_volume: '50', macin1: 'true', macin2: 'false', linein1: 'true', linein2: 'false', hdmi5: 'false' };
const VALUES: ScreenValues = {
  setting_audio_input: AUDIO,
  setting_rec_audio_codec: { samples: '48000', bitrate: '128000' },
  setting_general_output: { hdmiaudiooutput: 'true' },
};

describe('settings form', () => {
  it('reads every code of the screen in one getsetting and maps the answer', () => {
    expect(readBody(PANELS)).toEqual([
      { section: 'setting_audio_input', keys: [] },
      { section: 'setting_rec_audio_codec', keys: [] },
      { section: 'setting_general_output', keys: [] },
    ]);
    expect(valuesFromAnswer([{ section: 'setting_rec_audio_codec', data: [{ key: 'samples', value: '44100' }] }])).toEqual({
      setting_rec_audio_codec: { samples: '44100' },
    });
  });

  it('applies the contract rule when a key is edited', () => {
    const next = withEdit(VALUES, 'setting_audio_input', 'hdmi5', 'true');
    expect(next.setting_audio_input).toMatchObject({ hdmi5: 'true', macin1: 'false', linein1: 'false' });
    expect(next.setting_rec_audio_codec).toBe(VALUES.setting_rec_audio_codec);
  });

  it('reports the contract issues per code', () => {
    expect(screenIssues(PANELS, VALUES)).toEqual({});
    const bad = withEdit(VALUES, 'setting_audio_input', 'analog_volume', '150');
    expect(screenIssues(PANELS, bad)).toEqual({ setting_audio_input: [{ key: 'analog_volume', message: 'must be between 0 and 100' }] });
  });

  it('disables fields in view mode, read-only keys and declared ones; hides by contract condition', () => {
    expect(fieldState('setting_audio_input', 'macin1', VALUES, false)).toEqual({ visible: true, disabled: true });
    expect(fieldState('setting_audio_input', 'macin1', VALUES, true)).toEqual({ visible: true, disabled: false });
    expect(fieldState('setting_general_output', 'hdmiaudiooutput', VALUES, true, { disabled: true }).disabled).toBe(true);
    expect(fieldState('setting_video_input', 'rtspURLA', { setting_video_input: { channelA: 'hdmi1' } }, true).visible).toBe(false);
    expect(fieldState('setting_video_input', 'rtspURLA', { setting_video_input: { channelA: 'rtsp' } }, true).visible).toBe(true);
    expect(fieldState('setting_system_network', 'realip', { setting_system_network: { dhcp: 'true' } }, true)).toEqual({
      visible: true,
      disabled: true,
    });
  });

  it('disables and hides by the values shown when a screen says so', () => {
    const options: FieldOptions = { disabled: (v) => !v.setting_audio_devices?.hdmiaudioout, visible: (v) => !!v.setting_general_output };
    const values: ScreenValues = { setting_general_output: { hdmiaudiooutput: 'false' }, setting_audio_devices: { hdmiaudioout: '' } };
    expect(fieldState('setting_general_output', 'hdmiaudiooutput', values, true, options)).toEqual({ visible: true, disabled: true });
    const bound = { ...values, setting_audio_devices: { hdmiaudioout: 'hw:0,3' } };
    expect(fieldState('setting_general_output', 'hdmiaudiooutput', bound, true, options).disabled).toBe(false);
    expect(fieldState('setting_general_output', 'hdmiaudiooutput', {}, true, options).visible).toBe(false);
  });

  it('takes a following key back to "" when what it follows no longer offers its value, down the chain', () => {
    const sizes: Record<string, string[]> = { '/dev/video0': ['', '1920x1080'], '/dev/video2': ['', '640x480'] };
    const rates: Record<string, string[]> = { '1920x1080': ['', '30'], '': [''] };
    const offer = (list: string[] = ['']) => list.map((value) => ({ value, label: value }));
    const devices = panel({
      title: 'd',
      code: 'setting_video_devices',
      fields: {
        hdmi1size: { follows: 'hdmi1', offered: (v) => offer(sizes[v.setting_video_devices?.hdmi1 ?? '']) },
        hdmi1fps: { follows: 'hdmi1size', offered: (v) => offer(rates[v.setting_video_devices?.hdmi1size ?? '']) },
      },
    });
    const values: ScreenValues = { setting_video_devices: { hdmi1: '/dev/video0', hdmi1size: '1920x1080', hdmi1fps: '30' } };
    const edit = (key: string, value: string) =>
      withFollowers([devices], withEdit(values, 'setting_video_devices', key, value), 'setting_video_devices', key);
    expect(edit('hdmi1', '/dev/video2').setting_video_devices).toMatchObject({ hdmi1: '/dev/video2', hdmi1size: '', hdmi1fps: '' });
    expect(edit('hdmi1', '/dev/video0').setting_video_devices).toMatchObject({ hdmi1size: '1920x1080', hdmi1fps: '30' });
    expect(edit('hdmi1size', '').setting_video_devices).toMatchObject({ hdmi1: '/dev/video0', hdmi1size: '', hdmi1fps: '' });
  });

  it('saves every code of the screen in one setsetting body', () => {
    expect(saveBody(PANELS, VALUES)).toEqual([
      { section: 'setting_audio_input', data: Object.entries(AUDIO).map(([key, value]) => ({ key, value })) },
      {
        section: 'setting_rec_audio_codec',
        data: [
          { key: 'samples', value: '48000' },
          { key: 'bitrate', value: '128000' },
        ],
      },
      { section: 'setting_general_output', data: [{ key: 'hdmiaudiooutput', value: 'true' }] },
    ]);
  });

  it('never writes read-only keys', () => {
    const body = saveBody([panel({ title: 'n', code: 'setting_system_network' })], { setting_system_network: { dhcp: 'true' } });
    expect(body[0]!.data.map((d) => d.key)).toEqual(['dhcp', 'ip', 'netmask', 'gateway', 'mac', 'dns']);
  });
});
