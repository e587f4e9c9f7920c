import { LAYOUT_TYPES, type LayoutRect } from '@roomcast/contract';
import { METER_KEY, PROGRAM_METER } from './audio-levels.js';
import type { OsdFont } from './osd-fonts.js';
import { slideBranchGraph, slideBranchOutputs, type SlidesPlan } from './slide-branch.js';
import { SLIDES_FPS, slidesDraw, slidesInput } from './synthetic-slides.js';

/** What one composite encode needs; built from the settings by the engine, turned into ffmpeg argv here. */
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

/** The slides branch an encode of `plan` has: its channel must have a source. */
export const slidesOf = (plan: Pick<EncoderPlan, 'slides' | 'sources'>): SlidesPlan | undefined =>
  plan.slides && plan.sources[plan.slides.channel] ? plan.slides : undefined;

/** The environment an encode of `plan` runs with (its TZ), for the process runner. */
export const encoderEnv = (plan: Pick<EncoderPlan, 'tz'>): Record<string, string> | undefined => (plan.tz ? { TZ: plan.tz } : undefined);

/** The file descriptor the audio level lines are printed on (audio-levels.ts parses them). */
export const LEVELS_FD = 4;

export type SourceSpec =
  | {
      kind: 'synthetic';
      label: string;
      color: string;
      tone: number /** moving test pattern instead of a solid colour (benchmarks) */;
      motion?: boolean;
    }
  | { kind: 'rtsp'; url: string }
  | { kind: 'v4l2'; device: string }
  /** The synthetic slides (`synthetic-slides.ts`): a slide that changes every `seconds`. */
  | { kind: 'slides'; seconds: number };

/** An audio input: a capture device, or the synthetic stand-in tone; `name` (the setting key) names its meter. */
export type AudioSource = ({ kind: 'tone'; freq: number } | { kind: 'alsa'; device: string }) & { name?: string };

/** The meter names of a plan's audio inputs (their setting keys, else `in1`, `in2` ...). */
export function inputMeters(plan: EncoderPlan): string[] {
  return plan.audio.inputs.map((a, i) => (a.name && /^[\w-]+$/.test(a.name) ? a.name : `in${i + 1}`));
}

/**
 * A pass-through that measures ~100 ms windows (astats on frames of sampleRate/10 samples) and prints the
 * peak and RMS of each channel, tagged with the meter's name, on LEVELS_FD. In line rather than on an asplit
 * branch: a branch ending in a sink keeps ffmpeg running after -shortest ended the outputs (a lost camera
 * must end the encode). The samples are not changed; the frames carry the measurement as metadata only.
 */
function meterFilter(id: string, sampleRate: number): string {
  return [
    'ametadata=mode=delete',
    `asetnsamples=n=${Math.max(1, Math.round(sampleRate / 10))}:p=0`,
    'astats=metadata=1:reset=1:measure_perchannel=Peak_level+RMS_level:measure_overall=none',
    `ametadata=mode=add:key=${METER_KEY}:value=${id}`,
    `ametadata=mode=print:file='${filterValue(`pipe:${LEVELS_FD}`)}':direct=1`,
  ].join(',');
}

export interface OsdPlan {
  fontFile: string;
  fontSize: number;
  fontColor: string;
  datetime: { x: number; y: number } | undefined;
  /** A file holding the overlay text (drawtext reads it: no filter escaping of user text), and the font it needs. */
  text: { file: string; x: number; y: number; font: OsdFont } | undefined;
  /** The raster (`sourceWidth` x `sourceHeight`, bottom-up ARGB) drawn at `width` x `height`. */
  logo: { file: string; sourceWidth: number; sourceHeight: number; width: number; height: number; x: number; y: number } | undefined;
}

/** OSD coordinates and sizes are given for a 1920-wide picture (0-2000); scale them to the output. */
const osdScale = (plan: EncoderPlan, v: number) => Math.round((v * plan.width) / 1920);
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

function pixelRect(plan: EncoderPlan, r: LayoutRect) {
  return { x: even(r.x * plan.width), y: even(r.y * plan.height), w: even(r.w * plan.width), h: even(r.h * plan.height) };
}

/** Escapes a value for use inside a filtergraph option (paths of fonts and text files). */
export function filterValue(v: string): string {
  return v
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/:/g, '\\:')
    .replace(/,/g, '\\,')
    .replace(/\[/g, '\\[')
    .replace(/\]/g, '\\]')
    .replace(/;/g, '\\;');
}

/** drawtext's font option: a file, or a fontconfig family (which also picks the face of a collection). */
const drawtextFont = (font: OsdFont) => ('file' in font ? `fontfile='${filterValue(font.file)}'` : `font='${filterValue(font.family)}'`);

/** The input options of a source at a picture size and rate (the slide watcher opens its channel with them too). */
export function inputArgs(spec: SourceSpec, w: number, h: number, fps: number): string[] {
  switch (spec.kind) {
    case 'synthetic':
      return [
        '-re',
        '-f',
        'lavfi',
        '-i',
        spec.motion ? `testsrc2=size=${w}x${h}:rate=${fps}` : `color=c=${spec.color}:size=${w}x${h}:rate=${fps}`,
      ];
    case 'rtsp':
      // A 2 s socket timeout: a lost camera ends the encode quickly, and the engine switches it to the slate.
      // No frame-rate probe (the fps filter sets the rate): it reads ~0.7 s of pictures before the encode starts, and
      // the picture then stays that far behind the inputs paced in real time (bench/live-latency.mjs).
      return ['-rtsp_transport', 'tcp', '-timeout', '2000000', '-fpsprobesize', '0', '-i', spec.url];
    case 'v4l2':
      return ['-f', 'v4l2', '-framerate', String(fps), '-i', spec.device];
    case 'slides':
      // Always the same size (the slot scales it): every encode draws the same picture (slide-watch.ts compares them).
      return ['-re', '-f', 'lavfi', '-i', slidesInput()];
  }
}

/**
 * The input options of a slides channel the picture does not show, decoded for the slides alone: an RTSP (H.264)
 * one without the deblocking filter, a fifth of the decode (the scene scores and the slide's JPEG hardly change),
 * and in one thread (frame threads would hold pictures back).
 */
export function slidesOnlyInputArgs(spec: SourceSpec, fps: number): string[] {
  const decode = spec.kind === 'rtsp' ? ['-skip_loop_filter', 'all', '-threads', '1'] : [];
  return [...decode, ...inputArgs(spec, 1280, 720, fps)];
}

/** A layout change shown as an animation: the previous layout blends into the new one at the start. */
export interface TransitionPlan {
  from: { type: number; channeldata: string[] };
  /** An ffmpeg xfade transition name (the contract's LAYOUT_ANIMATIONS). */
  effect: string;
  seconds: number;
}

interface SlotUse {
  letter: string;
  spec: SourceSpec;
  px: ReturnType<typeof pixelRect>;
}

/** The slots of a layout that show a source, with their pixel rectangles. */
function slotsOf(plan: EncoderPlan, layout: { type: number; channeldata: string[] }): SlotUse[] {
  const type = LAYOUT_TYPES[layout.type] ?? LAYOUT_TYPES[0]!;
  return type.slots.flatMap((slot, i) => {
    const letter = layout.channeldata[i];
    const spec = letter ? plan.sources[letter] : undefined;
    return letter && spec ? [{ letter, spec, px: pixelRect(plan, slot) }] : [];
  });
}

/** The composed picture's part of the argv: its inputs, and filters ending in `[pic]` (layout, OSD, yuv420p). */
interface PictureGraph {
  args: string[];
  filters: string[];
  /** The next input index (the audio inputs follow the picture's). */
  input: number;
  /** The input index of each channel the picture shows (or blends from, in a transition). */
  inputOf: Map<string, number>;
}

/** Inputs and filter graph of the composed picture: the layout's sources fitted into their slots, then the OSD. */
function pictureGraph(plan: EncoderPlan): PictureGraph {
  const args: string[] = [];
  const filters: string[] = [];
  const pictures = [slotsOf(plan, plan.layout), ...(plan.transition ? [slotsOf(plan, plan.transition.from)] : [])];
  // One input per channel (a camera is opened once), split to every slot that shows it.
  const uses = new Map<string, SlotUse[]>();
  for (const slot of pictures.flat()) uses.set(slot.letter, [...(uses.get(slot.letter) ?? []), slot]);
  const feeds = new Map<string, string[]>();
  const inputOf = new Map<string, number>();
  let input = 0;
  for (const [letter, slots] of uses) {
    const px = slots.reduce((a, b) => (b.px.w * b.px.h > a.px.w * a.px.h ? b : a)).px;
    const spec = slots[0]!.spec;
    args.push(...inputArgs(spec, px.w, px.h, plan.fps));
    const label =
      spec.kind === 'synthetic'
        ? `,drawtext=fontfile='${filterValue(plan.osd.fontFile)}':text='${filterValue(spec.label)}':x=(w-text_w)/2:y=h/2-text_h:fontsize=${even(px.h / 10)}:fontcolor=white,drawtext=fontfile='${filterValue(plan.osd.fontFile)}':text='%{localtime}':x=(w-text_w)/2:y=h/2+text_h/2:fontsize=${even(px.h / 14)}:fontcolor=white`
        : '';
    // The synthetic slides are drawn here, as the frame is used (synthetic-slides.ts).
    const draw = spec.kind === 'slides' ? `${slidesDraw({ seconds: spec.seconds, fps: SLIDES_FPS })},` : '';
    const outs = slots.map((_, k) => `in${letter}${k}`);
    filters.push(
      `[${input}:v]${draw}fps=${plan.fps}${label}${outs.length > 1 ? `,split=${outs.length}` : ''}${outs.map((o) => `[${o}]`).join('')}`,
    );
    feeds.set(letter, outs);
    inputOf.set(letter, input);
    input++;
  }
  // Each picture: the slots' sources fitted into their rectangles over black.
  const composite = (slots: SlotUse[], name: string): string => {
    filters.push(`color=c=black:size=${plan.width}x${plan.height}:rate=${plan.fps}[${name}0]`);
    let last = `${name}0`;
    slots.forEach(({ letter, px }, i) => {
      const fit =
        plan.fit === 'equalratio'
          ? `scale=${px.w}:${px.h}:force_original_aspect_ratio=decrease,pad=${px.w}:${px.h}:(ow-iw)/2:(oh-ih)/2`
          : `scale=${px.w}:${px.h}`;
      filters.push(`[${feeds.get(letter)!.shift()!}]${fit},setsar=1[${name}src${i}]`);
      // A source that ends (a lost camera) ends the encode: the engine restarts it with the slate in its place.
      filters.push(`[${last}][${name}src${i}]overlay=${px.x}:${px.y}:eof_action=endall[${name}${i + 1}]`);
      last = `${name}${i + 1}`;
    });
    return last;
  };
  let last = composite(pictures[0]!, 'base');
  if (plan.transition) {
    const from = composite(pictures[1]!, 'from');
    const { effect, seconds } = plan.transition;
    // The old picture ends a second after the transition, so it costs nothing once it is over.
    filters.push(
      `[${from}]trim=duration=${seconds + 1}[fromend]`,
      `[fromend][${last}]xfade=transition=${effect}:duration=${seconds}:offset=0[animated]`,
    );
    last = 'animated';
  }

  const osd: string[] = [];
  const { osd: o } = plan;
  const fs = osdScale(plan, o.fontSize * 2);
  if (o.datetime)
    osd.push(
      `drawtext=fontfile='${filterValue(o.fontFile)}':text='%{localtime}':x=${osdScale(plan, o.datetime.x)}:y=${osdScale(plan, o.datetime.y)}:fontsize=${fs}:fontcolor=0x${o.fontColor}`,
    );
  if (o.text)
    osd.push(
      `drawtext=${drawtextFont(o.text.font)}:textfile='${filterValue(o.text.file)}':expansion=none:x=${osdScale(plan, o.text.x)}:y=${osdScale(plan, o.text.y)}:fontsize=${fs}:fontcolor=0x${o.fontColor}`,
    );
  if (o.logo) {
    const { logo } = o;
    args.push('-f', 'rawvideo', '-pixel_format', 'argb', '-video_size', `${logo.sourceWidth}x${logo.sourceHeight}`, '-i', logo.file);
    // logo.argb is stored bottom-up (spec §5): flip it, then draw it at the OSD's size (given for a 1920-wide
    // picture, like its position). One frame, repeated: its alpha blends it over the picture.
    const w = Math.max(1, osdScale(plan, logo.width));
    const h = Math.max(1, osdScale(plan, logo.height));
    filters.push(
      `[${input}:v]vflip,scale=${w}:${h},format=rgba[logo]`,
      `[${last}][logo]overlay=${osdScale(plan, logo.x)}:${osdScale(plan, logo.y)}:eof_action=repeat:format=auto[withlogo]`,
    );
    last = 'withlogo';
    input++;
  }
  filters.push(`[${last}]${osd.length ? `${osd.join(',')},` : ''}format=yuv420p[pic]`);
  return { args, filters, input, inputOf };
}

/** ffmpeg argv of one JPEG of the composed picture, `width` wide, on stdout: what the settings look like now. */
export function buildStillArgs(plan: EncoderPlan, width: number): string[] {
  const { args, filters } = pictureGraph({ ...plan, transition: undefined });
  filters.push(`[pic]scale=${width}:-2[still]`);
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...args,
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[still]',
    '-frames:v',
    '1',
    '-c:v',
    'mjpeg',
    '-q:v',
    '5',
    '-f',
    'image2pipe',
    'pipe:1',
  ];
}

/** ffmpeg argv of the composite encoder: HD MPEG-TS on stdout (pipe:1), SD on pipe:3. */
export function buildEncoderArgs(plan: EncoderPlan): string[] {
  const picture = pictureGraph(plan);
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'warning', ...picture.args];
  const filters = picture.filters;
  let input = picture.input;
  // Audio: the enabled inputs mixed, at the set volume; silence when none is on.
  const sr = plan.audio.sampleRate;
  const audioLabels: string[] = [];
  const audioFilters: string[] = [];
  const meters = inputMeters(plan);
  plan.audio.inputs.forEach((a, i) => {
    if (a.kind === 'tone') args.push('-re', '-f', 'lavfi', '-i', `sine=frequency=${a.freq}:sample_rate=${sr}`);
    else args.push('-f', 'alsa', '-i', a.device);
    if (plan.meters) {
      audioFilters.push(`[${input}:a]${meterFilter(meters[i]!, sr)}[lv${i}]`);
      audioLabels.push(`[lv${i}]`);
    } else audioLabels.push(`[${input}:a]`);
    input++;
  });
  if (!audioLabels.length) {
    args.push('-re', '-f', 'lavfi', '-i', `anullsrc=r=${sr}:cl=stereo`);
    audioLabels.push(`[${input}:a]`);
    input++;
  }
  const mix = audioLabels.length > 1 ? `amix=inputs=${audioLabels.length}:normalize=0,` : '';
  // A filter output feeds one output only: split it when the SD picture needs the sound too. The sound is
  // its own filter graph: in the picture's graph it would keep the encode alive after a camera is lost.
  const split = plan.sub ? ',asplit=2[aout][aoutsd]' : '[aout]';
  const program = plan.meters ? `,${meterFilter(PROGRAM_METER, sr)}` : '';
  const audioGraph = [
    ...audioFilters,
    `${audioLabels.join('')}${mix}aresample=${sr},volume=${plan.audio.gain.toFixed(2)}${program}${split}`,
  ].join(';');

  if (plan.sub) filters.push('[pic]split=2[hd][sdin]', `[sdin]scale=-2:${plan.sub.height}[sd]`);
  else filters.push('[pic]null[hd]');
  // Slide detection: its own graph on the slides channel's input (opened here when the picture does not show it).
  const slides = slidesOf(plan);
  let slidesGraph: string[] = [];
  if (slides) {
    const source = plan.sources[slides.channel]!;
    let at = picture.inputOf.get(slides.channel);
    if (at === undefined) {
      args.push(...slidesOnlyInputArgs(source, plan.fps));
      at = input++;
    }
    const shown = new Set(slotsOf(plan, plan.layout).map((s) => s.letter));
    const others = [...picture.inputOf].filter(([letter]) => letter !== slides.channel && shown.has(letter)).map(([, i]) => i);
    slidesGraph = ['-filter_complex', slideBranchGraph({ plan: slides, source, input: at, others })];
  }
  args.push('-filter_complex', filters.join(';'), ...slidesGraph, '-filter_complex', audioGraph);

  // A 1 s GOP: segments, HLS and pause/resume cut at keyframes, so this bounds their precision (±0.5 s).
  const gop = String(plan.fps);
  const video = (bitrateK: number, rc: 'cbr' | 'vbr') => [
    '-c:v',
    'libx264',
    '-preset',
    plan.preset,
    '-tune',
    'zerolatency',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-b:v',
    `${bitrateK}k`,
    '-maxrate',
    `${rc === 'cbr' ? bitrateK : Math.round(bitrateK * 1.5)}k`,
    '-bufsize',
    `${bitrateK * 2}k`,
  ];
  // -shortest: when the picture ends (a lost camera), the endless tone must not keep the encode alive.
  const audio = ['-c:a', 'aac', '-b:a', String(plan.audio.bitrate), '-ar', String(plan.audio.sampleRate), '-ac', '2', '-shortest'];
  args.push('-map', '[hd]', '-map', '[aout]', ...video(plan.main.bitrateK, plan.main.rc), ...audio, '-f', 'mpegts', 'pipe:1');
  if (plan.sub) args.push('-map', '[sd]', '-map', '[aoutsd]', ...video(plan.sub.bitrateK, plan.sub.rc), ...audio, '-f', 'mpegts', 'pipe:3');
  if (slides) args.push(...slideBranchOutputs());
  return args;
}
