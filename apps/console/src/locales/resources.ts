/**
 * Every `locales/<lang>/<namespace>.json`, gathered at build time. A new namespace file is picked up without
 * a code change; the locales test checks that every language has the same keys.
 */
export const LANGUAGES = ['en_US', 'zh_CN', 'zh_HK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

export type Messages = { [key: string]: string | Messages };
export type Resources = Record<string, Record<string, Messages>>;

// English (the default and every key's fallback) ships with the console; another language is fetched when it
// is chosen, as one chunk (vite.config.ts), so no page carries three languages.
const bundled = import.meta.glob<Messages>('./en_US/*.json', { eager: true, import: 'default' });
const fetched = import.meta.glob<Messages>(['./*/*.json', '!./en_US/*.json'], { import: 'default' });

function parts(path: string): [lang: string, namespace: string] | undefined {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? [match[1], match[2]] : undefined;
}

function collect(): Resources {
  const resources: Resources = {};
  for (const [path, messages] of Object.entries(bundled)) {
    const [lang, namespace] = parts(path) ?? [];
    if (!lang || !namespace) continue;
    resources[lang] ??= {};
    resources[lang][namespace] = messages;
  }
  return resources;
}

/** The bundled language's texts, by namespace. */
export const BUNDLED_RESOURCES: Resources = collect();
export const NAMESPACES: string[] = [
  ...new Set([...Object.keys(bundled), ...Object.keys(fetched)].flatMap((path) => parts(path)?.[1] ?? [])),
].sort();

/** One namespace of a language; undefined when that file does not exist. */
export async function loadMessages(lang: string, namespace: string): Promise<Messages | undefined> {
  return BUNDLED_RESOURCES[lang]?.[namespace] ?? (await fetched[`./${lang}/${namespace}.json`]?.());
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
