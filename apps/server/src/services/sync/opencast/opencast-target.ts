import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { channelCodeOf } from '@roomcast/contract';
import type { Repositories } from '../../../db/repositories/index.js';
import type { RecordingRow } from '../../../db/repositories/recordings-repository.js';
import type { TransferRow } from '../../../db/repositories/transfers-repository.js';
import { chapterFileTitle, cuesWebVtt } from '../../../media/chapter-files.js';
import { Fail, type DeviceClock } from '../../core/index.js';
import type { ResolveFile } from '../local-file.js';
import type { TransferAttempt, TransferItem, TransferTarget } from '../transfer-target.js';
import type { OpencastAgent } from './opencast-agent.js';
import type { OpencastClient } from './opencast-client.js';
import type { OpencastConfig } from './opencast-config.js';
import { episodeOfRecording, workflowOf } from './opencast-events.js';
import { SEGMENTS_FLAVOR, segmentsCatalog } from './opencast-segments.js';

/** The flavor Opencast gives subtitles (its players read `captions/*` tracks with a `lang:` tag). */
const CAPTIONS_FLAVOR = 'captions/source';

export interface OpencastTargetDeps {
  repos: Repositories;
  device: DeviceClock;
  config: () => OpencastConfig;
  client: () => OpencastClient;
  agent: Pick<OpencastAgent, 'recordingState'>;
  resolveFile: ResolveFile;
  /** The storage-relative path of an absolute one (the row's `filepath`: the recording's folder). */
  relativeOf: (abs: string) => string | undefined;
  /** The device zone's offset in minutes (a recording's device-local times as instants). */
  zoneOffset: () => number;
}

/** What an ingest has done so far, kept as the row's resume state (it survives restarts and kill -9). */
interface IngestProgress {
  /** The media package XML as Opencast last answered it. */
  mp?: string;
  catalogs?: boolean;
  /** The chapters' MPEG-7 segments catalog was added. */
  segments?: boolean;
  /** Storage-relative paths of the tracks already added. */
  tracks: string[];
}

interface Track {
  rel: string;
  path: string;
  size: number;
  flavor: string;
}

/** When the media server is off, its rows wait (checked again this often). */
const OFF_WAIT_MS = 60_000;

/** File names in the multipart header: ASCII letters, digits and . _ - only. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * Opencast ingest as a recording-level target of the one upload queue: one row per recording. `send` runs
 * createMediaPackage → addDCCatalog (the event's episode, and its series) → addTrack per flavored file,
 * streamed from disk (then the caption tracks, and the chapters as an MPEG-7 segments catalog) → ingest with
 * the workflow, saving the media package after every step, so a retry or a restart goes on from the last step
 * Opencast answered (a track cut off is sent again whole). Nothing is deleted. When it is done, the recording's `mediasvrsync` is set and the event's state is upload_finished.
 */
export function opencastTarget(d: OpencastTargetDeps) {
  const time = () => d.device.format(d.device.now());

  /** The recording's files that `flavors` names, in the order of the setting. */
  function tracksOf(rec: RecordingRow, flavors: OpencastConfig['flavors']): Track[] {
    const files = d.repos.recordings.files(rec.id);
    const out: Track[] = [];
    for (const f of flavors) {
      const code = channelCodeOf(f.code);
      for (const file of files.filter((x) => x.channel === code)) {
        // Files are listed by absolute path; the queue's rows name the storage-relative one (resolved and contained).
        out.push({ rel: d.relativeOf(file.filepath) ?? file.filepath, path: '', size: file.filesize, flavor: f.flavor });
      }
    }
    return out;
  }

  function episodeOf(rec: RecordingRow, agentName: string): { episode: string; series: string; properties: string; uid?: string } {
    const event = d.repos.opencast.ofRecording(rec.id);
    if (event?.episode) return { episode: event.episode, series: event.series, properties: event.properties, uid: event.uid };
    const off = d.zoneOffset() * 60_000;
    const instant = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) - off;
    const start = instant(rec.starttime);
    const stop = rec.stoptime ? instant(rec.stoptime) : start + rec.duration_ms;
    return {
      episode: episodeOfRecording({ title: rec.title, start, stop, agent: agentName }),
      series: '',
      properties: event?.properties ?? '',
      uid: event?.uid,
    };
  }

  const target: TransferTarget = {
    name: 'opencast',
    level: 'recording',
    label: () => {
      const url = d.config().url;
      try {
        return `Opencast ${new URL(url).host}`;
      } catch {
        return 'Opencast';
      }
    },
    readyAt: (now) => (d.config().enable ? now : now + OFF_WAIT_MS),
    // Recordings of Opencast's events are ingested when they finish; others when someone asks (resync).
    queuesFinished: (rec) => d.config().enable && d.repos.opencast.ofRecording(rec.id) !== undefined,
    plan(rec): TransferItem[] {
      const tracks = tracksOf(rec, d.config().flavors);
      if (tracks.length === 0) return [];
      const folder = d.relativeOf(rec.dir) ?? `recordings/${basename(rec.dir)}`;
      return [{ filepath: folder, size: tracks.reduce((n, t) => n + t.size, 0) }];
    },

    async send(row: TransferRow, attempt: TransferAttempt) {
      const c = d.config();
      if (!c.enable) throw Fail.of('mediaServerOff');
      const rec = d.repos.recordings.find(row.recording_id);
      if (!rec) throw Fail.of('recordingNotFound', row.recording_id);
      const tracks = tracksOf(rec, c.flavors).map((t) => {
        const file = d.resolveFile(t.rel);
        const size = file && statSync(file.path, { throwIfNoEntry: false })?.size;
        if (!file || size === undefined) throw Fail.of('recordingFileNotFound', t.rel);
        return { ...t, path: file.path, size };
      });
      if (tracks.length === 0) throw Fail.of('recordingNothingToUpload', rec.id);
      const { episode, series, properties, uid } = episodeOf(rec, c.agentName);
      if (uid) {
        const state = d.repos.opencast.find(uid)?.state;
        if (state === 'capturing') d.agent.recordingState(uid, 'capture_finished');
        if (state !== 'uploading') d.agent.recordingState(uid, 'uploading');
      }
      const oc = d.client();
      const progress: IngestProgress = row.resume ? (JSON.parse(row.resume) as IngestProgress) : { tracks: [] };
      const save = () => attempt.saveResume(JSON.stringify(progress));
      const signal = attempt.signal;
      if (!progress.mp) {
        progress.mp = await oc.createMediaPackage(signal);
        save();
      }
      if (!progress.catalogs) {
        progress.mp = await oc.addCatalog(progress.mp, 'dublincore/episode', episode, signal);
        if (series) progress.mp = await oc.addCatalog(progress.mp, 'dublincore/series', series, signal);
        progress.catalogs = true;
        save();
      }
      let sent = tracks.filter((t) => progress.tracks.includes(t.rel)).reduce((n, t) => n + t.size, 0);
      attempt.progress(sent);
      for (const t of tracks) {
        if (progress.tracks.includes(t.rel)) continue;
        const file = {
          path: t.path,
          size: t.size,
          filename: safeName(basename(t.path)),
          contentType: t.path.endsWith('.ts') ? 'video/mp2t' : 'video/mp4',
        };
        const before = sent;
        progress.mp = await oc.addTrack(progress.mp, t.flavor, file, (n) => attempt.progress(before + n), signal);
        sent += t.size;
        progress.tracks.push(t.rel);
        save();
      }
      // The caption tracks (Opencast's subtitles: flavor captions/source, tags lang:, generator-type:, type:), each
      // as one WebVTT of the whole recording, written for the ingest beside its files.
      for (const track of d.repos.captions.list(rec.id)) {
        const key = `captions:${track.language}`;
        if (progress.tracks.includes(key)) continue;
        const path = join(rec.dir, '.opencast', `captions-${track.language}.vtt`);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, cuesWebVtt(d.repos.captions.cues(track.id)));
        const file = { path, size: statSync(path).size, filename: `captions-${track.language}.vtt`, contentType: 'text/vtt' };
        const tags = [`lang:${track.language}`, `generator-type:${track.origin === 'recognizer' ? 'auto' : 'manual'}`, 'type:subtitle'];
        progress.mp = await oc.addTrack(progress.mp, CAPTIONS_FLAVOR, file, () => {}, signal, tags);
        progress.tracks.push(key);
        save();
      }
      // The chapters as Opencast's segments (an MPEG-7 catalog): its players list them, its search finds the slides' text.
      const chapters = d.repos.chapters.list(rec.id);
      if (chapters.length && !progress.segments) {
        const path = join(rec.dir, '.opencast', 'segments.xml');
        mkdirSync(dirname(path), { recursive: true });
        const marks = chapters.map((ch, i) => ({ startMs: ch.position_ms, title: chapterFileTitle(ch, i + 1), text: ch.text }));
        writeFileSync(path, segmentsCatalog(marks, rec.duration_ms));
        const file = { path, size: statSync(path).size, filename: 'segments.xml', contentType: 'text/xml' };
        progress.mp = await oc.addCatalogFile(progress.mp, SEGMENTS_FLAVOR, file, signal);
        progress.segments = true;
        save();
      }
      const { workflow, config } = workflowOf(properties, c.workflow);
      const instance = await oc.ingest(progress.mp, workflow, config, signal);
      const mpId = /<(?:\w+:)?mediapackage\b[^>]*\bid="([^"]+)"/.exec(progress.mp)?.[1] ?? '';
      return { remoteId: instance ? `${mpId} (workflow ${instance})` : mpId };
    },

    finished(row) {
      d.repos.recordings.setMediasvrsync(row.recording_id, true, time());
      const event = d.repos.opencast.ofRecording(row.recording_id);
      if (event) d.agent.recordingState(event.uid, 'upload_finished');
    },

    failed(row) {
      const event = d.repos.opencast.ofRecording(row.recording_id);
      if (event) d.agent.recordingState(event.uid, 'upload_error');
    },
  };
  return target;
}
