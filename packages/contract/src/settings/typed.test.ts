import { describe, expect, expectTypeOf, it } from 'vitest';
import { LIMITS } from '../limits.js';
import {
  defaultValues,
  SETTING_CODES,
  SETTINGS,
  settingEntries,
  settingText,
  typedSetting,
  type SettingCode,
  type SettingKeyDef,
  type TypedSetting,
} from './index.js';

const JS_TYPE = { bool: 'boolean', int: 'number' } as const;

describe('typedSetting', () => {
  it('gives the defaults when nothing is stored', () => {
    expect(typedSetting('setting_ntp', {})).toEqual({ enable: true, server: 'pool.ntp.org' });
    expect(typedSetting('setting_check_storage', {})).toEqual({
      enable: false,
      exectime: '02:00:00',
      freesize: 50,
      retentionenable: false,
      retentiondays: 30,
      retentionexectime: '03:00:00',
    });
  });

  it('parses stored strings by their keys: booleans, whole numbers (canonical), options, text (trimmed)', () => {
    const ftp = typedSetting('setting_advance_ftp', {
      enable: 'true',
      port: '0022',
      protocol: 'sftp',
      host: ' ftp.example.edu ',
      timeenable: 'false',
    });
    expect(ftp).toMatchObject({ enable: true, port: 22, protocol: 'sftp', host: 'ftp.example.edu', timeenable: false });
  });

  it('takes the default for a missing or invalid value, key by key', () => {
    const v = typedSetting('setting_advance_ftp', {
      enable: 'yes',
      port: '70000',
      protocol: 'gopher',
      timebegin: '25:00:00',
      host: 'ok.example',
    });
    expect(v).toMatchObject({ enable: false, port: 21, protocol: 'ftp', timebegin: '00:00:00', host: 'ok.example' });
  });

  it('takes the mode defaults and normalises as on load', () => {
    expect(typedSetting('setting_rec_video_codec', {}, { mode4k: true }).main_quality).toBe('2160');
    expect(typedSetting('setting_rec_video_codec', {}).main_quality).toBe('1080');
    // A quality of the other mode becomes this mode's default; the sub quality is always 360.
    expect(typedSetting('setting_rec_video_codec', { main_quality: '2160' }).main_quality).toBe('1080');
    const save = typedSetting('setting_advance_media_save', { hddenable: 'false', maxduration: 'soon', movie_low_enable: 'false' });
    expect(save).toMatchObject({ hddenable: true, maxduration: LIMITS.maxDurationHours.default, movie_low_enable: false });
  });

  it('keeps secrets as stored (the lock password is a hash) and drops unknown keys', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    const v = typedSetting('setting_lockscreen', { enable: 'true', password: hash, idleminutes: '5', stale: 'x' });
    expect(v).toEqual({ enable: true, password: hash, idleminutes: 5 });
  });

  it.each(SETTING_CODES)('%s: every key, typed as its metadata says', (code) => {
    const typed = typedSetting(code, {}) as Record<string, unknown>;
    const keys = Object.entries(SETTINGS[code].keys as Record<string, SettingKeyDef>);
    expect(Object.keys(typed).sort()).toEqual(keys.map(([k]) => k).sort());
    for (const [k, def] of keys) {
      const kind = def.meta.kind;
      expect(typeof typed[k], `${code}.${k}`).toBe(kind === 'bool' || kind === 'int' ? JS_TYPE[kind] : 'string');
      if (kind === 'enum') expect(def.meta.options).toContain(typed[k]);
    }
  });

  it.each(SETTING_CODES)('%s: typed defaults written back are the defaults', (code: SettingCode) => {
    const written = Object.fromEntries(settingEntries(code, typedSetting(code, {})).map((e) => [e.key, e.value]));
    expect(written).toEqual(defaultValues(code));
  });
});

describe('settingEntries and settingText', () => {
  it('writes booleans as "true"/"false" and numbers in decimal, skipping keys left undefined', () => {
    expect(settingEntries('setting_lockscreen', { enable: true, password: 'pw', idleminutes: undefined })).toEqual([
      { key: 'enable', value: 'true' },
      { key: 'password', value: 'pw' },
    ]);
    expect(settingText(false)).toBe('false');
    expect(settingText(15)).toBe('15');
    expect(settingText('rtsp')).toBe('rtsp');
  });

  it('refuses a key the code does not have', () => {
    const extra = { enable: true, colour: 'red' } as Partial<TypedSetting<'setting_ntp'>>;
    expect(() => settingEntries('setting_ntp', extra)).toThrow('colour is not a key of setting_ntp');
  });
});

describe('the types come from the definitions', () => {
  it('bool is boolean, int is number, enum its options, anything else string', () => {
    const ntp = typedSetting('setting_ntp', {});
    expectTypeOf(ntp.enable).toEqualTypeOf<boolean>();
    expectTypeOf(ntp).toEqualTypeOf<{ enable: boolean; server: string }>();
    const ftp = typedSetting('setting_advance_ftp', {});
    expectTypeOf(ftp.port).toEqualTypeOf<number>();
    expectTypeOf(ftp.protocol).toEqualTypeOf<'ftp' | 'ftps' | 'sftp' | 'scp'>();
    expectTypeOf(ftp.timebegin).toEqualTypeOf<string>();
    expectTypeOf<TypedSetting<'setting_segmentation'>>().toEqualTypeOf<{ mode: 'smooth' | 'advanced' }>();
    // A key made with `withMeta` directly keeps its kind too (maxduration: int).
    expectTypeOf<TypedSetting<'setting_advance_media_save'>['maxduration']>().toEqualTypeOf<number>();
    expectTypeOf<TypedSetting<'setting_advance_media_save'>['resource_vi4_enable']>().toEqualTypeOf<boolean>();
    // Keys built per channel keep their names and kinds.
    expectTypeOf<TypedSetting<'setting_video_input'>['channelF']>().toEqualTypeOf<
      '' | 'hdmi1' | 'hdmi2' | 'hdmi3' | 'hdmi4' | 'sdi1' | 'sdi2' | 'sdi3' | 'sdi4' | 'rtsp' | 'srt'
    >();
    expectTypeOf<TypedSetting<'setting_video_input'>['rtspURLA']>().toEqualTypeOf<string>();
    expectTypeOf<TypedSetting<'setting_live_rtmp'>>().toEqualTypeOf<{
      mainenable: boolean;
      mainurl: string;
      subenable: boolean;
      suburl: string;
    }>();
    // Options that are not literal types are strings.
    expectTypeOf<TypedSetting<'setting_layout_animate'>['type']>().toEqualTypeOf<string>();
  });

  it('writes only the values a key can have', () => {
    expectTypeOf(settingEntries<'setting_ntp'>)
      .parameter(1)
      .toEqualTypeOf<{ enable?: boolean; server?: string }>();
    // @ts-expect-error a boolean key takes a boolean, not its string form
    expect(() => settingEntries('setting_ntp', { enable: 'true' })).not.toThrow();
  });
});
