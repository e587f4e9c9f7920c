import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountText,
  anyText,
  boolText,
  compactText,
  conditionHolds,
  dateTimeText,
  editIssues,
  editValue,
  enumText,
  hostText,
  intText,
  matchSettingRule,
  pathText,
  SETTING_CODES,
  SETTING_RULES,
  SETTINGS,
  settingKeysOf,
  textMax,
  timeText,
  tokenText,
  urlText,
  valueMetaOf,
  when,
  withMeta,
  zoneText,
  type SettingCode,
  type SettingKeyDef,
} from './index.js';

describe('value metadata (zod .meta)', () => {
  it.each([
    ['boolText', boolText, { kind: 'bool' }],
    ['intText', intText(0, 100), { kind: 'int', min: 0, max: 100 }],
    ['enumText', enumText(['44100', '48000']), { kind: 'enum', options: ['44100', '48000'] }],
    ['timeText', timeText, { kind: 'time' }],
    ['textMax', textMax(30), { kind: 'text', maxLength: 30, format: 'plain' }],
    ['compactText', compactText(30), { kind: 'text', maxLength: 30, format: 'compact' }],
    ['hostText', hostText, { kind: 'text', maxLength: 253, format: 'host' }],
    ['urlText', urlText(['rtmp', 'rtmps']), { kind: 'text', maxLength: 1024, format: 'url', schemes: ['rtmp', 'rtmps'] }],
    ['pathText', pathText, { kind: 'text', maxLength: 1024, format: 'path' }],
    ['tokenText', tokenText(32), { kind: 'text', maxLength: 32, format: 'token' }],
    ['accountText', accountText, { kind: 'text', maxLength: 64, format: 'account' }],
    ['dateTimeText', dateTimeText, { kind: 'datetime' }],
    ['zoneText', zoneText, { kind: 'zone' }],
    ['anyText', anyText, { kind: 'any' }],
  ] as const)('%s describes itself', (_name, schema, meta) => {
    expect(valueMetaOf(schema as z.ZodType<string, string>)).toEqual(meta);
  });

  it('leaves validation as it was', () => {
    expect(intText(0, 100).safeParse(' 050 ')).toEqual({ success: true, data: '50' });
    expect(intText(0, 100).safeParse('101').success).toBe(false);
    expect(compactText(5).parse(' a b ')).toBe('ab');
    expect(withMeta(z.string().trim(), { kind: 'any' }).parse(' x ')).toBe('x');
  });

  describe.each(SETTING_CODES)('%s', (code: SettingCode) => {
    const keys = settingKeysOf(code);
    it("every key carries its schema's metadata, in declaration order", () => {
      expect(keys.map(([k]) => k)).toEqual(Object.keys(SETTINGS[code].keys));
      keys.forEach(([k, def], i) => {
        expect(def.order, k).toBe(i);
        expect(def.meta, k).toEqual(valueMetaOf(def.schema));
      });
    });
    it('int and enum metadata match what the schema accepts', () => {
      for (const [k, def] of keys) {
        if (def.meta.kind === 'int') {
          expect(def.schema.safeParse(String(def.meta.min)).success, k).toBe(true);
          expect(def.schema.safeParse(String(def.meta.max)).success, k).toBe(true);
          expect(def.schema.safeParse(String(def.meta.max + 1)).success, k).toBe(false);
          expect(def.schema.safeParse(String(def.meta.min - 1)).success, k).toBe(false);
        }
        if (def.meta.kind === 'enum') for (const o of def.meta.options) expect(def.schema.safeParse(o).success, `${k}=${o}`).toBe(true);
        if (def.meta.kind === 'bool')
          expect(
            ['true', 'false'].every((v) => def.schema.safeParse(v).success),
            k,
          ).toBe(true);
      }
    });
    it('conditions name another key of the code and values it can take', () => {
      for (const [k, def] of keys) {
        for (const c of [def.visibleWhen, def.disabledWhen].filter(Boolean) as NonNullable<SettingKeyDef['visibleWhen']>[]) {
          const target = (SETTINGS[code].keys as Record<string, SettingKeyDef>)[c.key];
          expect(target, `${k} depends on ${c.key}`).toBeDefined();
          expect(c.key).not.toBe(k);
          for (const v of c.is) expect(target!.schema.safeParse(v).success, `${k}: ${c.key}=${v}`).toBe(true);
        }
      }
    });
  });
});

describe('conditions', () => {
  it('rtsp URLs show only for rtsp channels; static addresses only without DHCP', () => {
    const video = SETTINGS.setting_video_input.keys as Record<string, SettingKeyDef>;
    expect(conditionHolds(video.rtspURLA!.visibleWhen, { channelA: 'rtsp' })).toBe(true);
    expect(conditionHolds(video.rtspURLA!.visibleWhen, { channelA: 'hdmi1' })).toBe(false);
    const net = SETTINGS.setting_system_network.keys;
    expect(net.ip.visibleWhen).toEqual(when('dhcp', 'false'));
    expect(net.realip.visibleWhen).toEqual(when('dhcp', 'true'));
    expect(net.realip.readOnly).toBe(true);
    expect(conditionHolds(undefined, {})).toBe(false);
  });
});

describe('edit rules for the console', () => {
  it('editIssues reports key rules and cross-key rules per key', () => {
    const values = { analog_volume: '101', macin1: 'true', macin2: 'true', linein1: 'false', linein2: 'false', hdmi5: 'false' };
    expect(editIssues('setting_audio_input', values)).toEqual([
      { key: 'analog_volume', message: 'must be between 0 and 100' },
      { key: 'macin2', message: SETTING_RULES.audioBothMics },
    ]);
    expect(editIssues('setting_audio_input', { ...values, analog_volume: '100', macin2: 'false' })).toEqual([]);
  });
  it('editIssues assumes a secret left empty is kept', () => {
    expect(editIssues('setting_cloud_dropbox', { enable: 'true', path: '/x', accesstoken: '' })).toEqual([]);
  });
  it('editValue applies the serial and storage exclusivity', () => {
    expect(
      editValue('setting_serial_port', { rs232_type: 'controlpannel', rs485_type: 'default' }, 'rs485_type', 'controlpannel'),
    ).toMatchObject({ rs232_type: 'default', rs485_type: 'controlpannel' });
    expect(editValue('setting_check_storage', { enable: 'true', retentionenable: 'false' }, 'retentionenable', 'true')).toMatchObject({
      enable: 'false',
      retentionenable: 'true',
    });
  });
  it('matchSettingRule finds the rule and its arguments in a message', () => {
    expect(matchSettingRule('Channel B is set to RTSP. Please input its RTSP URL.')).toEqual({ rule: 'videoRtspUrl', args: ['B'] });
    expect(matchSettingRule('macin1 must be off while hdmi5 is on. Turn hdmi5 off first.')).toEqual({
      rule: 'audioOffWhileHdmi5',
      args: ['macin1'],
    });
    expect(matchSettingRule('something else')).toBeUndefined();
  });
});
