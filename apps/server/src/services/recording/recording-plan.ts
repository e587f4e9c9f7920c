/**
 * What a new recording is made of, from the settings: its folder under the storage, the streams it records (HD;
 * SD unless `movie_low_enable` is false; the ISO channels of `resource_vi0..4_enable` with their sub pictures)
 * and the part limits of the segmentation mode.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { channelCodeOf, HD_CHANNEL } from '@roomcast/contract';
import type { PartLimits, RecordedStream } from '../../media/recording-session.js';
import type { RecordingDeps } from './recording-deps.js';

/** resource_vi0..vi4 → channels A..E recorded on their own as CH1..CH5 (+ CHnS, the sub picture). */
const ISO_CHANNELS = [
  ['A', 'resource_vi0_enable'],
  ['B', 'resource_vi1_enable'],
  ['C', 'resource_vi2_enable'],
  ['D', 'resource_vi3_enable'],
  ['E', 'resource_vi4_enable'],
] as const;
const SEGMENTATION = { smooth: { maxPartMs: 3600_000, maxPartBytes: 2e9 }, advanced: { maxPartMs: 4 * 3600_000, maxPartBytes: 3.8e9 } };

/** `{root}/recordings/{stamp}`; a recording started within the same second as the previous one gets a folder of its own (…-2). */
export function newRecordingFolder(d: Pick<RecordingDeps, 'repos'>, root: string, stamp: string): { name: string; dir: string } {
  const taken = (n: string) =>
    existsSync(join(root, 'recordings', n)) || d.repos.recordings.findByDir(join(root, 'recordings', n)) !== undefined;
  let name = stamp;
  for (let n = 2; taken(name); n++) name = `${stamp}-${n}`;
  return { name, dir: join(root, 'recordings', name) };
}

/** The streams to record; starts the ISO encodes they need. */
export function recordedStreams(d: Pick<RecordingDeps, 'settings' | 'encoder' | 'ensureIso'>): RecordedStream[] {
  const save = d.settings.typed('setting_advance_media_save');
  const streams: RecordedStream[] = [{ code: 'HD', channel: HD_CHANNEL, fanout: d.encoder.hd }];
  if (save.movie_low_enable) streams.push({ code: 'SD', channel: 11, fanout: d.encoder.sd });
  const isoLetters = ISO_CHANNELS.filter(([, key]) => save[key]).map(([letter]) => letter);
  for (const { letter, encoder } of d.ensureIso(isoLetters)) {
    const n = letter.charCodeAt(0) - 64;
    streams.push({ code: `CH${n}`, channel: channelCodeOf(`CH${n}`)!, fanout: encoder.hd });
    if (save.movie_low_enable) streams.push({ code: `CH${n}S`, channel: channelCodeOf(`CH${n}S`)!, fanout: encoder.sd });
  }
  return streams;
}

/** When a part ends and the next begins: the segmentation mode's limits, or the configured override (tests). */
export function partLimits(d: Pick<RecordingDeps, 'settings' | 'partLimitOverrideMs'>): PartLimits {
  const mode = d.settings.typed('setting_segmentation').mode;
  return d.partLimitOverrideMs ? { maxPartMs: d.partLimitOverrideMs, maxPartBytes: Number.MAX_SAFE_INTEGER } : SEGMENTATION[mode];
}
