import type { EncoderPlan } from './encoder-plan.js';

/**
 * The composite encode's outputs: the HD picture (`[hd]`) with the sound (`[aout]`) as H.264 + AAC MPEG-TS on
 * stdout (pipe:1), the SD one (`[sd]`, `[aoutsd]`) on pipe:3 when the plan has it.
 */
export function encodeOutputs(plan: EncoderPlan): string[] {
  const args = ['-map', '[hd]', '-map', '[aout]', ...videoEncode(plan, plan.main), ...audioEncode(plan), '-f', 'mpegts', 'pipe:1'];
  if (plan.sub)
    args.push('-map', '[sd]', '-map', '[aoutsd]', ...videoEncode(plan, plan.sub), ...audioEncode(plan), '-f', 'mpegts', 'pipe:3');
  return args;
}

/** x264 at a bitrate: CBR holds the rate, VBR may reach 1.5 times it. */
function videoEncode(plan: EncoderPlan, { bitrateK, rc }: { bitrateK: number; rc: 'cbr' | 'vbr' }): string[] {
  // A 1 s GOP: segments, HLS and pause/resume cut at keyframes, so this bounds their precision (±0.5 s).
  const gop = String(plan.fps);
  return [
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
}

function audioEncode(plan: EncoderPlan): string[] {
  // -shortest: when the picture ends (a lost camera), the endless tone must not keep the encode alive.
  return ['-c:a', 'aac', '-b:a', String(plan.audio.bitrate), '-ar', String(plan.audio.sampleRate), '-ac', '2', '-shortest'];
}
