import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BUNDLED_RESOURCES, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, loadMessages, NAMESPACES, type Language } from '../locales/resources';

/** The language is the browser's own choice, kept in local storage (spec §1). */
const STORAGE_KEY = 'roomcast.language';

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** BCP 47 tag for <html lang>, so screen readers and fonts pick the right script. */
const HTML_LANG: Record<Language, string> = { en_US: 'en-US', zh_CN: 'zh-CN', zh_HK: 'zh-HK' };

function markDocument(lang: Language): void {
  // Unit tests load this module without a DOM.
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}
// After the language's texts are in, also when i18next is switched directly.
i18n.on('languageChanged', (lang: string) => markDocument(isLanguage(lang) ? lang : DEFAULT_LANGUAGE));

/** i18next asks for a language's namespaces before switching to it: English is at hand, the others are fetched. */
const localeFiles: BackendModule = { type: 'backend', init: () => undefined, read: (lang, namespace) => loadMessages(lang, namespace) };

/** Resolves once the stored language's texts are loaded (at once for English); render after it. */
export const i18nReady = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    resources: BUNDLED_RESOURCES,
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Codes such as en_US are used as they are: no "en" fallback lookups.
    load: 'currentOnly',
    ns: NAMESPACES,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });

export async function changeLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage disabled: the choice lasts for this page load.
  }
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { LANGUAGES, type Language };
export default i18n;
