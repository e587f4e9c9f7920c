import { describe, expect, it } from 'vitest';
import { HEALTH_CHECKS, HEALTH_REASONS, HEALTH_STATES, healthReasonText, TRANSFER_TARGETS } from '@roomcast/contract';
import type { TFunction } from 'i18next';
import i18n from '../../app/i18n';
import { LANGUAGES, type Messages } from '../../locales/resources';
import { reasonText } from '../../components/health/reason-text';

const FILES = import.meta.glob<Messages>('../../locales/*/health.json', { eager: true, import: 'default' });
const health = (lang: string) => FILES[`../../locales/${lang}/health.json`] as Record<string, Record<string, unknown>>;

/** The argument names of a contract text (`{name}`) or of an i18next text (`{{name}}`), sorted. */
const contractArgs = (text: string) => [...text.matchAll(/(?<!\{)\{(\w+)\}(?!\})/g)].map((m) => m[1]).sort();
const localeArgs = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Sample arguments of a reason: each named after itself, so a missed placeholder shows. */
const sampleArgs = (reason: keyof typeof HEALTH_REASONS) =>
  Object.fromEntries(contractArgs(HEALTH_REASONS[reason]).map((name) => [name, `<${name}>`])) as Record<string, string>;

const fixedT = async (lang: string) => {
  await i18n.loadLanguages([lang]);
  return i18n.getFixedT(lang, 'health') as TFunction<'health'>;
};

describe('health namespace', () => {
  it.each(LANGUAGES)('%s names every check, state and upload target', (lang) => {
    for (const [group, names] of [
      ['checks', HEALTH_CHECKS],
      ['states', HEALTH_STATES],
      ['targets', TRANSFER_TARGETS],
    ] as const) {
      expect(Object.keys(health(lang)[group] ?? {}).sort(), `${lang} ${group}`).toEqual([...names].sort());
    }
  });

  it.each(LANGUAGES)("%s has every reason of the contract, with the contract's arguments", (lang) => {
    const reasons = health(lang).reasons as Record<string, string>;
    expect(Object.keys(reasons).sort()).toEqual(Object.keys(HEALTH_REASONS).sort());
    for (const [key, english] of Object.entries(HEALTH_REASONS))
      expect(localeArgs(reasons[key] ?? ''), `${lang} ${key}`).toEqual(contractArgs(english));
  });
});

describe('reasonText', () => {
  it("reads in English as the contract's text, with every argument filled in", async () => {
    const t = await fixedT('en_US');
    for (const reason of Object.keys(HEALTH_REASONS) as (keyof typeof HEALTH_REASONS)[]) {
      if (reason.startsWith('disk') || reason.startsWith('uploads')) continue; // their codes are named: below
      expect(reasonText(t, reason, sampleArgs(reason)), reason).toBe(healthReasonText(reason, sampleArgs(reason)));
    }
  });

  it('names a disk and an upload target, and a count picks no plural form', async () => {
    const en = await fixedT('en_US');
    expect(reasonText(en, 'uploadsFailed', { count: 1, target: 'ftp' })).toBe('1 file(s) failed to upload to the FTP server');
    expect(reasonText(en, 'diskMissing', { disk: 'hdd' })).toBe('The recording disk HDD cannot be read');
    const zh = await fixedT('zh_CN');
    expect(reasonText(zh, 'uploadsFailed', { count: 2, target: 'opencast' })).toBe('2 个文件上传到 媒体服务器 失败');
    expect(reasonText(zh, 'uploadsWaiting', { hours: 30, target: 'elsewhere' })).toBe('有文件等待上传到 elsewhere 已达 30 小时');
  });

  it("shows a reason this console does not know in the service's English", async () => {
    const t = await fixedT('zh_HK');
    expect(reasonText(t, 'fanStopped', { fan: 2 })).toBe('fanStopped');
    expect(reasonText(t, 'audioSilent', { seconds: 45 })).toBe('已 45 秒沒有聲音');
  });
});
