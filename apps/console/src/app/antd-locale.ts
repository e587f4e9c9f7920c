import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { Language } from '../locales/resources';

type Locale = NonNullable<ConfigProviderProps['locale']>;

// English ships with the console; another language's antd and dayjs texts come in that language's chunk
// (vite.config.ts), with its messages.
const LOADERS: Record<Language, () => Promise<Locale>> = {
  en_US: async () => enUS,
  zh_CN: async () => (await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]))[0].default,
  zh_HK: async () => (await Promise.all([import('antd/es/locale/zh_HK'), import('dayjs/locale/zh-hk')]))[0].default,
};
const loaded: Partial<Record<Language, Locale>> = { en_US: enUS };

/** antd's own texts (pagination, Popconfirm buttons, empty states) in the language, once loaded; else English. */
export function antdLocale(lang: Language): Locale {
  return loaded[lang] ?? enUS;
}

export function isAntdLocaleLoaded(lang: Language): boolean {
  return loaded[lang] !== undefined;
}

/** Loads antd's and dayjs's texts of a language; if that fails (e.g. offline) English stays. */
export async function loadAntdLocale(lang: Language): Promise<void> {
  try {
    loaded[lang] ??= await LOADERS[lang]();
  } catch {
    // antdLocale() answers English.
  }
}

export const DAYJS_LOCALES: Record<Language, string> = { en_US: 'en', zh_CN: 'zh-cn', zh_HK: 'zh-hk' };
