import { rmSync, writeFileSync } from 'node:fs';
import { type CallBody, type CallData, CAPTION_LIMITS, HD_CHANNEL } from '@roomcast/contract';
import type { CaptionTrackRow } from '../../db/repositories/captions-repository.js';
import type { Repositories } from '../../db/repositories/index.js';
import { captionsVttPathOf, cuesWebVtt } from '../../media/chapter-files.js';
import type { SessionUser } from '../access/index.js';
import { Fail } from '../core/index.js';
import type { RecordingAccess } from '../recording/index.js';
import { checkCues, cuesInPart, parseCaptionFile } from './caption-file.js';

export interface CaptionServiceDeps {
  repos: Pick<Repositories, 'captions' | 'recordings'>;
  access: Pick<RecordingAccess, 'find' | 'mayChange'>;
  /** A signed /media/ URL of a file of a recording, for the caller's session. */
  urlFor: (caller: SessionUser | undefined, absPath: string) => string;
  /** Device time now as `YYYY-MM-DD HH:mm:ss`. */
  now: () => string;
  log: (line: string) => void;
}

type Track = CallData<'listcaption'>['tracks'][number];

/**
 * Caption tracks (issue 22; decisions.ts "Captions"): imported from WebVTT or SRT and checked whole (a refused file
 * changes nothing), edited in the console, listed with each part's WebVTT file (`name.<language>.vtt` beside the
 * part's video file, written again at every change; the uploads and the batch zip carry them).
 */
export function captionService(d: CaptionServiceDeps) {
  /** The parts of one channel of a recording (the HD one when it has it), in order. */
  function partsOf(recordingId: number) {
    const files = d.repos.recordings.files(recordingId);
    const channel = files.some((f) => f.channel === HD_CHANNEL) ? HD_CHANNEL : files[0]?.channel;
    return { all: files, main: files.filter((f) => f.channel === channel) };
  }

  /** Each file's WebVTT of this track, its cues of that part; none for a track removed (`cues` undefined). */
  function writeFiles(
    recordingId: number,
    language: string,
    cues: readonly { start: number; end: number; text: string }[] | undefined,
  ): void {
    const starts = new Map<number, number>();
    for (const f of partsOf(recordingId).all) {
      const path = captionsVttPathOf(f.filepath, language);
      const start = starts.get(f.channel) ?? 0;
      starts.set(f.channel, start + f.duration_ms);
      try {
        if (cues) writeFileSync(path, cuesWebVtt(cuesInPart(cues, start, f.duration_ms)));
        else rmSync(path, { force: true });
      } catch (err) {
        d.log(`recording ${recordingId}: ${path} could not be written: ${(err as Error).message}`);
      }
    }
  }

  function trackOf(caller: SessionUser | undefined, t: CaptionTrackRow): Track {
    const parts = partsOf(t.recording_id).main;
    return {
      id: String(t.id),
      language: t.language,
      label: t.label,
      origin: t.origin,
      reviewed: t.reviewed === 1,
      updated: t.updated,
      cues: t.cues,
      files: parts.map((f, i) => ({ part: i + 1, url: d.urlFor(caller, captionsVttPathOf(f.filepath, t.language)) })),
    };
  }

  /** A track of a recording the caller may see or change; one they may not is as one that does not exist. */
  function findFor(caller: SessionUser | undefined, id: string, purpose: 'see' | 'change') {
    const t = d.repos.captions.find(Number(id));
    if (!t) throw Fail.of('captionNotFound');
    const rec = d.access.find(caller, String(t.recording_id), purpose);
    return { t, rec };
  }

  return {
    list(caller: SessionUser | undefined, recordid: string): CallData<'listcaption'> {
      const rec = d.access.find(caller, recordid, 'see');
      return { tracks: d.repos.captions.list(rec.id).map((t) => trackOf(caller, t)), mayedit: d.access.mayChange(caller, rec) };
    },

    get(caller: SessionUser | undefined, id: string): CallData<'getcaption'> {
      const { t } = findFor(caller, id, 'see');
      return { track: trackOf(caller, t), cues: d.repos.captions.cues(t.id) };
    },

    /** importcaption: the file checked whole, then the track of its language made or replaced. */
    import(caller: SessionUser | undefined, b: CallBody<'importcaption'>): { result: CallData<'importcaption'>; describe: string } {
      const rec = d.access.find(caller, b.recordid, 'change');
      if (rec.state !== 'done') throw Fail.of('captionNotFinished');
      if (Buffer.byteLength(b.text) > CAPTION_LIMITS.fileBytes) throw Fail.of('captionTooLarge', CAPTION_LIMITS.fileBytes / 1024 / 1024);
      const parsed = parseCaptionFile(b.text, b.format, rec.duration_ms);
      if ('problem' in parsed) throw Fail.of('captionBadFile', parsed.problem.at, parsed.problem.reason);
      const id = d.repos.captions.put(
        { recording_id: rec.id, language: b.language, label: b.label, origin: 'imported', reviewed: false, updated: d.now() },
        parsed.cues,
      );
      writeFiles(rec.id, b.language, parsed.cues);
      return {
        result: { id: String(id), cues: parsed.cues.length },
        describe: `recording ${rec.id}: ${b.language} captions imported (${b.format}, ${parsed.cues.length} cues)`,
      };
    },

    /** savecaption: the editor's cues (in order of their start), checked as an import's; the track is then "edited". */
    save(caller: SessionUser | undefined, b: CallBody<'savecaption'>): string {
      const { t, rec } = findFor(caller, b.id, 'change');
      const cues = [...b.cues].sort((x, y) => x.start - y.start || x.end - y.end).map((c) => ({ ...c, text: c.text.trim() }));
      const problem = checkCues(cues, rec.duration_ms, (i) => i + 1);
      if (problem) throw Fail.of('captionBadCue', problem.at, problem.reason);
      d.repos.captions.save({ id: t.id, label: b.label ?? t.label, origin: 'edited', reviewed: b.reviewed, updated: d.now() }, cues);
      writeFiles(rec.id, t.language, cues);
      return `recording ${rec.id}: ${t.language} captions saved (${cues.length} cues${b.reviewed ? ', reviewed' : ''})`;
    },

    remove(caller: SessionUser | undefined, id: string): string {
      const { t, rec } = findFor(caller, id, 'change');
      d.repos.captions.remove(t.id);
      writeFiles(rec.id, t.language, undefined);
      return `recording ${rec.id}: ${t.language} captions removed`;
    },
  };
}
export type CaptionService = ReturnType<typeof captionService>;
