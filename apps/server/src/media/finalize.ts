import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type ChapterMark, chaptersFfmetadata, remuxWithChapters } from './chapter-files.js';
import { probeDurationMs, runTool } from './process-runner.js';

/** Quotes a path for an ffmpeg concat list (single quotes, with ' escaped). */
const concatLine = (file: string) => `file '${file.replace(/'/g, "'\\''")}'`;

export interface FinalizedPart {
  file: string;
  bytes: number;
  durationMs: number;
  /** Why the file holds less than the segments did (e.g. no sound: the part ended before its first audio packet). */
  note?: string;
}

/**
 * Joins a part's MPEG-TS segments into one MP4 by stream copy (no re-encode), `faststart` for players.
 * Segments that hold no media (e.g. cut at the first byte) are skipped. Returns undefined when nothing was playable.
 *
 * A very short part (a start, pause or stop within a few frames) can end before the encoder's first audio packet:
 * MPEG-TS bundles several AAC frames into one packet, so the first comes some 0.1-0.3 s after the first video
 * frame. ffmpeg's concat takes each stream's parameters from the first segment, and the MP4 muxer refuses an audio
 * stream it knows no sample rate of ("sample rate not set"). Then the join is tried again from what the segments
 * hold (`joinPlan`): from the first segment with sound, or the picture alone when no segment has any.
 */
export async function finalizePart(
  segments: string[],
  output: string,
  chapters?: (durationMs: number) => ChapterMark[],
): Promise<FinalizedPart | undefined> {
  const usable = segments.filter((s) => existsSync(s) && statSync(s).size >= 188 * 10);
  if (usable.length === 0) return undefined;
  try {
    await joinSegments(usable, ['-map', '0'], output);
  } catch (err) {
    const plan = await joinPlan(usable);
    if (!plan) throw err;
    if (plan.segments.length === 0) return undefined;
    await joinSegments(plan.segments, plan.map, output).catch(() => {
      throw err;
    });
    return written(output, chapters, plan.note);
  }
  return written(output, chapters);
}

/**
 * The probed duration of a joined `.part.mp4`, with the part's chapters (when it has any) written into it, renamed
 * to `output`; undefined (and removed) when it holds nothing. A file whose chapters cannot be added is kept without.
 */
async function written(
  output: string,
  chapters?: (durationMs: number) => ChapterMark[],
  note?: string,
): Promise<FinalizedPart | undefined> {
  const tmp = `${output}.part.mp4`;
  const durationMs = await probeDurationMs(tmp);
  if (durationMs === 0) {
    rmSync(tmp, { force: true });
    return undefined;
  }
  const marks = chapters?.(durationMs) ?? [];
  if (marks.length) {
    const meta = join(dirname(output), `.${basename(output)}.chapters.txt`);
    const withChapters = `${output}.chapters.mp4`;
    try {
      writeFileSync(meta, chaptersFfmetadata(marks, durationMs));
      await remuxWithChapters(tmp, meta, withChapters);
      renameSync(withChapters, tmp);
    } catch {
      rmSync(withChapters, { force: true });
    } finally {
      rmSync(meta, { force: true });
    }
  }
  // Rename last, so a crash during finalizing never leaves a half-written file under the final name.
  renameSync(tmp, output);
  return { file: output, bytes: statSync(output).size, durationMs, ...(note ? { note } : {}) };
}

/** ffmpeg's concat of `segments` into `{output}.part.mp4` by stream copy, with the given `-map`s. */
async function joinSegments(segments: string[], map: string[], output: string): Promise<void> {
  const list = listFileOf(output);
  writeFileSync(list, `${segments.map(concatLine).join('\n')}\n`);
  const tmp = `${output}.part.mp4`;
  try {
    await runTool('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      ...map,
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      tmp,
    ]);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  } finally {
    rmSync(list, { force: true });
  }
}

const listFileOf = (output: string) => join(dirname(output), `.${basename(output)}.txt`);

/** Packets per stream kind of one segment (ffprobe reads the whole file: only on the failure path). */
async function packetCounts(segment: string): Promise<{ video: number; audio: number }> {
  const out = await runTool('ffprobe', [
    '-v',
    'error',
    '-count_packets',
    '-show_entries',
    'stream=codec_type,nb_read_packets',
    '-of',
    'json',
    segment,
  ]).catch(() => '{}');
  const streams = ((JSON.parse(out) as { streams?: { codec_type?: string; nb_read_packets?: string }[] }).streams ?? []).map((s) => ({
    type: s.codec_type,
    n: Number(s.nb_read_packets) || 0,
  }));
  const count = (type: string) => streams.filter((s) => s.type === type).reduce((n, s) => n + s.n, 0);
  return { video: count('video'), audio: count('audio') };
}

/**
 * What a join that failed can still make: the segments with a video frame, from the first that also has sound
 * (the earlier ones hold a few frames at most), all streams; or, when none has sound, their picture alone.
 * An empty list when no segment holds a video frame; undefined when the segments do not explain the failure
 * (every one has picture and sound: the disk, not the media, is the problem).
 */
async function joinPlan(segments: string[]): Promise<{ segments: string[]; map: string[]; note?: string } | undefined> {
  const counted = await Promise.all(segments.map(async (s) => ({ s, ...(await packetCounts(s)) })));
  const withVideo = counted.filter((c) => c.video > 0);
  if (withVideo.length === 0) return { segments: [], map: [] };
  const firstWithSound = withVideo.findIndex((c) => c.audio > 0);
  if (firstWithSound === 0 && withVideo.length === counted.length) return undefined;
  if (firstWithSound > 0) {
    return {
      segments: withVideo.slice(firstWithSound).map((c) => c.s),
      map: ['-map', '0'],
      note: `its first ${firstWithSound} segment(s) had no sound yet and were left out`,
    };
  }
  if (firstWithSound === 0)
    return { segments: withVideo.map((c) => c.s), map: ['-map', '0'], note: 'segments without a video frame were left out' };
  return { segments: withVideo.map((c) => c.s), map: ['-map', '0:v'], note: 'it ended before its first audio packet: picture only' };
}

/**
 * When the MP4 cannot be written (no space left), keep the recording as MPEG-TS instead: the segments are
 * appended into the first one (freeing each as it goes, so it needs almost no extra space) and renamed.
 */
export async function keepAsTs(
  segments: string[],
  output: string,
): Promise<{ file: string; bytes: number; durationMs: number } | undefined> {
  const usable = segments.filter((s) => existsSync(s) && statSync(s).size > 0);
  if (usable.length === 0) return undefined;
  const [first, ...rest] = usable as [string, ...string[]];
  for (const seg of rest) {
    appendFileSync(first, readFileSync(seg));
    rmSync(seg, { force: true });
  }
  renameSync(first, output);
  return { file: output, bytes: statSync(output).size, durationMs: await probeDurationMs(output) };
}
