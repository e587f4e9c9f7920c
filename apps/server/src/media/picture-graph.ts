import { LAYOUT_TYPES, type LayoutRect } from '@roomcast/contract';
import { inputArgs } from './encoder-inputs.js';
import type { EncoderPlan, SourceSpec } from './encoder-plan.js';
import { filterValue } from './filter-value.js';
import { osdGraph } from './osd-graph.js';
import { syncFlash } from './sync-source.js';
import { SLIDES_FPS, slidesDraw } from './synthetic-slides.js';

/**
 * The composed picture (layout and OSD): each channel opened once and split to every slot that shows it, the slots
 * fitted over black, the previous layout blended into the new one on a transition, then the OSD.
 */

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

function pixelRect(plan: EncoderPlan, r: LayoutRect) {
  return { x: even(r.x * plan.width), y: even(r.y * plan.height), w: even(r.w * plan.width), h: even(r.h * plan.height) };
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

/** The channels the plan's current layout shows. */
export function shownChannels(plan: EncoderPlan): Set<string> {
  return new Set(slotsOf(plan, plan.layout).map((s) => s.letter));
}

/** The composed picture's part of the argv: its inputs, and filters ending in `[pic]` (layout, OSD, yuv420p). */
export interface PictureGraph {
  args: string[];
  filters: string[];
  /** The next input index (the audio inputs follow the picture's). */
  input: number;
  /** The input index of each channel the picture shows (or blends from, in a transition). */
  inputOf: Map<string, number>;
}

/** Inputs and filter graph of the composed picture: the layout's sources fitted into their slots, then the OSD. */
export function pictureGraph(plan: EncoderPlan): PictureGraph {
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
    const outs = slots.map((_, k) => `in${letter}${k}`);
    filters.push(
      `[${input}:v]${channelFilters(plan, spec, px.h)}${outs.length > 1 ? `,split=${outs.length}` : ''}${outs.map((o) => `[${o}]`).join('')}`,
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
  const osd = osdGraph(plan, last, input);
  return { args: [...args, ...osd.args], filters: [...filters, ...osd.filters], input: osd.input, inputOf };
}

/**
 * A channel's frames as the slots use them, at the plan's rate (`h`: the largest slot's height): the synthetic
 * slides drawn here, as the frame is used (synthetic-slides.ts); a synthetic source labelled and clocked.
 */
function channelFilters(plan: EncoderPlan, spec: SourceSpec, h: number): string {
  const draw =
    spec.kind === 'slides'
      ? `${slidesDraw({ seconds: spec.seconds, fps: SLIDES_FPS })},`
      : spec.kind === 'sync'
        ? `${syncFlash(spec.seconds)},`
        : '';
  const label =
    spec.kind === 'synthetic'
      ? `,drawtext=fontfile='${filterValue(plan.osd.fontFile)}':text='${filterValue(spec.label)}':x=(w-text_w)/2:y=h/2-text_h:fontsize=${even(h / 10)}:fontcolor=white,drawtext=fontfile='${filterValue(plan.osd.fontFile)}':text='%{localtime}':x=(w-text_w)/2:y=h/2+text_h/2:fontsize=${even(h / 14)}:fontcolor=white`
      : '';
  return `${draw}fps=${plan.fps}${label}`;
}
