import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CaptionTrack } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';
import type { PartFile } from '../chapters/chapter-format';
import { trackName } from './caption-language';
import { partOf, showingLanguage, trackSources } from './caption-tracks';

export interface CaptionTracks {
  /** The recording's tracks (empty while loading, without any, or when they cannot be read). */
  tracks: CaptionTrack[];
  /** The language shown, '' for Off. */
  choice: string;
  choose: (language: string) => void;
  /**
   * Spread each on a `<track>` inside the `<video>`, keyed by its `srcLang`: the element and its mode survive a change
   * of part.
   */
  trackProps: { kind: 'subtitles'; srcLang: string; label: string; src: string }[];
}

/**
 * The caption tracks of the playing part, for both players (the console's and the viewer's): one `<track>` per
 * language with that part's WebVTT file (signed, same-origin URLs, so no `crossorigin` is needed) and the language
 * chosen, shown by setting the text tracks' modes. When another part plays, each `<track>` keeps its element and
 * only its `src` changes, so the chosen language stays on. A choice made in the browser's own captions menu is
 * followed too.
 */
export function useCaptionTracks(
  recordid: string,
  playing: PartFile,
  files: readonly PartFile[],
  video: RefObject<HTMLVideoElement | null>,
): CaptionTracks {
  const { t, i18n } = useTranslation('captions');
  // A viewer of a shared album may not have a session: the service answers what they may see, or refuses quietly.
  const query = useCallQuery('listcaption', { recordid }, { silent: true });
  const tracks = query.data?.tracks ?? [];
  const [choice, setChoice] = useState('');
  const chosen = useRef(choice);
  chosen.current = choice;

  const part = partOf(files, playing);
  const sources = useMemo(() => trackSources(query.data?.tracks ?? [], part), [query.data, part]);
  const trackProps = sources.map((s) => ({
    kind: 'subtitles' as const,
    srcLang: s.language,
    label: trackName(t, s, i18n.language),
    src: s.src,
  }));

  // The chosen language shows; every other track is disabled (its file is not even loaded).
  const apply = useCallback(() => {
    for (const track of Array.from(video.current?.textTracks ?? [])) {
      if (track.kind !== 'subtitles') continue;
      const mode = track.language === chosen.current ? 'showing' : 'disabled';
      if (track.mode !== mode) track.mode = mode;
    }
  }, [video]);

  const srcKey = sources.map((s) => s.src).join(' ');
  useEffect(() => {
    const list = video.current?.textTracks;
    if (!list) return;
    apply();
    // The browser's own menu: a track turned on there, or the chosen one turned off.
    const follow = () => {
      const showing = showingLanguage(list);
      const own = Array.from(list).some((track) => track.kind === 'subtitles' && track.language === chosen.current);
      if (showing !== chosen.current && (showing || own)) setChoice(showing);
    };
    list.addEventListener('addtrack', apply);
    list.addEventListener('change', follow);
    return () => {
      list.removeEventListener('addtrack', apply);
      list.removeEventListener('change', follow);
    };
  }, [apply, video, choice, srcKey]);

  const choose = useCallback(
    (language: string) => {
      chosen.current = language;
      setChoice(language);
      apply();
    },
    [apply],
  );

  return { tracks, choice: tracks.some((tr) => tr.language === choice) ? choice : '', choose, trackProps };
}
