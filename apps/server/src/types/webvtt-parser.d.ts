// Types of the parts of `webvtt-parser` (a WebVTT parser and validator, CC0) that services/captions uses.
declare module 'webvtt-parser' {
  export interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
  }
  export interface ParseError {
    message: string;
    line: number;
    col?: number;
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'subtitles' | 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: ParseError[] };
  }
  const webvtt: { WebVTTParser: typeof WebVTTParser };
  export default webvtt;
}
