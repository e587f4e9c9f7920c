import { describe, expect, it } from 'vitest';
import { SETTING_CODES, SETTING_RULES, SETTINGS, settingKeysOf, type SettingKeyDef } from '@roomcast/contract';
import { LANGUAGES, type Messages } from '../../locales/resources';

const FILES = import.meta.glob<Messages>('../../locales/*/settings.json', { eager: true, import: 'default' });
const settings = (lang: string) => FILES[`../../locales/${lang}/settings.json`] as Record<string, Record<string, unknown>>;

describe('settings namespace', () => {
  it.each(LANGUAGES)('%s labels every key of every setting code', (lang) => {
    const missing: string[] = [];
    for (const code of SETTING_CODES) {
      for (const [key] of settingKeysOf(code)) {
        const label = settings(lang)[code]?.[key];
        if (typeof label !== 'string' || !label.trim()) missing.push(`${code}.${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a text for every cross-key rule and every value kind', (lang) => {
    expect(Object.keys(settings(lang).rules ?? {}).sort()).toEqual(Object.keys(SETTING_RULES).sort());
    const formats = new Set<string>();
    for (const code of SETTING_CODES) {
      for (const def of Object.values(SETTINGS[code].keys) as SettingKeyDef[]) if (def.meta.kind === 'text') formats.add(def.meta.format);
    }
    for (const key of ['int', 'enum', 'time', 'datetime', 'zone', 'maxLength', ...formats])
      expect(settings(lang).errors?.[key], key).toBeTruthy();
  });

  it('labels only keys that exist', () => {
    const doc = settings('en_US');
    for (const [code, labels] of Object.entries(doc)) {
      if (!code.startsWith('setting_')) continue;
      expect(SETTING_CODES).toContain(code);
      for (const key of Object.keys(labels))
        expect(Object.keys(SETTINGS[code as keyof typeof SETTINGS].keys), `${code}.${key}`).toContain(key);
    }
  });
});
