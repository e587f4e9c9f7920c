import { audioGraph } from './audio-graph.js';
import { encodeOutputs } from './encode-outputs.js';
import { slidesOnlyInputArgs } from './encoder-inputs.js';
import { type EncoderPlan, slidesOf } from './encoder-plan.js';
import { pictureGraph, shownChannels } from './picture-graph.js';
import { slideBranchGraph, slideBranchOutputs } from './slide-branch.js';

/**
 * The ffmpeg argv of the composite encode and of a still, assembled from their parts: the picture's inputs and
 * filter graph (picture-graph.ts, with the OSD of osd-graph.ts), the sound's (audio-graph.ts), the slides branch
 * (slide-branch.ts) and the encodes (encode-outputs.ts). Pure: tests compare argv.
 */

// media-engine.ts imports the plan's types from here (it is being rewritten elsewhere; it needs no change).
export type { EncoderPlan, TransitionPlan } from './encoder-plan.js';

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

/** The encoder's `-progress` reports (speed, dropped frames) go to this pipe: after SD (3), levels (4), slides (5-7). */
export const ENCODER_PROGRESS_FD = 8;

/** ffmpeg argv of the composite encoder: HD MPEG-TS on stdout (pipe:1), SD on pipe:3, progress on ENCODER_PROGRESS_FD. */
export function buildEncoderArgs(plan: EncoderPlan): string[] {
  const picture = pictureGraph(plan);
  const sound = audioGraph(plan, picture.input);
  const progress = ['-nostats', '-progress', `pipe:${ENCODER_PROGRESS_FD}`, '-stats_period', '1'];
  // Level-tagged info: the inputs' headers tell what each channel delivers (encoder.ts); the rest is warnings and errors.
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'level+info', ...progress, ...picture.args, ...sound.args];
  let input = sound.input;
  const filters = picture.filters;
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
    const shown = shownChannels(plan);
    const others = [...picture.inputOf].filter(([letter]) => letter !== slides.channel && shown.has(letter)).map(([, i]) => i);
    slidesGraph = ['-filter_complex', slideBranchGraph({ plan: slides, source, input: at, others })];
  }
  args.push('-filter_complex', filters.join(';'), ...slidesGraph, '-filter_complex', sound.graph, ...encodeOutputs(plan));
  if (slides) args.push(...slideBranchOutputs());
  return args;
}
