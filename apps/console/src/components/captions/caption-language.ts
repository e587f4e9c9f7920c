import type { TFunction } from 'i18next';

/** The languages the import dialog offers (BCP 47 tags, as `<track srclang>` takes them). */
export const OFFERED_LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;

/**
 * A language tag by its name in the console's language: the offered ones from captions.json, any other (a track of a
 * recognizer, or imported through the API) by the browser's own names, else the tag itself.
 */
export function languageName(t: TFunction<'captions'>, tag: string, uiLanguage: string): string {
  let fallback = tag;
  try {
    fallback = new Intl.DisplayNames([uiLanguage.replace('_', '-')], { type: 'language' }).of(tag) ?? tag;
  } catch {
    // A tag Intl does not take: shown as it is.
  }
  // The tags hold dashes, never the key separator (a dot): each is one key.
  return t(`languages.${tag}`, { defaultValue: fallback });
}

/** What a track is called in the players' choice and the buttons of its row: its language, and its label when it has one. */
export function trackName(t: TFunction<'captions'>, track: { language: string; label: string }, uiLanguage: string): string {
  const language = languageName(t, track.language, uiLanguage);
  return track.label ? t('player.named', { language, label: track.label }) : language;
}
