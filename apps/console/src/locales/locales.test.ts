import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@roomcast/contract';
import { LANGUAGES, loadMessages, NAMESPACES, type Messages, type Resources } from './resources';

// Every file on disk, whether the console bundles it or fetches it when its language is chosen.
const FILES = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });
const RESOURCES: Resources = {};
for (const [path, messages] of Object.entries(FILES)) {
  const [, lang, ns] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!lang || !ns) continue;
  RESOURCES[lang] ??= {};
  RESOURCES[lang][ns] = messages;
}

/** Every leaf of a namespace as `a.b.c` -> value. */
function leaves(messages: Messages, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of leaves(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** `{{name}}` interpolations and `{0}` message arguments of a text. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\d+)\}/g)].map((m) => m[1] ?? `#${m[2]}`).sort();
}

describe('locale files', () => {
  it('exist for every language, with the common namespaces', () => {
    expect(Object.keys(RESOURCES).sort()).toEqual([...LANGUAGES].sort());
    for (const ns of ['common', 'access', 'shell', 'menu', 'messages', 'system']) expect(NAMESPACES).toContain(ns);
    expect(NAMESPACES).toEqual([...new Set(Object.values(RESOURCES).flatMap((n) => Object.keys(n)))].sort());
  });

  it('load for every language and namespace as they are on disk', async () => {
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) expect(await loadMessages(lang, ns), `${lang}/${ns}`).toEqual(RESOURCES[lang]?.[ns]);
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every language has every key, each a non-empty text with the same placeholders`, () => {
      const all = new Map(LANGUAGES.map((lang) => [lang, leaves(RESOURCES[lang]?.[ns] ?? {})]));
      const keys = new Set([...all.values()].flatMap((m) => [...m.keys()]));
      const problems: string[] = [];
      for (const key of keys) {
        const english = all.get('en_US')?.get(key);
        for (const lang of LANGUAGES) {
          const value = all.get(lang)?.get(key);
          if (value === undefined) problems.push(`${lang}/${ns}.json lacks ${key}`);
          else if (typeof value !== 'string' || value.trim() === '') problems.push(`${lang}/${ns}.json has an empty ${key}`);
          else if (typeof english === 'string' && placeholders(value).join() !== placeholders(english).join()) {
            problems.push(`${lang}/${ns}.json ${key} has placeholders ${placeholders(value)} instead of ${placeholders(english)}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('messages carries exactly the contract MESSAGES keys, with their English text in en_US', () => {
    const english = RESOURCES.en_US?.messages ?? {};
    expect(Object.keys(english).sort()).toEqual(Object.keys(MESSAGES).sort());
    for (const [key, text] of Object.entries(MESSAGES)) expect(english[key], key).toBe(text);
  });
});
