import { z } from 'zod';
import { CHAPTER_KINDS, CHAPTER_TEXT_STATES, CHAPTER_TITLE_MAX } from '../chapters.js';
import { anyOf, PUBLIC } from '../permissions.js';
import { defineCall, NoData, rowId, nonEmptyTrimmed, trimmed } from './define.js';
import { RECORDINGS, recordid } from './recording.js';

/** Area `chapters`: the chapters of recordings (issue 22; decisions.ts "Chapters"). */

export const Chapter = z.object({
  id: z.string(),
  kind: z.enum(CHAPTER_KINDS),
  /** 1, 2, ... in the order of the recording: "Slide N" of a slide without text. */
  number: z.number(),
  position: z.number().describe('milliseconds from the start of the recording, pauses left out, across its parts'),
  part: z.number().describe("the part (1-based) the chapter falls in: the n-th file of a channel in listmedia's order"),
  offset: z.number().describe('milliseconds from the start of that part'),
  title: z.string().describe('the mark\'s title, the slide\'s first line of text, or "" (the console shows "Slide N")'),
  text: z.string().describe('the slide\'s text as OCR read it ("" for a mark)'),
  textstate: z.enum(CHAPTER_TEXT_STATES),
  thumb: z.string().describe('a signed URL of its picture, or ""'),
});
export type Chapter = z.infer<typeof Chapter>;

/** The markers around the matched words in a search hit's `snippet` (never in a title or text, unlike `<b>`). */
export const SEARCH_MARK_START = '\u0002';
export const SEARCH_MARK_END = '\u0003';
/** Search results counted at most: beyond, `total` is this and `more` is true. */
export const SEARCH_COUNT_MAX = 1000;

export const SearchHit = z.object({
  recordid: z.string(),
  recordtitle: z.string(),
  starttime: z.string(),
  kind: z
    .enum(['title', 'chapter', 'caption'])
    .describe("where the words were found: the recording's title, a chapter's title or text, or a caption cue"),
  language: z.string().describe('the caption track\'s language of a cue ("" otherwise)'),
  chapterid: z.string().describe('the chapter, or "" for a title'),
  chapterkind: z.enum(['', ...CHAPTER_KINDS]),
  chapternumber: z.number().describe('the chapter\'s number in its recording (0 for a title): "Slide N" of one without title'),
  position: z.number().describe('milliseconds of the recording where the moment is (0 for a title)'),
  part: z.number(),
  offset: z.number(),
  thumb: z.string().describe('a signed URL of the chapter\'s picture (or the recording\'s first snapshot), or ""'),
  snippet: z.string().describe('the words around the match, the matched ones between U+0002 and U+0003'),
});
export type SearchHit = z.infer<typeof SearchHit>;

const chapterId = rowId('chapter');

/** Who marks a chapter: who controls recording (recordctl's requirement). */
const MARK = anyOf('operating', 'record');

export const chapterCalls = {
  searchmedia: defineCall({
    summary:
      "Finds words in recordings' titles, chapters (their titles and the slides' text) and caption tracks, in the recordings the caller may see (as listmedia: viewers without a session those of shared albums), titles first, then chapters, then caption cues, each newest first: each hit with the moment to play from, a picture and the words around the match. Three characters or more use the trigram indexes (Chinese too), two letters or digits the two-character indexes (most Chinese words); one character, or two with a sign, is looked for in every title and text.",
    request: z.object({
      query: nonEmptyTrimmed(100),
      albumid: z
        .union([
          z
            .string()
            .trim()
            .regex(/^\d{1,15}$/),
          z.number().int().min(0),
        ])
        .transform(Number)
        .optional(),
      currentpage: z.number().int().min(1).default(1),
      pagesize: z.number().int().min(1).max(50).default(20),
    }),
    data: z.object({ rows: z.array(SearchHit), total: z.number(), more: z.boolean(), currentpage: z.number(), pagesize: z.number() }),
    permission: PUBLIC,
    mutating: false,
  }),
  listchapter: defineCall({
    summary:
      'The chapters of a recording the caller may see (as listsnapshot), in the order of the recording: each new slide while recording (its picture and the text OCR read on it) and each mark.',
    request: z.object({ recordid }),
    data: z.object({
      chapters: z.array(Chapter),
      mayedit: z.boolean().describe('whether the caller may rename and remove them (may change the recording, as updaterecord)'),
    }),
    permission: PUBLIC,
    mutating: false,
  }),
  markchapter: defineCall({
    summary:
      'Marks a chapter at this moment of the recording being made (the Record panel, the control panel, a room control system), with a picture of the recorded picture; refused when nothing is recording. While paused, the chapter is where the recording resumes.',
    request: z.object({ title: trimmed(CHAPTER_TITLE_MAX).default('') }),
    data: z.object({ id: z.string(), position: z.number() }),
    permission: MARK,
    mutating: true,
  }),
  editchapter: defineCall({
    summary: "Renames a chapter of a recording the caller may change (as updaterecord). The slide's text stays.",
    request: z.object({ id: chapterId, title: nonEmptyTrimmed(CHAPTER_TITLE_MAX) }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  removechapter: defineCall({
    summary: 'Removes a chapter (and its picture) of a recording the caller may change (as updaterecord).',
    request: z.object({ id: chapterId }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
};
