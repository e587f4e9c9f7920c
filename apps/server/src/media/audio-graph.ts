import { METER_KEY, PROGRAM_METER } from './audio-levels.js';
import type { EncoderPlan } from './encoder-plan.js';
import { filterValue } from './filter-value.js';
import { beepInput } from './sync-source.js';

/** The file descriptor the audio level lines are printed on (audio-levels.ts parses them). */
export const LEVELS_FD = 4;

/** The meter names of a plan's audio inputs (their setting keys, else `in1`, `in2` ...). */
export function inputMeters(plan: EncoderPlan): string[] {
  return plan.audio.inputs.map((a, i) => (a.name && /^[\w-]+$/.test(a.name) ? a.name : `in${i + 1}`));
}

/** The programme sound's part of the argv: its inputs, and its own filter graph ending in `[aout]` (and `[aoutsd]`). */
export interface AudioGraph {
  args: string[];
  graph: string;
  /** The next input index. */
  input: number;
}

/**
 * The enabled audio inputs (numbered from `input`) mixed, at the set volume, silence when none is on; each input
 * and the programme metered when the plan asks. Split in two when the SD picture needs the sound too.
 */
export function audioGraph(plan: EncoderPlan, input: number): AudioGraph {
  const args: string[] = [];
  const sr = plan.audio.sampleRate;
  const labels: string[] = [];
  const filters: string[] = [];
  const meters = inputMeters(plan);
  plan.audio.inputs.forEach((a, i) => {
    if (a.kind === 'tone') args.push('-re', '-f', 'lavfi', '-i', `sine=frequency=${a.freq}:sample_rate=${sr}`);
    else if (a.kind === 'beep') args.push('-re', '-f', 'lavfi', '-i', beepInput(a.seconds, sr));
    else args.push('-f', 'alsa', '-i', a.device);
    if (plan.meters) {
      filters.push(`[${input}:a]${meterFilter(meters[i]!, sr)}[lv${i}]`);
      labels.push(`[lv${i}]`);
    } else labels.push(`[${input}:a]`);
    input++;
  });
  if (!labels.length) {
    args.push('-re', '-f', 'lavfi', '-i', `anullsrc=r=${sr}:cl=stereo`);
    labels.push(`[${input}:a]`);
    input++;
  }
  const mix = labels.length > 1 ? `amix=inputs=${labels.length}:normalize=0,` : '';
  // A filter output feeds one output only: split it when the SD picture needs the sound too. The sound is
  // its own filter graph: in the picture's graph it would keep the encode alive after a camera is lost.
  const split = plan.sub ? ',asplit=2[aout][aoutsd]' : '[aout]';
  const program = plan.meters ? `,${meterFilter(PROGRAM_METER, sr)}` : '';
  const graph = [...filters, `${labels.join('')}${mix}aresample=${sr},volume=${plan.audio.gain.toFixed(2)}${program}${split}`].join(';');
  return { args, graph, input };
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
