/**
 * Caption tracks of recordings (issue 22; decisions.ts "Captions"): one WebVTT track per language, imported (WebVTT,
 * or SRT converted), edited in the console, or written by a recognizer; its cues' times count the recording's
 * milliseconds across its parts.
 */

/** Where a track's text comes from. Universities publish reviewed captions: `reviewed` says a person has checked it. */
export const CAPTION_ORIGINS = ['imported', 'edited', 'recognizer'] as const;
export type CaptionOrigin = (typeof CAPTION_ORIGINS)[number];

/** The formats a caption file is imported from. */
export const CAPTION_FORMATS = ['vtt', 'srt'] as const;

/** A track's language: a BCP 47 tag (`en`, `zh-Hans`, `zh-Hant-HK`), as `<track srclang>` takes it. */
export const CAPTION_LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

export const CAPTION_LIMITS = {
  /** An imported file at most (UTF-8 bytes): some 20 hours of dense captions. */
  fileBytes: 2 * 1024 * 1024,
  /** Cues of a track at most. */
  cues: 20_000,
  /** A cue's text at most (characters): two lines of a caption are some 80. */
  cueChars: 500,
  /** A cue shown longer than this (ms) is a mistake of timing. */
  cueMs: 60_000,
  /** A track's label at most (characters). */
  labelChars: 50,
} as const;
