import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpencast } from '@roomcast/cloud-doubles';
import { makeApp, settingBody } from '../helpers.js';
import { waitFor } from '../wait.js';
import { readSegments } from './mpeg7-reader.js';

const run = promisify(execFile);

/** What ffprobe says of a file: its streams' codecs and the duration in seconds (it fails on a broken file). */
async function probe(file: string): Promise<{ codecs: string[]; duration: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', file]);
  const j = JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration: string } };
  return { codecs: j.streams.map((s) => s.codec_name), duration: Number(j.format.duration) };
}

describe('Roomcast as an Opencast capture agent against a loopback Opencast', { timeout: 90_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-opencast-'));
  const oc = await startFakeOpencast({ dir });
  afterAll(async () => {
    await oc.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const t = await makeApp({ env: { OPENCAST_POLL_SECONDS: '1' } });
  const admin = await t.login();
  const agent = 'Classroom';
  const statesOf = (uid: string) => oc.recordingStates.filter((s) => s.uid === uid).map((s) => s.state);
  const scheduleOf = async (title: string) => {
    const list = (await t.post('schedule', { operation: 'list' }, admin)).body.data as {
      id: number;
      origin: string;
      name: string;
      start: string;
    }[];
    return list.filter((s) => s.origin === 'opencast').find((s) => s.name === title);
  };

  it('registers the agent (named after the room) with its state and capabilities, over digest authentication', async () => {
    const saved = await t.post(
      'setsetting',
      settingBody('setting_media_server', {
        enable: 'true',
        url: oc.url,
        username: oc.username,
        password: oc.password,
        flavors: 'HD=presenter/source,SD=presentation/source',
      }),
      admin,
    );
    expect(saved.body.result).toBe(true);
    await waitFor(() => oc.agentStates.some((s) => s.name === agent && s.state === 'idle') && oc.configurations.has(agent), {
      what: 'the agent to register',
      detail: () => oc.requests.slice(-5),
    });
    expect(oc.configurations.get(agent)).toMatchObject({
      'capture.device.names': 'HD,SD',
      'capture.device.HD.flavor': 'presenter/source',
      'capture.device.SD.flavor': 'presentation/source',
    });
    expect(oc.serviceLookups).toEqual(
      expect.arrayContaining(['org.opencastproject.capture.admin', 'org.opencastproject.scheduler', 'org.opencastproject.ingest']),
    );
    expect(oc.stats.challenges).toBeGreaterThan(0);
    expect(oc.requests.filter((r) => r.status === 200).every((r) => r.auth === 'digest')).toBe(true);
    const status = (await t.post('mediaserverstatus', {}, admin)).body.data;
    expect(status).toMatchObject({ enable: true, agentname: agent, agentstate: 'idle', lasterror: '' });
  });

  it('records an event already running for the rest of it, and ingests it: capturing → upload_finished', async () => {
    const now = Date.now();
    oc.putEvent({ uid: 'event-a', agent, start: now - 2000, end: now + 5000, title: 'Physics 101: Optics' });
    await waitFor(() => scheduleOf('Physics 101: Optics'), { what: 'the event to become a schedule' });
    await waitFor(() => statesOf('event-a').includes('upload_finished'), {
      timeoutMs: 60_000,
      what: 'the recording to be captured and ingested',
      detail: () => ({
        states: statesOf('event-a'),
        ingests: oc.ingests.length,
        event: t.internals.repos.opencast.find('event-a'),
        transfers: t.internals.repos.transfers.recent(3),
        requests: oc.requests.slice(-8),
      }),
    });
    expect(statesOf('event-a')).toEqual(['capturing', 'capture_finished', 'uploading', 'upload_finished']);
    expect(oc.agentStates.map((s) => s.state)).toContain('capturing');

    const ingest = oc.ingests.at(-1)!;
    expect(ingest.workflowDefinitionId).toBe('schedule-and-upload');
    expect(ingest.params).toMatchObject({ straightToPublishing: 'true' });
    expect(ingest.catalogs).toHaveLength(1);
    expect(ingest.catalogs[0].flavor).toBe('dublincore/episode');
    expect(ingest.catalogs[0].xml).toContain('<dcterms:title>Physics 101: Optics</dcterms:title>');
    expect(ingest.tracks.map((x) => x.flavor)).toEqual(['presenter/source', 'presentation/source']);
    const rec = t.internals.repos.recordings.find(t.internals.repos.opencast.find('event-a')!.recording_id!)!;
    // How long the encoder ran depends on how busy the machine is; the tracks hold what it recorded.
    expect(rec.duration_ms).toBeGreaterThan(0);
    for (const track of ingest.tracks) {
      const p = await probe(track.path);
      expect(p.codecs).toContain('h264');
      expect(Math.abs(p.duration - rec.duration_ms / 1000)).toBeLessThan(1);
    }
    // The event began 2 s before: the recording holds the rest of it, not its whole length.
    expect((await probe(ingest.tracks[0].path)).duration).toBeLessThan(6.5);

    expect(rec.mediasvrsync).toBe(1);
    expect(rec.mediasvrsynctime).not.toBe('');
  });

  it('reads the calendar with If-None-Match and follows its changes', async () => {
    await waitFor(() => oc.calendarRequests.some((r) => r.status === 304), { what: 'a calendar answered 304 Not Modified' });
    const later = Date.now() + 3600_000;
    oc.putEvent({ uid: 'event-later', agent, start: later, end: later + 3600_000, title: 'Chemistry' });
    const row = await waitFor(() => scheduleOf('Chemistry'), { what: 'the new event as a schedule' });
    oc.putEvent({ uid: 'event-later', agent, start: later, end: later + 3600_000, title: 'Chemistry (moved)' });
    const moved = await waitFor(() => scheduleOf('Chemistry (moved)'), { what: 'the changed event' });
    expect(moved.id).toBe(row.id);
    const refused = await t.post('schedule', { operation: 'delete', data: { id: row.id } }, admin);
    expect(refused.body.result).toBe(false);
    oc.removeEvent('event-later');
    await waitFor(async () => !(await scheduleOf('Chemistry (moved)')), { what: 'the removed event to leave the schedules' });
  });

  it('records by its last calendar while Opencast is down and ingests when it is back', async () => {
    const now = Date.now();
    oc.putEvent({ uid: 'event-b', agent, start: now + 1500, end: now + 5000, title: 'Biology' });
    await waitFor(() => scheduleOf('Biology'), { what: 'the event to become a schedule' });
    oc.setUnreachable(true);
    const repos = t.internals.repos;
    const failedOnce = await waitFor(
      () => {
        const recId = repos.opencast.find('event-b')?.recording_id;
        const row = recId ? repos.transfers.latestOf(recId, 'opencast')[0] : undefined;
        return row && row.state === 'queued' && row.attempts > 0 ? row : undefined;
      },
      { timeoutMs: 60_000, what: 'the ingest to fail while Opencast is down' },
    );
    expect(failedOnce.error).toMatch(/Opencast unreachable/);
    expect((await t.post('mediaserverstatus', {}, admin)).body.data.lasterror).not.toBe('');
    oc.setUnreachable(false);
    // The queue's backoff is 30 s; the test brings the retry forward instead of waiting for it.
    repos.transfers.retryLater(failedOnce.id, Date.now(), failedOnce.error, '');
    t.internals.scheduler.replan();
    await waitFor(() => statesOf('event-b').includes('upload_finished'), {
      timeoutMs: 30_000,
      what: 'the ingest after Opencast is back',
      detail: () => statesOf('event-b'),
    });
    // Every state was told, in order, once Opencast could hear it.
    expect(statesOf('event-b')).toEqual(['capturing', 'capture_finished', 'uploading', 'upload_finished']);
    expect(oc.ingests.at(-1)!.catalogs[0].xml).toContain('Biology');
  });

  it('resyncmediaclientrecord ingests a recording again, going on after a track cut off', async () => {
    const repos = t.internals.repos;
    const recId = repos.opencast.find('event-a')!.recording_id!;
    const before = oc.ingests.length;
    const tracksBefore = oc.stats.tracksStarted;
    // The first track's connection is cut after 64 KiB: the attempt fails and the retry goes on from the saved package.
    oc.interruptNextTrack(64 * 1024);
    const res = await t.post('resyncmediaclientrecord', { recordid: String(recId) }, admin);
    expect(res.body.result).toBe(true);
    expect(repos.recordings.find(recId)!.mediasvrsync).toBe(0);
    const failed = await waitFor(() => repos.transfers.latestOf(recId, 'opencast').find((r) => r.state === 'queued' && r.attempts === 1), {
      what: 'the cut-off attempt to wait for its retry',
    });
    expect(JSON.parse(failed.resume)).toMatchObject({ catalogs: true, tracks: [] });
    repos.transfers.retryLater(failed.id, Date.now(), failed.error, '');
    t.internals.scheduler.replan();
    await waitFor(() => oc.ingests.length > before && repos.recordings.find(recId)!.mediasvrsync === 1, { what: 'the second ingest' });
    // One package: the episode once, each track once (the cut one sent again whole); no second createMediaPackage.
    expect(oc.ingests.at(-1)!.catalogs).toHaveLength(1);
    expect(oc.ingests.at(-1)!.tracks).toHaveLength(2);
    expect(oc.stats.tracksStarted - tracksBefore).toBe(3);
    const status = (await t.post('mediaserverstatus', {}, admin)).body.data;
    expect(status.queue).toMatchObject({ queued: 0, running: 0, failed: 0, done: 3 });
  });

  it("carries the recording's caption tracks as Opencast's subtitles: captions/source, WebVTT, tagged with their language", async () => {
    const repos = t.internals.repos;
    const recId = repos.opencast.find('event-a')!.recording_id!;
    // One cue inside the recording, however short the machine made it.
    const end = Math.min(1000, repos.recordings.find(recId)!.duration_ms);
    const cue = `00:00:00.000 --> 00:00:0${Math.floor(end / 1000)}.${String(end % 1000).padStart(3, '0')}`;
    const vtt = `WEBVTT\n\n${cue}\nGood morning.\n`;
    const imported = await t.post('importcaption', { recordid: recId, language: 'en', format: 'vtt', text: vtt }, admin);
    expect(imported.body.result, JSON.stringify(imported.body)).toBe(true);
    const before = oc.ingests.length;
    expect((await t.post('resyncmediaclientrecord', { recordid: String(recId) }, admin)).body.result).toBe(true);
    await waitFor(() => oc.ingests.length > before, { what: 'the ingest with the captions' });
    const captions = oc.ingests.at(-1)!.tracks.filter((tr) => tr.flavor === 'captions/source');
    expect(captions).toHaveLength(1);
    expect(captions[0]).toMatchObject({ mimetype: 'text/vtt', tags: ['lang:en', 'generator-type:manual', 'type:subtitle'] });
    expect(readFileSync(captions[0]!.path, 'utf8')).toBe(`WEBVTT\n\n1\n${cue}\nGood morning.\n`);
    // The video tracks go as before.
    expect(oc.ingests.at(-1)!.tracks.filter((tr) => tr.flavor !== 'captions/source')).toHaveLength(2);
  });

  it("carries the recording's chapters as an MPEG-7 segments catalog Opencast's players read", async () => {
    const repos = t.internals.repos;
    const recId = repos.opencast.find('event-a')!.recording_id!;
    const duration = repos.recordings.find(recId)!.duration_ms;
    // Two chapters inside the recording, however short the machine made it: a slide with its text, and a mark.
    const mark = Math.floor(duration / 2);
    const slide = repos.chapters.add({ recording_id: recId, kind: 'slide', position_ms: 0, title: '', text_state: 'pending', thumb: '' });
    repos.chapters.setText(slide, 'Photosynthesis\nLight & dark reactions', 'Photosynthesis', 'done');
    repos.chapters.add({ recording_id: recId, kind: 'mark', position_ms: mark, title: '', text_state: 'none', thumb: '' });
    const before = oc.ingests.length;
    expect((await t.post('resyncmediaclientrecord', { recordid: String(recId) }, admin)).body.result).toBe(true);
    await waitFor(() => oc.ingests.length > before, { what: 'the ingest with the segments' });
    const catalogs = oc.ingests.at(-1)!.catalogs;
    expect(catalogs.map((c) => c.flavor)).toEqual(['dublincore/episode', 'mpeg-7/segments']);
    const read = await readSegments(catalogs[1]!.xml);
    expect(read.duration).toBe(duration);
    expect(read.segments).toEqual([
      { id: 'segment-0', start: 0, duration: mark, title: 'Photosynthesis', text: 'Photosynthesis\nLight & dark reactions' },
      { id: 'segment-1', start: mark, duration: duration - mark, title: 'Chapter 2', text: null },
    ]);
  });
});
