import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CallBody, type CallData, HD_CHANNEL } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { RecordingRow } from '../../db/repositories/recordings-repository.js';
import type { SessionUser } from '../access/index.js';
import { type Clock, Fail } from '../core/index.js';
import type { LatestSlide, SlideService } from '../ppt/index.js';
import { type RecordingAccess, type RecordingService, visibilityOf } from '../recording/index.js';
import type { Room } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';
import { type ChapterMark, chapterFileTitle, chaptersInPart, chaptersVttPathOf, chaptersWebVtt } from '../../media/chapter-files.js';
import { placeInParts } from './chapter-place.js';
import type { OcrQueue } from './ocr-queue.js';

export interface ChapterServiceDeps {
  repos: Pick<Repositories, 'chapters' | 'recordings' | 'recordingList' | 'search' | 'snapshots'>;
  settings: Pick<SettingsService, 'typed'>;
  room: Pick<Room, 'state' | 'subscribe'>;
  recorder: Pick<RecordingService, 'currentRecordingId' | 'recordedMs'>;
  slides: Pick<SlideService, 'onSlide' | 'shown'>;
  /** The slides' clock (a slide's `at`): how long ago a slide was seen. */
  clock: Clock;
  /** A picture of the recorded picture now (the HD fan-out), written to `file`; false when none came. */
  snapshot: (file: string) => Promise<boolean>;
  access: Pick<RecordingAccess, 'find' | 'mayChange'>;
  /** A signed /media/ URL of a file of a recording, for the caller's session. */
  urlFor: (caller: SessionUser | undefined, absPath: string) => string;
  ocr: Pick<OcrQueue, 'wake'>;
  log: (line: string) => void;
}

/** A slide shown for less time than this is replaced by the next one rather than kept as a chapter. */
const SHORTEST_SLIDE_MS = 1000;

/** How long a finalize waits for the slides' text of its recording before it writes the chapters as they are. */
const FINALIZE_WAITS_FOR_TEXT_MS = 10_000;

/**
 * The chapters of recordings (issue 22; decisions.ts "Chapters"): each new slide while recording (setting_ppt's
 * `chapterenable`), at the moment of the recording it was seen, with its picture and, once OCR has read it, its text;
 * marks set by operators and room control systems; the list of a recording with each chapter's part and offset.
 */
export function chapterService(d: ChapterServiceDeps) {
  /** The last slide made a chapter, per recording: a slide is one chapter however often it is announced. */
  let chaptered: { recording: number; n: number } | undefined;
  /** A slide seen while the recording is paused: a chapter where it resumes. */
  let pausedSlide: LatestSlide | undefined;

  const enabled = () => d.settings.typed('setting_ppt').chapterenable;
  const folderOf = (rec: RecordingRow) => join(rec.dir, 'chapters');

  function addSlide(recordingId: number, slide: LatestSlide, positionMs: number): void {
    if (chaptered?.recording === recordingId && chaptered.n === slide.n) return;
    const rec = d.repos.recordings.find(recordingId);
    if (!rec) return;
    chaptered = { recording: recordingId, n: slide.n };
    let position = Math.max(0, Math.round(positionMs));
    // A slide that showed for less than a second (the encode's first pictures as a recording starts, a lecturer
    // clicking through) is no chapter: the new slide takes its place and its moment.
    const last = d.repos.chapters.list(recordingId).at(-1);
    if (last?.kind === 'slide' && position - last.position_ms < SHORTEST_SLIDE_MS) {
      d.repos.chapters.remove(last.id);
      if (last.thumb) rmSync(last.thumb, { force: true });
      position = last.position_ms;
    }
    const thumb = join(folderOf(rec), `slide-${String(position).padStart(9, '0')}.jpg`);
    try {
      mkdirSync(folderOf(rec), { recursive: true });
      writeFileSync(thumb, slide.jpeg);
    } catch (err) {
      d.log(`chapter of recording ${recordingId}: the slide's picture could not be written: ${(err as Error).message}`);
      return;
    }
    d.repos.chapters.add({ recording_id: recordingId, kind: 'slide', position_ms: position, title: '', text_state: 'pending', thumb });
    d.ocr.wake();
  }

  /** A snapshot of the recorded picture, tried again a second later up to twice (the encoder may be restarting). */
  async function pictureOf(file: string): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 1000));
      const ok = await d.snapshot(file).catch(() => false);
      if (ok) return true;
    }
    return false;
  }

  d.slides.onSlide((slide) => {
    const id = d.recorder.currentRecordingId;
    if (id === undefined || !enabled()) return;
    const state = d.room.state.recording;
    if (state === 'paused') pausedSlide = slide;
    else if (state === 'starting') addSlide(id, slide, 0);
    else if (state === 'recording') addSlide(id, slide, d.recorder.recordedMs() - Math.max(0, d.clock.now() - slide.at));
  });

  d.room.subscribe(({ command, after }) => {
    const id = d.recorder.currentRecordingId;
    if (after.recording === 'idle' || id === undefined) {
      pausedSlide = undefined;
      return;
    }
    if (!enabled()) return;
    if (command.type === 'record.started') {
      // The slide showing as the recording begins is its first chapter (the encode may have been running already).
      const shown = d.slides.shown();
      if (shown && d.repos.chapters.list(id).length === 0) addSlide(id, shown, 0);
    } else if (command.type === 'record.resume' && after.recording === 'recording' && pausedSlide) {
      addSlide(id, pausedSlide, d.recorder.recordedMs());
      pausedSlide = undefined;
    }
  });

  return {
    /** markchapter: a chapter at this moment of the recording being made, pictured by a snapshot of the recorded picture. */
    mark(title: string): { id: string; position: number } {
      const id = d.recorder.currentRecordingId;
      const state = d.room.state.recording;
      const rec = id === undefined ? undefined : d.repos.recordings.find(id);
      if (!rec || (state !== 'recording' && state !== 'paused')) throw Fail.of('chapterNotRecording');
      const position = Math.max(0, Math.round(d.recorder.recordedMs()));
      const chapterId = d.repos.chapters.add({
        recording_id: rec.id,
        kind: 'mark',
        position_ms: position,
        title,
        text_state: 'none',
        thumb: '',
      });
      const thumb = join(folderOf(rec), `mark-${String(position).padStart(9, '0')}-${chapterId}.jpg`);
      mkdirSync(folderOf(rec), { recursive: true });
      void pictureOf(thumb).then((ok) => {
        if (ok && d.repos.chapters.find(chapterId)) d.repos.chapters.setThumb(chapterId, thumb);
        else if (!ok) d.log(`chapter ${chapterId}: no picture of the recorded picture came`);
      });
      return { id: String(chapterId), position };
    },

    /** listchapter: the chapters of a recording the caller may see, each with its part and offset in it. */
    list(caller: SessionUser | undefined, recordid: string): CallData<'listchapter'> {
      const rec = d.access.find(caller, recordid, 'see');
      const files = d.repos.recordings.files(rec.id);
      const channel = files.some((f) => f.channel === HD_CHANNEL) ? HD_CHANNEL : files[0]?.channel;
      const parts = files.filter((f) => f.channel === channel).map((f) => f.duration_ms);
      const chapters = d.repos.chapters.list(rec.id).map((c, i) => ({
        id: String(c.id),
        kind: c.kind,
        number: i + 1,
        position: c.position_ms,
        ...placeInParts(c.position_ms, parts),
        title: c.title,
        text: c.text,
        textstate: c.text_state,
        thumb: c.thumb ? d.urlFor(caller, c.thumb) : '',
      }));
      return { chapters, mayedit: d.access.mayChange(caller, rec) };
    },

    /**
     * searchmedia: the moments whose words match, in the recordings the caller may see, each with where to play it
     * from (part and offset) and a picture.
     */
    search(caller: SessionUser | undefined, b: CallBody<'searchmedia'>): CallData<'searchmedia'> {
      const found = d.repos.search.search({
        visibility: visibilityOf(caller),
        albumId: b.albumid,
        text: b.query,
        limit: b.pagesize,
        offset: (b.currentpage - 1) * b.pagesize,
      });
      const ids = [...new Set(found.rows.map((r) => r.recording_id))];
      const parts = new Map<number, number[]>();
      const files = d.repos.recordingList.filesOf(ids);
      for (const id of ids) {
        const own = files.filter((f) => f.recording_id === id);
        const channel = own.some((f) => f.channel === HD_CHANNEL) ? HD_CHANNEL : own[0]?.channel;
        parts.set(
          id,
          own.filter((f) => f.channel === channel).map((f) => f.duration_ms),
        );
      }
      const rows = found.rows.map((r) => {
        const cover = r.thumb || (d.repos.snapshots.list(r.recording_id)[0]?.filepath ?? '');
        return {
          recordid: String(r.recording_id),
          recordtitle: r.recording_title,
          starttime: r.starttime,
          kind: r.kind,
          language: r.language ?? '',
          chapterid: r.chapter_id === null ? '' : String(r.chapter_id),
          chapterkind: r.chapter_kind ?? ('' as const),
          chapternumber:
            r.chapter_id === null
              ? 0
              : d.repos.chapters.numberOf({ id: r.chapter_id, recording_id: r.recording_id, position_ms: r.position_ms }),
          position: r.position_ms,
          ...placeInParts(r.position_ms, parts.get(r.recording_id) ?? []),
          thumb: cover ? d.urlFor(caller, cover) : '',
          snippet: r.snippet,
        };
      });
      return { rows, total: found.total, more: found.more, currentpage: b.currentpage, pagesize: b.pagesize };
    },

    /** editchapter: a new title, by who may change the recording. */
    rename(caller: SessionUser | undefined, chapterId: string, title: string): string {
      const c = findFor(caller, chapterId);
      d.repos.chapters.setTitle(c.id, title);
      writeChapterFiles(c.recording_id);
      return `chapter ${c.id} of recording ${c.recording_id}: "${title}"`;
    },

    /** removechapter: the chapter and its picture, by who may change the recording. */
    remove(caller: SessionUser | undefined, chapterId: string): string {
      const c = findFor(caller, chapterId);
      d.repos.chapters.remove(c.id);
      if (c.thumb) rmSync(c.thumb, { force: true });
      writeChapterFiles(c.recording_id);
      return `chapter ${c.id} of recording ${c.recording_id}`;
    },

    /** A recording finished (stopped or recovered): chapters after the end of its media go; the files' chapters are written. */
    finished(rec: RecordingRow): void {
      for (const thumb of d.repos.chapters.removeAfter(rec.id, rec.duration_ms)) if (thumb) rmSync(thumb, { force: true });
      writeChapterFiles(rec.id);
    },

    /** The chapters a finalize writes into the recording's MP4 files, once their text is read (or after 10 s). */
    async forFinalize(recordingId: number): Promise<ChapterMark[]> {
      const until = Date.now() + FINALIZE_WAITS_FOR_TEXT_MS;
      while (Date.now() < until && d.repos.chapters.list(recordingId).some((c) => c.text_state === 'pending')) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return marksOf(recordingId);
    },

    /** The `.chapters.vtt` beside each file of a finished recording, as its chapters are now. */
    writeChapterFiles,
  };

  function marksOf(recordingId: number): ChapterMark[] {
    return d.repos.chapters.list(recordingId).map((c, i) => ({ startMs: c.position_ms, title: chapterFileTitle(c, i + 1) }));
  }

  /**
   * Beside each file of a finished recording, its part's chapters as WebVTT (`name.chapters.vtt`: the uploads and the
   * batch zip carry it); none when the recording has no chapters. Written again when a chapter changes or its text comes.
   */
  function writeChapterFiles(recordingId: number): void {
    const rec = d.repos.recordings.find(recordingId);
    if (rec?.state !== 'done') return;
    const marks = marksOf(recordingId);
    const starts = new Map<number, number>();
    for (const f of d.repos.recordings.files(recordingId)) {
      const vtt = chaptersVttPathOf(f.filepath);
      const start = starts.get(f.channel) ?? 0;
      starts.set(f.channel, start + f.duration_ms);
      try {
        const part = chaptersInPart(marks, start, f.duration_ms);
        if (part.length) writeFileSync(vtt, chaptersWebVtt(part, f.duration_ms));
        else rmSync(vtt, { force: true });
      } catch (err) {
        d.log(`recording ${recordingId}: ${vtt} could not be written: ${(err as Error).message}`);
      }
    }
  }

  function findFor(caller: SessionUser | undefined, chapterId: string) {
    const c = d.repos.chapters.find(Number(chapterId));
    if (!c) throw Fail.of('chapterNotFound');
    // A chapter of a recording the caller may not change is as one that does not exist (access.find throws so).
    d.access.find(caller, String(c.recording_id), 'change');
    return c;
  }
}
export type ChapterService = ReturnType<typeof chapterService>;
