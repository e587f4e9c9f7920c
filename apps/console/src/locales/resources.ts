/**
 * Every `locales/<lang>/<namespace>.json`, gathered at build time. A new namespace file is picked up without
 * a code change; the locales test checks that every language has the same keys.
 */
export const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

export type Messages = { [key: string]: string | Messages };
export type Resources = Record<string, Record<string, Messages>>;

const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

function collect(): Resources {
  const resources: Resources = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, namespace] = match;
    (resources[lang] ??= {})[namespace] = messages;
  }
  return resources;
}

export const RESOURCES: Resources = collect();
export const NAMESPACES: string[] = [...new Set(Object.values(RESOURCES).flatMap((ns) => Object.keys(ns)))].sort();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
