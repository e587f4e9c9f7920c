import { z } from 'zod';
import { CHAPTER_KINDS, CHAPTER_TEXT_STATES, CHAPTER_TITLE_MAX } from '../chapters.js';
import { anyOf, PUBLIC } from '../permissions.js';
import { defineCall, NoData, nonEmptyTrimmed, trimmed } from './define.js';
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

const chapterId = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'must be a whole number'),
    z.number().int().min(0),
  ])
  .transform(String)
  .describe('chapter id (string or number)');

/** Who marks a chapter: who controls recording (recordctl's requirement). */
const MARK = anyOf('operating', 'record');

export const chapterCalls = {
  listchapter: defineCall({
    summary:
      'The chapters of a recording the caller may see (as listsnapshot), in the order of the recording: each new slide while recording (its picture and the text OCR read on it) and each mark.',
    request: z.object({ recordid }),
    data: z.object({ chapters: z.array(Chapter) }),
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
