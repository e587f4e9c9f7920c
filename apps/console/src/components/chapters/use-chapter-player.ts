import { useCallback, useMemo, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { useCallQuery } from '../../api/hooks';
import { usePollWhile } from '../../api/use-poll-while';
import { anyPending, type Chapter, chapterFile, currentChapter, type PartFile, partStartMs, partsOf } from './chapter-format';

/** How often the chapters are read again while a slide's text is being read (OCR takes a few seconds a slide). */
const PENDING_POLL_MS = 3000;

export interface ChapterPlayer<F extends PartFile> {
  /** The file in the `<video>`: the one asked for, until a seek moves to another part. */
  playing: F;
  /** The recording's chapters (empty while loading, for an older recording, or when they cannot be read). */
  chapters: Chapter[];
  /** Whether the caller may rename and remove them (listchapter's `mayedit`: they may change the recording). */
  mayEdit: boolean;
  loading: boolean;
  /** The chapter being played: the last one that starts at or before the playing position. */
  current: Chapter | undefined;
  /** Plays `file` from `seconds` into it, switching the `<video>` to it first when another file plays. */
  playAt: (file: F, seconds: number) => void;
  /** Plays from a chapter: its part, at its offset. */
  seek: (chapter: Chapter) => void;
  /** Spread on the `<video>`. */
  videoProps: {
    ref: RefObject<HTMLVideoElement | null>;
    src: string;
    /** Plays at once, unless it starts from a moment: then it plays once the seek there is done (no blip from 0). */
    autoPlay: boolean;
    onLoadedMetadata: () => void;
    onTimeUpdate: (e: SyntheticEvent<HTMLVideoElement>) => void;
  };
}

/**
 * The playing side of both players (the console's and the viewer's): which part plays, seeking to a chapter (the
 * part it falls in, then its offset once that part has loaded) and which chapter is playing. Chapter positions count
 * the whole recording, so the parts before the playing file count too.
 */
export function useChapterPlayer<F extends PartFile>(
  recordid: string,
  file: F,
  files: readonly F[],
  /** Seconds into `file` to start from (a search hit's moment); from the start when absent. */
  startSeconds?: number,
): ChapterPlayer<F> {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(file);
  const [seconds, setSeconds] = useState(startSeconds ?? 0);
  // A seek waiting for the newly chosen part (or the first file, for a start moment) to load.
  const pendingSeek = useRef<number | undefined>(startSeconds || undefined);
  const parts = useMemo(() => partsOf(files, file.channel), [files, file.channel]);

  // A viewer of a shared album may not have a session: the service answers what they may see, or refuses quietly.
  const query = useCallQuery('listchapter', { recordid }, { silent: true });
  const chapters = query.data?.chapters ?? [];
  usePollWhile(anyPending(chapters), query.refetch, PENDING_POLL_MS);

  const playAt = useCallback(
    (target: F, at: number) => {
      const player = video.current;
      if (!player) return;
      // The highlight moves at once, not at the next timeupdate.
      setSeconds(at);
      if (target.fileid !== playing.fileid) {
        pendingSeek.current = at;
        setPlaying(target);
        return;
      }
      player.currentTime = at;
      void player.play().catch(() => undefined);
    },
    [playing.fileid],
  );

  const seek = (chapter: Chapter) => {
    const target = chapterFile(parts, chapter);
    if (target) playAt(target, chapter.offset / 1000);
  };

  const onLoadedMetadata = () => {
    const player = video.current;
    if (!player || pendingSeek.current === undefined) return;
    player.currentTime = pendingSeek.current;
    pendingSeek.current = undefined;
    void player.play().catch(() => undefined);
  };

  // Whole milliseconds, as the service counts: a seek to a chapter's offset lands on it, not a hair before.
  const position = Math.round(partStartMs(parts, playing) + seconds * 1000);
  return {
    playing,
    chapters,
    mayEdit: query.data?.mayedit ?? false,
    loading: query.isLoading,
    current: currentChapter(chapters, position),
    playAt,
    seek,
    videoProps: {
      ref: video,
      src: playing.url,
      autoPlay: !startSeconds,
      onLoadedMetadata,
      onTimeUpdate: (e) => setSeconds(e.currentTarget.currentTime),
    },
  };
}
