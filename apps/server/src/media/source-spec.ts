import type { VideoMode } from '@roomcast/contract';

/** Where a channel's picture comes from (its own file: the slides branch needs it and the plan needs the branch). */
export type SourceSpec =
  | {
      kind: 'synthetic';
      label: string;
      color: string;
      tone: number /** moving test pattern instead of a solid colour (benchmarks) */;
      motion?: boolean;
    }
  | { kind: 'rtsp'; url: string }
  /** An SRT source (a camera called, or a sender such as OBS calling in): MPEG-TS over SRT. */
  | { kind: 'srt'; url: string }
  /** A capture device, with the format, size and rate asked of it (each the device's own when unset). */
  | { kind: 'v4l2'; device: string; mode?: VideoMode }
  /** The synthetic slides (`synthetic-slides.ts`): a slide that changes every `seconds`. */
  | { kind: 'slides'; seconds: number }
  /** The A/V sync source's picture (`sync-source.ts`): black, white for 0.1 s every `seconds`. */
  | { kind: 'sync'; seconds: number };
