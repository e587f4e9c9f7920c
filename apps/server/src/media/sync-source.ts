/**
 * The A/V sync source (issue 21's long-run proof: "audio and video in sync at the end within one frame"): a video
 * input bound to `sync:N` is black with a white flash of FLASH_SECONDS every N s, and an audio input bound to
 * `beep:N` is a quiet 250 Hz hum (−30 dBFS: sound to the silence alarm, silence to the analyser's −20 dB threshold) with
 * a 1 kHz beep of FLASH_SECONDS at −6 dBFS every N s. Both are paced in real time (`-re`) and counted
 * on their own stream's time from the encode's start, so in a recording the first white frame and the first sample
 * of the beep carry the same timestamp unless the encode lets them drift apart. `bench/long-run.mjs` finds both in
 * the recorded file (`bench/lib/av-sync.mjs`) and reports the offset. An encode restart starts both counts again.
 */
export const FLASH_SECONDS = 0.1;
export const BEEP_HZ = 1000;
const HUM_HZ = 250;
/** −30 dBFS peak: above the silence alarm's −50 (SILENCE_ALARM_DB), below the analyser's −20. */
const HUM_AMPLITUDE = 0.0316;

/** A small margin on the frame's time: `t` of frame k is k/fps in floating point, and 300/30 must count as 10. */
const EPSILON = 0.0005;

/** The black picture the flash is drawn on. */
export function syncInput(w: number, h: number, fps: number): string {
  return `color=c=black:size=${w}x${h}:rate=${fps}`;
}

/** The flash: the whole frame white while the input's time is within FLASH_SECONDS after a multiple of `seconds`. */
export function syncFlash(seconds: number): string {
  return `drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='lt(mod(t+${EPSILON}\\,${seconds})\\,${FLASH_SECONDS})'`;
}

/** The beep: half-scale 1 kHz during the same FLASH_SECONDS, the hum between (aevalsrc's `t` is the sample's time). */
export function beepInput(seconds: number, sampleRate: number): string {
  const beep = `lt(mod(t+${EPSILON / 100}\\,${seconds})\\,${FLASH_SECONDS})`;
  return `aevalsrc=exprs='if(${beep}\\,0.5*sin(2*PI*${BEEP_HZ}*t)\\,${HUM_AMPLITUDE}*sin(2*PI*${HUM_HZ}*t))':s=${sampleRate}`;
}
