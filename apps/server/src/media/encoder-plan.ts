import type { SlidesPlan } from './slide-branch.js';
import type { OsdFont } from './osd-fonts.js';
import type { SourceSpec } from './source-spec.js';

/**
 * What one composite encode needs (pure data): built from the settings by plan-from-settings.ts, turned into
 * ffmpeg argv by encoder-args.ts.
 */
export interface EncoderPlan {
  width: number;
  height: number;
  fps: number;
  /** Inputs by channel letter; letters without an entry are black. */
  sources: Record<string, SourceSpec>;
  layout: { type: number; channeldata: string[] };
  fit: 'stretch' | 'equalratio';
  osd: OsdPlan;
  main: { bitrateK: number; rc: 'cbr' | 'vbr' };
  sub: { height: number; bitrateK: number; rc: 'cbr' | 'vbr' } | undefined;
  audio: { sampleRate: number; bitrate: number; inputs: AudioSource[]; gain: number };
  /** x264 preset: the appliance default trades size for CPU on small machines. */
  preset: string;
  /** Set on the first start after a layout change: the change is animated. */
  transition?: TransitionPlan;
  /** Measure the audio levels (each input and the program) and print them on pipe:4 (LEVELS_FD). */
  meters?: boolean;
  /** The TZ ffmpeg runs in, so `%{localtime}` is device time (device-tz.ts); absent: the machine's zone. */
  tz?: string;
  /** Slide detection (setting_ppt): a branch of this channel's decoded picture scores scene changes (slide-branch.ts). */
  slides?: SlidesPlan;
}

export type { SourceSpec } from './source-spec.js';

/** An audio input: a capture device, or the synthetic stand-in tone; `name` (the setting key) names its meter. */
export type AudioSource = (
  | { kind: 'tone'; freq: number }
  | { kind: 'alsa'; device: string }
  /** The A/V sync source's sound (`sync-source.ts`): silence, and a 0.1 s beep every `seconds`. */
  | { kind: 'beep'; seconds: number }
) & { name?: string };

export interface OsdPlan {
  fontFile: string;
  fontSize: number;
  fontColor: string;
  datetime: { x: number; y: number } | undefined;
  /** A file holding the overlay text (drawtext reads it: no filter escaping of user text), and the font it needs (osd-fonts.ts). */
  text: { file: string; x: number; y: number; font: OsdFont } | undefined;
  /** The raster (`sourceWidth` x `sourceHeight`, bottom-up ARGB) drawn at `width` x `height`. */
  logo: { file: string; sourceWidth: number; sourceHeight: number; width: number; height: number; x: number; y: number } | undefined;
}

/** A layout change shown as an animation: the previous layout blends into the new one at the start. */
export interface TransitionPlan {
  from: { type: number; channeldata: string[] };
  /** An ffmpeg xfade transition name (the contract's LAYOUT_ANIMATIONS). */
  effect: string;
  seconds: number;
}

/** The slides branch an encode of `plan` has: its channel must have a source. */
export const slidesOf = (plan: Pick<EncoderPlan, 'slides' | 'sources'>): SlidesPlan | undefined =>
  plan.slides && plan.sources[plan.slides.channel] ? plan.slides : undefined;

/** The environment an encode of `plan` runs with (its TZ), for the process runner. */
export const encoderEnv = (plan: Pick<EncoderPlan, 'tz'>): Record<string, string> | undefined => (plan.tz ? { TZ: plan.tz } : undefined);
