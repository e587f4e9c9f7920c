/**
 * Chapters of a recording (issue 22; decisions.ts "Chapters"): each new slide while recording, and each mark an
 * operator or a room control system sets, is a moment of the recording with a title, a picture and the slide's text.
 */

/** The languages Tesseract reads the slides' text in (`setting_ppt.ocrlanguage`): its `-l` argument. */
export const OCR_LANGUAGES = ['eng', 'eng+chi_sim', 'eng+chi_tra'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** Where a chapter comes from: a new slide (its text read by OCR) or a mark (console, control panel, API). */
export const CHAPTER_KINDS = ['slide', 'mark'] as const;
export type ChapterKind = (typeof CHAPTER_KINDS)[number];

/** The slide's text: pending while OCR has not read it yet, done, or none (OCR failed; a mark has no text). */
export const CHAPTER_TEXT_STATES = ['pending', 'done', 'none'] as const;

/** A chapter's title at most (characters; a slide's first line of text is cut there). */
export const CHAPTER_TITLE_MAX = 100;
/** A slide's text kept at most (characters). */
export const CHAPTER_TEXT_MAX = 4000;
