import { existsSync } from 'node:fs';
import type { OcrLanguage } from '@roomcast/contract';
import type { ChaptersRepository } from '../../db/repositories/chapters-repository.js';
import { cleanSlideText, slideTitle } from './slide-text.js';

export interface OcrQueueDeps {
  chapters: Pick<ChaptersRepository, 'pending' | 'find' | 'setText'>;
  /** The text on a picture (host/ocr.ts: Tesseract); `signal` stops the reading. */
  read: (picture: string, languages: OcrLanguage, signal: AbortSignal) => Promise<string>;
  languages: () => OcrLanguage;
  log: (line: string) => void;
  /** Told after each slide's text is stored (the search and the tests). */
  onRead?: (chapterId: number) => void;
}

/**
 * The slides' text, read one slide at a time after the recording path has what it needs: the chapters whose text is
 * pending (in SQLite, so a restart goes on where it stopped), oldest first. A slide OCR cannot read keeps no text.
 */
export function ocrQueue(d: OcrQueueDeps) {
  let running: Promise<void> | undefined;
  /** The service stopping: no slide is taken, the one being read is stopped. */
  const stopping = new AbortController();
  const stopped = () => stopping.signal.aborted;

  async function readOne(id: number): Promise<void> {
    const row = d.chapters.find(id);
    if (row?.text_state !== 'pending') return;
    if (!row.thumb || !existsSync(row.thumb)) {
      d.chapters.setText(id, '', row.title, 'none');
      return;
    }
    try {
      const text = cleanSlideText(await d.read(row.thumb, d.languages(), stopping.signal));
      // A title given by hand meanwhile stays.
      const now = d.chapters.find(id);
      if (!now) return;
      d.chapters.setText(id, text, now.title || slideTitle(text), 'done');
    } catch (err) {
      // Stopped: the slide stays pending, for the next start.
      if (stopped()) return;
      d.log(`chapter ${id}: the slide's text could not be read: ${(err as Error).message.split('\n')[0]}`);
      const now = d.chapters.find(id);
      if (now) d.chapters.setText(id, '', now.title, 'none');
    }
    d.onRead?.(id);
  }

  async function drain(): Promise<void> {
    for (;;) {
      const next = stopped() ? undefined : d.chapters.pending()[0];
      if (!next) return;
      await readOne(next.id);
    }
  }

  /** Reads what is pending, unless a run is doing so already (it picks up rows added meanwhile). */
  function wake(): void {
    if (running || stopped()) return;
    running = drain().finally(() => {
      running = undefined;
      // Rows added as the run ended.
      if (!stopped() && d.chapters.pending().length) wake();
    });
  }

  return {
    wake,
    /** Settles when nothing is pending or being read (tests, the benchmark). */
    async idle(): Promise<void> {
      while (running) await running;
    },
    /**
     * Stops taking slides (shutdown): the one being read is stopped (Tesseract may be waiting for idle CPU a long
     * while) and stays pending with the rest, for the next start.
     */
    async stop(): Promise<void> {
      stopping.abort();
      await running;
    },
  };
}
export type OcrQueue = ReturnType<typeof ocrQueue>;
