import { z } from 'zod';
import { CAPTION_FORMATS, CAPTION_LANGUAGE, CAPTION_LIMITS, CAPTION_ORIGINS } from '../captions.js';
import { PUBLIC } from '../permissions.js';
import { defineCall, NoData, rowId, trimmed } from './define.js';
import { RECORDINGS, recordid } from './recording.js';

/** Area `captions`: the caption tracks of recordings (issue 22; decisions.ts "Captions"). */

export const CaptionCue = z.object({
  start: z.number().int().min(0).describe('milliseconds of the recording (across its parts)'),
  end: z.number().int().min(0),
  text: z.string().max(CAPTION_LIMITS.cueChars),
});
export type CaptionCue = z.infer<typeof CaptionCue>;

export const CaptionTrack = z.object({
  id: z.string(),
  language: z.string(),
  label: z.string(),
  origin: z.enum(CAPTION_ORIGINS),
  reviewed: z.boolean(),
  updated: z.string().describe('when it was imported or saved (device time)'),
  cues: z.number().describe('how many cues it has'),
  files: z.array(z.object({ part: z.number(), url: z.string() })).describe("each part's WebVTT file (signed URLs), for <track>"),
});
export type CaptionTrack = z.infer<typeof CaptionTrack>;

const trackId = rowId('caption track');
const language = z.string().trim().regex(CAPTION_LANGUAGE, 'must be a language tag such as en, zh-Hans or zh-Hant');

export const captionCalls = {
  listcaption: defineCall({
    summary: "The caption tracks of a recording the caller may see (as listsnapshot), with each part's WebVTT file.",
    request: z.object({ recordid }),
    data: z.object({
      tracks: z.array(CaptionTrack),
      mayedit: z.boolean().describe('whether the caller may import, edit and remove tracks (may change the recording, as updaterecord)'),
    }),
    permission: PUBLIC,
    mutating: false,
  }),
  getcaption: defineCall({
    summary: "A caption track's cues (the caption editor), of a recording the caller may see.",
    request: z.object({ id: trackId }),
    data: z.object({ track: CaptionTrack, cues: z.array(CaptionCue) }),
    permission: PUBLIC,
    mutating: false,
  }),
  importcaption: defineCall({
    summary: `Imports a caption file (WebVTT, or SRT converted to WebVTT) as the recording's track of \`language\`, replacing the one it had (origin imported, not reviewed). The file is checked whole: it parses, every cue ends after it starts, lies within the recording (across its parts), lasts at most ${CAPTION_LIMITS.cueMs / 1000} s and has at most ${CAPTION_LIMITS.cueChars} characters; at most ${CAPTION_LIMITS.cues} cues and ${CAPTION_LIMITS.fileBytes / 1024 / 1024} MB. A file refused is refused with the line it failed on (captionBadFile), and nothing changes. By who may change the recording (as updaterecord).`,
    request: z.object({
      recordid,
      language,
      label: trimmed(CAPTION_LIMITS.labelChars).default(''),
      format: z.enum(CAPTION_FORMATS),
      text: z.string().max(CAPTION_LIMITS.fileBytes),
    }),
    data: z.object({ id: z.string(), cues: z.number() }),
    permission: RECORDINGS,
    mutating: true,
  }),
  savecaption: defineCall({
    summary:
      "Saves a caption track's cues as edited in the console (origin edited), with the same checks as an import (the failing cue's number instead of a line), and whether a person has reviewed it. By who may change the recording.",
    request: z.object({
      id: trackId,
      label: trimmed(CAPTION_LIMITS.labelChars).optional(),
      reviewed: z.boolean(),
      cues: z.array(CaptionCue).max(CAPTION_LIMITS.cues),
    }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  removecaption: defineCall({
    summary: 'Removes a caption track and its files. By who may change the recording.',
    request: z.object({ id: trackId }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
};
