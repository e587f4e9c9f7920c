import { z } from 'zod';
import { API_PREFIX } from './http.js';
import { anyOf, type Requirement } from './permissions.js';

/**
 * The confidence monitor: audio level meters streamed as Server-Sent Events, a preview JPEG of the composed
 * picture, and the silence alarm (`status.audioalarm`). Both routes are GETs under the API prefix that need
 * the session header like every call (so the console reads them with `fetch`, not `EventSource` or `<img src>`).
 */
export const MONITOR_LEVELS_PATH = `${API_PREFIX}/monitor/levels`;
export const MONITOR_PREVIEW_PATH = `${API_PREFIX}/monitor/preview.jpg`;
/**
 * `?encode=1` on the levels stream: the encode runs while the stream is open even when nothing records or is live
 * (it stops 10 s after the last such stream closed), so the meters, the picture and each channel's detected size and
 * rate show while idle: the Audio screen asks it, and the confidence monitor when the operator starts it.
 */
export const MONITOR_LEVELS_ENCODE_QUERY = 'encode';
/** Who may watch the monitor: the Record and Live panels' users (spec §6), as the workbench page. */
export const MONITOR_PERMISSION: Requirement = anyOf('operating', 'record');
/** Who may read the audio levels: the monitor's users, and the Audio screen's (each bound input's level, issue 20). */
export const MONITOR_LEVELS_PERMISSION: Requirement = anyOf('operating', 'record', 'audiosetting');
/**
 * The composed picture as the settings make it now (layout, fit, OSD with the logo): a frame of the running encode
 * once it runs on the latest settings, else a still rendered from the sources; header `x-picture-source`
 * `encoder` or `still`. For the screens that change the picture (OSD, effect, video) and the monitor's users.
 */
export const PICTURE_PATH = `${API_PREFIX}/monitor/picture.jpg`;
export const PICTURE_SOURCE_HEADER = 'x-picture-source';
export const PICTURE_PERMISSION: Requirement = anyOf('logotitle', 'videoeffect', 'videosetting', 'operating', 'record');
/** The SSE event name of a levels message. */
export const MONITOR_LEVELS_EVENT = 'levels';

/** The recording is called silent while its loudest input peaks below this (dBFS)... */
export const SILENCE_ALARM_DB = -50;
/** ...for this long (seconds; the service's SILENCE_ALARM_SECONDS shortens it for tests). */
export const SILENCE_ALARM_DEFAULT_S = 30;
/** The meter colours: green below −18 dBFS, yellow up to −9, red above. */
export const METER_ZONES_DB = { yellow: -18, red: -9 } as const;
/** The bottom of a meter's scale (dBFS); quieter reads as the empty bar. */
export const METER_FLOOR_DB = -60;

/** One meter over ~100 ms: the highest sample and the RMS in dBFS, `null` for digital silence (−∞). */
export const MeterLevel = z.object({
  /** The setting_audio_input key (`macin1`, `linein2`, `hdmi5` ...) or `program` (the mix as recorded). */
  id: z.string(),
  peak: z.number().nullable(),
  rms: z.number().nullable(),
});
export type MeterLevel = z.infer<typeof MeterLevel>;

/** One `levels` event: the latest reading of each enabled input and of the program, ~10 a second while the encoder runs. */
export const LevelsMessage = z.object({
  /** False once the encoder stopped (nothing records or goes live): the meters are empty. */
  running: z.boolean(),
  inputs: z.array(MeterLevel),
  program: MeterLevel.nullable(),
});
export type LevelsMessage = z.infer<typeof LevelsMessage>;
