import type { EncoderPlan } from './encoder-plan.js';
import { filterValue } from './filter-value.js';
import type { OsdFont } from './osd-fonts.js';

/** OSD coordinates and sizes are given for a 1920-wide picture (0-2000); scale them to the output. */
/** drawtext's font option: a file, or a fontconfig family (which also picks the face of a collection). */
const drawtextFont = (font: OsdFont) => ('file' in font ? `fontfile='${filterValue(font.file)}'` : `font='${filterValue(font.family)}'`);

const osdScale = (plan: EncoderPlan, v: number) => Math.round((v * plan.width) / 1920);

/** The OSD's part of the argv: the logo's input, and filters from the composed picture to `[pic]`. */
export interface OsdGraph {
  args: string[];
  filters: string[];
  /** The next input index. */
  input: number;
}

/**
 * The OSD over the composed picture labelled `picture`: the logo (its raster is input number `input`), then the
 * date/time and the text drawn, ending in `[pic]` as yuv420p.
 */
export function osdGraph(plan: EncoderPlan, picture: string, input: number): OsdGraph {
  const args: string[] = [];
  const filters: string[] = [];
  let last = picture;
  const draw: string[] = [];
  const { osd: o } = plan;
  const fs = osdScale(plan, o.fontSize * 2);
  if (o.datetime)
    draw.push(
      `drawtext=fontfile='${filterValue(o.fontFile)}':text='%{localtime}':x=${osdScale(plan, o.datetime.x)}:y=${osdScale(plan, o.datetime.y)}:fontsize=${fs}:fontcolor=0x${o.fontColor}`,
    );
  if (o.text)
    draw.push(
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
  filters.push(`[${last}]${draw.length ? `${draw.join(',')},` : ''}format=yuv420p[pic]`);
  return { args, filters, input };
}
