import type { CallData } from '@roomcast/contract';

export type Chapter = CallData<'listchapter'>['chapters'][number];

/** What the players need of a recording's file (listmedia's files). */
export interface PartFile {
  fileid: string;
  url: string;
  channel: number;
  /** Seconds of media: the parts of one channel follow each other in listmedia's order. */
  duration: number;
}

/** A position in seconds as the player shows it: `m:ss`, or `h:mm:ss` from one hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** The parts of the playing file's channel, in listmedia's order: a chapter's `part` counts them from 1. */
export function partsOf<F extends PartFile>(files: readonly F[], channel: number): F[] {
  return files.filter((f) => f.channel === channel);
}

/** The file a chapter falls in (its `part`), past the last part the last one; undefined when it cannot be played. */
export function chapterFile<F extends PartFile>(parts: readonly F[], chapter: Pick<Chapter, 'part'>): F | undefined {
  const file = parts[Math.min(Math.max(chapter.part, 1), parts.length) - 1];
  return file?.url ? file : undefined;
}

/** Milliseconds of the recording before `file` starts: the parts of its channel before it. */
export function partStartMs(parts: readonly PartFile[], file: Pick<PartFile, 'fileid'>): number {
  let ms = 0;
  for (const part of parts) {
    if (part.fileid === file.fileid) return ms;
    ms += Math.round(part.duration * 1000);
  }
  return 0;
}

/** The chapter playing at `positionMs` of the recording: the one with the greatest position not after it. */
export function currentChapter<C extends Pick<Chapter, 'position'>>(chapters: readonly C[], positionMs: number): C | undefined {
  let current: C | undefined;
  for (const c of chapters) if (c.position <= positionMs && (!current || c.position >= current.position)) current = c;
  return current;
}

/** While OCR has a slide's text to read, its title may still change: the list is read again. */
export function anyPending(chapters: readonly Pick<Chapter, 'textstate'>[]): boolean {
  return chapters.some((c) => c.textstate === 'pending');
}
