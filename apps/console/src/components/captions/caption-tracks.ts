import type { CaptionTrack } from '@roomcast/contract';
import type { PartFile } from '../chapters/chapter-format';

/** A track's file for the playing part, as a `<track>` takes it. */
export interface TrackSource {
  language: string;
  label: string;
  src: string;
}

/**
 * The playing file's part: its place (from 1) among the files of its channel, in listmedia's order, as the service
 * numbers the files of a track (each part's cues are in its own WebVTT file, counted from the part's start).
 */
export function partOf(files: readonly PartFile[], playing: Pick<PartFile, 'fileid' | 'channel'>): number {
  const index = files.filter((f) => f.channel === playing.channel).findIndex((f) => f.fileid === playing.fileid);
  return index + 1;
}

/** Each track's file of `part` (a track without one is left out), one per language. */
export function trackSources(tracks: readonly Pick<CaptionTrack, 'language' | 'label' | 'files'>[], part: number): TrackSource[] {
  return tracks.flatMap((t) => {
    const file = t.files.find((f) => f.part === part);
    return file?.url ? [{ language: t.language, label: t.label, src: file.url }] : [];
  });
}

/** The language showing among a `<video>`'s subtitle tracks (chosen in the browser's own captions menu too). */
export function showingLanguage(list: ArrayLike<Pick<TextTrack, 'kind' | 'language' | 'mode'>>): string {
  for (const track of Array.from(list)) if (track.kind === 'subtitles' && track.mode === 'showing') return track.language;
  return '';
}
