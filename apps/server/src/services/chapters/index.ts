import type { OcrLanguage } from '@roomcast/contract';
import { takeSnapshot } from '../../media/snapshot.js';
import type { SessionUser } from '../access/index.js';
import type { Lifecycle } from '../core/index.js';
import type { SlideService } from '../ppt/index.js';
import type { RecordingAccess, RecordingService } from '../recording/index.js';
import type { Shared } from '../shared.js';
import { chapterService } from './chapter-service.js';
import { ocrQueue } from './ocr-queue.js';

export type { ChapterService } from './chapter-service.js';

/** What the chapters domain uses of what the domains share. */
export type ChaptersShared = Pick<Shared, 'repos' | 'settings' | 'room' | 'media' | 'clock' | 'log'>;

export interface ChaptersDeps {
  recorder: Pick<RecordingService, 'currentRecordingId' | 'recordedMs' | 'onFinished' | 'useChapters'>;
  access: Pick<RecordingAccess, 'find' | 'mayChange'>;
  slides: Pick<SlideService, 'onSlide' | 'shown'>;
  urlFor: (caller: SessionUser | undefined, absPath: string) => string;
  /** The text on a picture (the host adapters' Tesseract); `signal` stops the reading. */
  readText: (picture: string, languages: OcrLanguage, signal: AbortSignal) => Promise<string>;
}

/** The chapters domain (issue 22): slides and marks as chapters of recordings, the slides' text read by OCR. */
export function createChapters({ repos, settings, room, media, clock, log }: ChaptersShared, d: ChaptersDeps) {
  const ocr = ocrQueue({
    chapters: repos.chapters,
    read: d.readText,
    languages: () => settings.typed('setting_ppt').ocrlanguage,
    log: (line) => log(`[chapters] ${line}`),
    // A slide read after its recording was finished: its files' chapters are written again.
    onRead: (id) => {
      const row = repos.chapters.find(id);
      if (row) chapters.writeChapterFiles(row.recording_id);
    },
  });
  const chapters = chapterService({
    repos,
    settings,
    room,
    recorder: d.recorder,
    slides: d.slides,
    clock,
    snapshot: (file) => takeSnapshot(media.encoder.hd, file),
    access: d.access,
    urlFor: d.urlFor,
    ocr,
    log: (line) => log(`[chapters] ${line}`),
  });
  d.recorder.onFinished((rec) => chapters.finished(rec));
  d.recorder.useChapters((id) => chapters.forFinalize(id));
  return {
    area: { chapters },
    chapters,
    ocr,
    lifecycle: {
      name: 'chapters',
      // Slides a stop left unread are read now.
      start: () => ocr.wake(),
      stop: () => ocr.stop(),
    } satisfies Lifecycle,
  };
}
export type ChaptersArea = ReturnType<typeof createChapters>['area'];
