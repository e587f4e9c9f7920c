import { CopyOutput } from './copy-output.js';
import type { Encoder } from './encoder.js';

/** After the output's ffmpeg ended by itself (the device busy or gone), it is tried again this much later. */
const RETRY_MS = 5000;

/** Output options of the programme sound on an ALSA device: the HD stream's audio decoded to PCM, no picture. */
export function audioOutputArgs(device: string): string[] {
  return ['-vn', '-c:a', 'pcm_s16le', '-f', 'alsa', device];
}

/**
 * The programme sound on the box's HDMI audio output (setting_general_output `hdmiaudiooutput`): while the composite
 * encoder runs, a copy output of its HD fan-out decodes the sound to the ALSA device `DATA_DIR/sources.json` names
 * `hdmiaudioout`, so the room hears what is recorded. `device()` is that device while the setting is on, else
 * undefined. Started with the encoder, again on each new stream after a restart, stopped with it; no encode.
 */
export function audioOutput(encoder: Encoder, device: () => string | undefined, log: (line: string) => void) {
  let output: { device: string; out: CopyOutput; pid: number | undefined } | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** Outputs whose ffmpeg has not exited yet (the current one, and one still stopping). */
  const live = new Set<CopyOutput>();
  const stop = async () => {
    clearTimeout(retry);
    const o = output;
    output = undefined;
    if (!o) return;
    await o.out.stop({ now: true });
    live.delete(o.out);
  };
  const start = (to: string) => {
    const out = new CopyOutput(encoder.hd, audioOutputArgs(to), (line) => log(`[AUDIO OUT] ${line}`));
    output = { device: to, out, pid: encoder.pid };
    out.onExit = (code) => {
      live.delete(out);
      if (output?.out !== out) return;
      output = undefined;
      log(`[AUDIO OUT] ${to} ended (code ${code}); trying again in ${RETRY_MS / 1000} s`);
      retry = setTimeout(() => refresh(), RETRY_MS);
    };
    live.add(out);
    out.start();
  };
  /** Brings the output in line with the encoder (a new process: a new stream to follow) and the setting. */
  const refresh = () => {
    const want = encoder.running ? device() : undefined;
    if (output && (output.pid !== encoder.pid || output.device !== want)) void stop();
    if (want && !output) start(want);
  };
  // ('restart' is also re-emitted for per-channel encoders: the pid tells whether this encoder's stream is new.)
  encoder.on('restart', () => refresh());
  encoder.on('exit', () => void stop());
  return {
    refresh,
    stop,
    /** An output's ffmpeg is running (or still ending). */
    get running() {
      return [...live].some((o) => o.running);
    },
  };
}
