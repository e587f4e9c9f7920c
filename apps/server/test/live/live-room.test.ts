import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_HEADER } from '@roomcast/contract';
import { loadConfig } from '../../src/config.js';
import { ADMIN_PASSWORD, makeApp, settingBody, buildTestApp } from '../helpers.js';
import { recordedSeconds, tsSeconds, waitFor, waitRecorded } from '../wait.js';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'live-test-'));
let files = 0;

/** The codec names and the duration ffprobe reads from a file (it throws when it cannot read one). */
async function probe(file: string): Promise<{ codecs: string[]; duration: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', file]);
  const j = JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration?: string } };
  return { codecs: j.streams.map((s) => s.codec_name), duration: Number(j.format.duration ?? 0) };
}

/** Bytes to a file of their own in the scratch folder. */
function saved(bytes: Buffer, ext: string): string {
  const file = join(scratch, `${files++}.${ext}`);
  writeFileSync(file, bytes);
  return file;
}

type Inject = (opts: { method: 'GET'; url: string }) => Promise<{
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  rawPayload: Buffer;
}>;

/** The playlist at `url` once it lists `atLeast` segments (it appears a second or two after the start). */
async function playlistAt(inject: Inject, url: string, atLeast = 1, what = 'the live playlist') {
  return waitFor(
    async () => {
      const res = await inject({ method: 'GET', url });
      const segments = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
      return res.statusCode === 200 && segments.length >= atLeast ? { res, segments } : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100, what },
  );
}

/** The URL of a playlist's segment line (relative to /xlive/<room>.m3u8). */
const segmentUrl = (line: string) => `/xlive/${line}`;

interface Socket {
  on(event: 'message', fn: (data: Buffer) => void): void;
  on(event: 'close', fn: (code: number) => void): void;
  close(): void;
  readyState: number;
}

/** A WebSocket viewer that appends what it receives to a file; `closed` is its close code once closed. */
async function viewer(app: { injectWS(path: string): Promise<unknown> }, path: string) {
  const ws = (await app.injectWS(path)) as Socket;
  const file = join(scratch, `${files++}.ts`);
  writeFileSync(file, '');
  const v = { ws, file, bytes: 0, closed: undefined as number | undefined };
  ws.on('message', (d) => {
    v.bytes += d.length;
    appendFileSync(file, d);
  });
  ws.on('close', (code) => {
    v.closed = code;
  });
  return v;
}

describe('the live room (real ffmpeg)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const light = [
    { key: 'main_quality', value: '480' },
    { key: 'main_bitrate', value: '1000' },
  ];
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: light }, admin);
  const get: Inject = (opts) => t.app.inject(opts) as never;
  const setRoom = (key: string, value: string) => t.post('writeconfig', { settingcode: 'setting_room', data: [{ key, value }] }, admin);
  const room = () => t.internals.settings.raw('setting_room');
  const notFound = await get({ method: 'GET', url: '/xlive/nosuchroom.m3u8' });
  /** The service started again on the same DATA_DIR (last test); closed before makeApp's cleanup removes the folder. */
  let again: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  afterAll(async () => {
    await again?.app.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  let urlsession = '';
  let encoderPid: number | undefined;
  let liveUser = '';
  let signed = { hls: '', ws: '' };

  it('start: a random session name, status and room status living, the encoder a running recording uses is kept', async () => {
    expect(room().urlsession).toBe('live');
    expect((await t.post('livesource', {}, admin)).body).toEqual({ result: false, message: MESSAGES.roomNotLiving });
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    encoderPid = t.internals.media.encoder.pid;
    expect((await t.post('roomlivectrl', { control: 'start' }, admin)).body).toEqual({ result: true, message: '' });
    // A second start is a no-op.
    expect((await t.post('roomlivectrl', { control: 'start' }, admin)).body.result).toBe(true);
    urlsession = room().urlsession!;
    expect(urlsession).toMatch(/^[a-z0-9]{10}$/);
    const status = (await t.post('status', {}, admin)).body.data;
    expect(status).toMatchObject({ isliving: 'true', isrecording: 'true' });
    expect(status.livingstart).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const roomStatus = await t.post('readconfig', { settingcode: 'setting_roomstatus' });
    expect(Object.fromEntries(roomStatus.body.data.map((kv: { key: string; value: string }) => [kv.key, kv.value]))).toEqual({
      living: 'true',
      publish: 'false',
      urlsession,
    });
    expect(t.internals.media.encoder.pid).toBe(encoderPid);
    expect(t.internals.media.encoder.restarts).toBe(0);
  });

  it('livesource: signed URLs for a user with live, "does not exist" to others, the RTMP form on the request host', async () => {
    liveUser = await t.userWith(['live'], undefined, admin);
    expect((await t.post('livesource', {})).body).toEqual({ result: false, message: MESSAGES.roomNotVisible });
    const nobody = await t.userWith([], undefined, admin);
    expect((await t.post('livesource', {}, nobody)).body).toEqual({ result: false, message: MESSAGES.roomNotVisible });
    // The Live panel's operator sees the preview of an unpublished room.
    const operator = await t.userWith(['operation', 'operating'], undefined, admin);
    expect((await t.post('livesource', {}, operator)).body.result).toBe(true);
    const res = await t.post('livesource', {}, liveUser, { host: 'room.example:8080' });
    expect(res.body.result).toBe(true);
    const data = res.body.data;
    expect(data).toMatchObject({ urlsession, published: false, rtmp: `rtmp://room.example/xlive/${urlsession}` });
    expect(data.livingstart).toBe((await t.post('status', {}, admin)).body.data.livingstart);
    expect(data.hls).toMatch(new RegExp(`^/xlive/${urlsession}\\.m3u8\\?s=[0-9a-f]{32}&exp=\\d+&sig=[0-9a-f]{64}$`));
    expect(data.ws).toBe(`/xlive/ws/${urlsession}${data.hls.slice(data.hls.indexOf('?'))}`);
    // The session id itself is never in a URL.
    expect(data.hls).not.toContain(liveUser);
    signed = { hls: data.hls, ws: data.ws };
  });

  it('HLS: a 1 s playlist whose signed segments ffprobe reads; private cache headers; 404 for everyone else', async () => {
    const { res, segments } = await playlistAt(get, signed.hls, 2);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('private, max-age=1');
    expect(res.body).toMatch(/#EXT-X-TARGETDURATION:1\n/);
    expect(res.body).toMatch(/#EXTINF:1\.0/);
    const query = signed.hls.slice(signed.hls.indexOf('?'));
    for (const line of segments) {
      expect(line.startsWith(`${urlsession}/`) && line.endsWith(query), line).toBe(true);
      expect(line.slice(urlsession.length + 1, -query.length)).toMatch(/^[a-z0-9]{8}-\d+\.ts$/);
    }
    const seg = await get({ method: 'GET', url: segmentUrl(segments[0]!) });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const p = await probe(saved(seg.rawPayload, 'ts'));
    expect(p.codecs).toContain('h264');
    expect(p.duration).toBeGreaterThan(0.5);

    // Without the signature (or with a broken one) the room answers as if it did not exist.
    const plainSegment = segmentUrl(segments[0]!).split('?')[0]!;
    const anonymous = [
      `/xlive/${urlsession}.m3u8`,
      plainSegment,
      signed.hls.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0')),
      signed.hls.replace(/exp=\d+/, 'exp=99999999999'),
      `/xlive/${urlsession}/..%2flive.m3u8${query}`,
      `/xlive/${urlsession}/live.m3u8${query}`,
    ];
    for (const url of anonymous) {
      const r = await get({ method: 'GET', url });
      expect([url, r.statusCode, r.body]).toEqual([url, 404, notFound.body]);
    }
    expect(notFound.statusCode).toBe(404);
    await expect(t.app.injectWS(`/xlive/ws/${urlsession}`)).rejects.toThrow(/404/);
    await expect(t.app.injectWS(signed.ws.replace(/s=[0-9a-f]{4}/, 's=0000'))).rejects.toThrow(/404/);
  });

  it('WebSocket: a signed viewer gets MPEG-TS that ffprobe reads; logout closes it and ends the signed URLs', async () => {
    const v = await viewer(t.app, signed.ws);
    await waitFor(() => tsSeconds(v.file) >= 2, { timeoutMs: 15_000, intervalMs: 100, what: '2 s of video over the WebSocket' });
    const p = await probe(v.file);
    expect(p.codecs).toContain('h264');
    expect(p.duration).toBeGreaterThan(1.5);
    expect(v.closed).toBeUndefined();

    const { segments } = await playlistAt(get, signed.hls);
    expect((await t.post('logout', { usercode: '' }, liveUser)).body.result).toBe(true);
    await waitFor(() => v.closed !== undefined, { timeoutMs: 2000, what: 'the logged-out viewer to be closed' });
    expect(v.closed).toBe(1008);
    expect((await get({ method: 'GET', url: signed.hls })).statusCode).toBe(404);
    expect((await get({ method: 'GET', url: segmentUrl(segments.at(-1)!) })).statusCode).toBe(404);
    await expect(t.app.injectWS(signed.ws)).rejects.toThrow(/404/);
  });

  it('a viewer forced out by a new login of its user is closed too', async () => {
    const code = `fo${Math.random().toString(36).slice(2, 8)}`;
    const first = await t.userWith(['live', 'operation', 'operating'], code, admin);
    const src = (await t.post('livesource', {}, first)).body.data;
    const v = await viewer(t.app, src.ws);
    await waitFor(() => v.bytes > 0, { what: 'the viewer to receive the stream' });
    await t.login(code, 'Password-123');
    await waitFor(() => v.closed !== undefined, { timeoutMs: 2000, what: 'the forced-out viewer to be closed' });
    expect((await get({ method: 'GET', url: src.hls })).statusCode).toBe(404);
    const log = (await t.post('getopelog', { pagesize: '5', pageindex: '0' }, admin)).body.data;
    expect(JSON.stringify(log)).toContain(`user ${code} (forced out the session from`);
  });

  it('while living: the room name and session name are fixed, publish may change; published is public', async () => {
    expect((await setRoom('name', 'Another room')).body).toEqual({ result: false, message: MESSAGES.roomLivingNoChange });
    expect((await setRoom('urlsession', 'other')).body).toEqual({ result: false, message: MESSAGES.roomLivingNoChange });
    const multi = await t.post('setsetting', settingBody('setting_room', { name: 'X', publish: 'true' }), admin);
    expect(multi.body).toEqual({ result: false, message: MESSAGES.roomLivingNoChange });
    expect(room()).toMatchObject({ name: 'Classroom', urlsession, publish: 'false' });
    // Writing the same name again changes nothing: allowed.
    expect((await setRoom('name', 'Classroom')).body.result).toBe(true);
    expect((await setRoom('publish', 'true')).body.result).toBe(true);

    const src = (await t.post('livesource', {})).body.data;
    expect(src).toMatchObject({ hls: `/xlive/${urlsession}.m3u8`, ws: `/xlive/ws/${urlsession}`, published: true });
    const { res, segments } = await playlistAt(get, src.hls);
    expect(res.headers['cache-control']).toBe('public, max-age=1');
    expect(segments[0]).toMatch(new RegExp(`^${urlsession}/[a-z0-9]{8}-\\d+\\.ts$`));
    const seg = await get({ method: 'GET', url: segmentUrl(segments.at(-1)!) });
    expect([seg.statusCode, seg.headers['content-type'], seg.headers['cache-control']]).toEqual([
      200,
      'video/mp2t',
      'public, max-age=31536000, immutable',
    ]);
    const v = await viewer(t.app, src.ws);
    await waitFor(() => v.bytes > 0, { what: 'the anonymous viewer to receive the stream' });
    // Unpublished again: the anonymous viewer is closed and the plain URLs are gone.
    expect((await setRoom('publish', 'false')).body.result).toBe(true);
    await waitFor(() => v.closed !== undefined, { timeoutMs: 2000, what: 'the anonymous viewer to be closed' });
    expect((await get({ method: 'GET', url: src.hls })).statusCode).toBe(404);
  });

  it('stop: viewers closed, folder removed, status idle; the recording goes on and its file probes whole', async () => {
    const src = (await t.post('livesource', {}, admin)).body.data;
    const v = await viewer(t.app, src.ws);
    await waitFor(() => v.bytes > 0, { what: 'the viewer to receive the stream' });
    const folder = t.internals.live.folder!;
    expect(existsSync(folder)).toBe(true);
    expect((await t.post('roomlivectrl', { control: 'stop' }, admin)).body.result).toBe(true);
    expect((await t.post('roomlivectrl', { control: 'stop' }, admin)).body.result).toBe(true);
    await waitFor(() => v.closed !== undefined, { timeoutMs: 2000, what: 'the viewer to be closed at stop' });
    expect(v.closed).toBe(1001);
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(join(t.dataDir, 'run', 'live.json'))).toBe(false);
    expect((await t.post('status', {}, admin)).body.data).toMatchObject({ isliving: 'false', livingstart: '', isrecording: 'true' });
    expect((await t.post('livesource', {}, admin)).body.message).toBe(MESSAGES.roomNotLiving);
    expect((await get({ method: 'GET', url: src.hls })).statusCode).toBe(404);
    // Live start and stop left the recording's encoder alone, and it goes on recording.
    expect(t.internals.media.encoder.pid).toBe(encoderPid);
    expect(t.internals.media.encoder.restarts).toBe(0);
    await waitRecorded(t, 1, { after: recordedSeconds(t) });
    const recorded = recordedSeconds(t);
    const id = t.internals.recording.currentRecordingId!;
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    expect(t.internals.media.encoder.running).toBe(false);
    const hd = t.internals.repos.recordings.files(id).find((f) => f.channel === 10)!;
    const p = await probe(hd.filepath);
    expect(p.codecs).toContain('h264');
    expect(p.duration).toBeGreaterThan(recorded - 1);
    // The name may change again.
    expect((await setRoom('name', 'Room 2')).body.result).toBe(true);
  });

  it('living survives a service restart: same session name, the playlist goes on; an encoder restart is a discontinuity', async () => {
    expect((await t.post('roomlivectrl', { control: 'start' }, admin)).body.result).toBe(true);
    expect(room().urlsession).toBe(urlsession);
    await setRoom('publish', 'true');
    const before = (await t.post('status', {}, admin)).body.data.livingstart;
    await playlistAt(get, `/xlive/${urlsession}.m3u8`);
    await t.app.close();
    expect(existsSync(join(t.dataDir, 'run', 'live.json'))).toBe(true);

    const config = {
      ...loadConfig({ DATA_DIR: t.dataDir, CONSOLE_DIR: '', MEDIA_PRESET: 'ultrafast', MIN_FREE_MB: '50' }),
      adminPassword: ADMIN_PASSWORD,
    };
    again = await buildTestApp({ config, fileLogs: false, power: { reboot: () => {} } });
    await again.app.ready();
    const app2 = again.app;
    const get2: Inject = (opts) => app2.inject(opts) as never;
    expect(await again.internals.live.resume()).toBe(true);
    const login = await app2.inject({ method: 'POST', url: '/api/login', payload: { usercode: 'admin', password: ADMIN_PASSWORD } });
    const session = login.json().data.sessionID as string;
    const status = await app2.inject({ method: 'POST', url: '/api/status', payload: {}, headers: { [SESSION_HEADER]: session } });
    expect(status.json().data).toMatchObject({ isliving: 'true', livingstart: before });
    // The playlist of before goes on after a discontinuity, in segments of a new output.
    const url = `/xlive/${urlsession}.m3u8`;
    const tokenOf = (line: string) => /\/([a-z0-9]{8})-/.exec(line)![1];
    const resumed = await waitFor(
      async () => {
        const r = await get2({ method: 'GET', url });
        const segs = r.body.split('\n').filter((l) => l && !l.startsWith('#'));
        return r.statusCode === 200 && /#EXT-X-DISCONTINUITY/.test(r.body) && new Set(segs.map(tokenOf)).size === 2 ? segs : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'the playlist to go on after the restart' },
    );
    // The encoder dies: the output starts again on the same playlist.
    const live = again.internals.live;
    const encoder = again.internals.media.encoder;
    process.kill(encoder.pid!, 'SIGKILL');
    await waitFor(() => encoder.restarts === 1 && live.output!.starts === 2, {
      timeoutMs: 10_000,
      what: 'the encoder and the HLS output to restart',
    });
    const lastToken = tokenOf(resumed.at(-1)!);
    const after = await waitFor(
      async () => {
        const r = await get2({ method: 'GET', url });
        const segs = r.body.split('\n').filter((l) => l && !l.startsWith('#'));
        const fresh = segs.filter((s) => tokenOf(s) !== lastToken && !resumed.includes(s));
        return r.statusCode === 200 && fresh.length >= 1 ? { body: r.body, fresh } : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'segments of the output started after the encoder restart' },
    );
    expect(after.body).toMatch(/#EXT-X-DISCONTINUITY/);
    const seg = await get2({ method: 'GET', url: segmentUrl(after.fresh[0]!) });
    expect(seg.statusCode).toBe(200);
    expect((await probe(saved(seg.rawPayload, 'ts'))).codecs).toContain('h264');
    // Only what the playlist lists (and what ffmpeg keeps one segment longer) is left in the folder.
    const folder = live.folder!;
    await waitFor(() => readdirSync(folder).filter((f) => f.endsWith('.ts')).length <= 8, { what: 'old segments to be deleted' });

    const stop = await app2.inject({
      method: 'POST',
      url: '/api/roomlivectrl',
      payload: { control: 'stop' },
      headers: { [SESSION_HEADER]: session },
    });
    expect(stop.json()).toEqual({ result: true, message: '' });
    expect(existsSync(folder)).toBe(false);
    expect(encoder.running).toBe(false);
  });
});
