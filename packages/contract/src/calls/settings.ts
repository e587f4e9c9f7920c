import { z } from 'zod';
import { DENIED } from '../permissions.js';
import { defineCall, NoData } from './define.js';
import { SETTINGS, SETTING_CODES, type SettingCode } from '../settings/index.js';

const settingcode = z.enum(SETTING_CODES as [SettingCode, ...SettingCode[]]);
const KeyValue = z.object({ key: z.string().max(64), value: z.string().max(4096) });
const read = (code: SettingCode) => SETTINGS[code]?.read ?? DENIED;
const write = (code: SettingCode) => SETTINGS[code]?.write ?? DENIED;

export const settingCalls = {
  readconfig: defineCall({
    summary: 'Read one setting code: every key with its value (defaults where never written; secrets read as "").',
    request: z.object({ settingcode }),
    data: z.array(KeyValue),
    permission: (b) => [read(b.settingcode)],
    mutating: false,
  }),
  writeconfig: defineCall({
    summary: 'Write keys of one setting code. Every key is validated first; all or nothing.',
    request: z.object({ settingcode, data: z.array(KeyValue).min(1, 'must name at least one key').max(100) }),
    data: NoData,
    permission: (b) => [write(b.settingcode)],
    mutating: true,
  }),
  getsetting: defineCall({
    summary: 'Read several codes at once (sections are setting codes; `keys` empty means all keys).',
    request: z
      .array(z.object({ section: settingcode, keys: z.array(z.string().max(64)).max(100).default([]) }))
      .min(1)
      .max(50),
    data: z.array(z.object({ section: z.string(), data: z.array(KeyValue) })),
    permission: (b) => b.map((s) => read(s.section)),
    mutating: false,
  }),
  setsetting: defineCall({
    summary: 'Write several codes at once, all or nothing across every section.',
    request: z
      .array(z.object({ section: settingcode, data: z.array(KeyValue).min(1).max(100) }))
      .min(1)
      .max(50),
    data: NoData,
    permission: (b) => b.map((s) => write(s.section)),
    mutating: true,
  }),
};
