import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { RTSP_PYTHON, RtspServer, rtspRestartDelay } from '../../src/media/rtsp-server.js';
import { rtspListeners, rtspTargetOf, rtspTargets, type LocalHost } from '../../src/services/live/rtsp-outputs.js';
import { makeApp } from '../helpers.js';
import { tsSeconds, waitFor, waitRecorded } from '../wait.js';
import { freePort } from '@roomcast/test-servers';

const run = promisify(execFile);
const hasGstRtsp =
  existsSync(RTSP_PYTHON) &&
  (existsSync('/usr/lib/x86_64-linux-gnu/girepository-1.0/GstRtspServer-1.0.typelib') ||
    existsSync('/usr/lib/aarch64-linux-gnu/girepository-1.0/GstRtspServer-1.0.typelib'));

interface Probed {
  streams: { codec_name: string; codec_type: string; width?: number; height?: number }[];
}

/** What ffprobe finds at an RTSP URL over this transport (it throws when it finds nothing). */
async function probe(url: string, transport: 'tcp' | 'udp'): Promise<Probed> {
  const { stdout } = await run(
    'ffprobe',
    [
      '-v',
      'error',
      '-rtsp_transport',
      transport,
      '-timeout',
      '5000000',
      '-analyzeduration',
      '1000000',
      '-show_entries',
      'stream=codec_name,codec_type,width,height',
      '-of',
      'json',
      url,
    ],
    { timeout: 15_000 },
  );
  return JSON.parse(stdout) as Probed;
}

/** The picture ffprobe sees at `url` once it is served (waits for the mount to come up). */
async function pictureAt(url: string, transport: 'tcp' | 'udp', what: string) {
  const probed = await waitFor(() => probe(url, transport), { timeoutMs: 20_000, intervalMs: 300, what });
  const video = probed.streams.find((s) => s.codec_type === 'video');
  return { video, codecs: probed.streams.map((s) => s.codec_name).sort() };
}

/** A raw RTSP DESCRIBE over TCP on loopback: the status line and the SDP (rejects when nothing listens). */
function describeRtsp(port: number, path: string): Promise<{ status: string; sdp: string }> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let got = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('DESCRIBE timed out'));
    }, 8000);
    const done = (err?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) return reject(err);
      const [head = '', body = ''] = got.split('\r\n\r\n');
      resolve({ status: head.split('\r\n')[0] ?? '', sdp: body });
    };
    socket.once('error', done);
    socket.on('data', (d) => {
      got += d.toString('utf8');
      const at = got.indexOf('\r\n\r\n');
      if (at < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(got.slice(0, at))?.[1] ?? 0);
      if (Buffer.byteLength(got.slice(at + 4)) >= length) done();
    });
    socket.connect(port, '127.0.0.1', () =>
      socket.write(`DESCRIBE rtsp://127.0.0.1:${port}${path} RTSP/1.0\r\nCSeq: 1\r\nAccept: application/sdp\r\n\r\n`),
    );
  });
}

/** A DESCRIBE answered 200 with an SDP (it throws otherwise: for `waitFor`). */
async function described(port: number, path: string): Promise<{ status: string; sdp: string }> {
  const d = await describeRtsp(port, path);
  if (!d.status.includes(' 200 ')) throw new Error(`DESCRIBE answered ${d.status}`);
  return d;
}

/** Whether a DESCRIBE of this mount is refused: nothing listens, or the mount answers 404. */
async function gone(port: number, path: string): Promise<boolean> {
  try {
    return (await describeRtsp(port, path)).status.includes(' 404 ');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ECONNREFUSED';
  }
}

const local: LocalHost = { addresses: new Set(['192.168.5.20', '127.0.0.1', 'fe80::1']), name: 'roomcast' };

describe('RTSP output targets (pure)', () => {
  it('unicast listens where the URL says, on this device only', () => {
    expect(rtspTargetOf('main', 'rtsp://0.0.0.0:8554/main', 'unicast', local)).toEqual({
      output: 'main',
      bind: '0.0.0.0',
      port: 8554,
      path: '/main',
    });
    expect(rtspTargetOf('sub', 'rtsp://192.168.5.20/live/sd', 'unicast', local)).toEqual({
      output: 'sub',
      bind: '192.168.5.20',
      port: 554,
      path: '/live/sd',
    });
    expect(rtspTargetOf('main', 'rtsp://localhost:9000/m', 'unicast', local)).toMatchObject({ bind: '127.0.0.1', port: 9000 });
    expect(rtspTargetOf('main', 'rtsp://RoomCast:9000/m', 'unicast', local)).toMatchObject({ bind: '0.0.0.0' });
    expect(rtspTargetOf('main', 'rtsp://192.0.2.7:8554/main', 'unicast', local)).toEqual({
      error: expect.stringContaining('192.0.2.7 is not an address of this device'),
    });
    expect(rtspTargetOf('main', 'rtsp://239.255.0.1:8554/main', 'unicast', local)).toEqual({
      error: expect.stringContaining('multicast group'),
    });
    expect(rtspTargetOf('main', 'rtsp://0.0.0.0:8554', 'unicast', local)).toEqual({ error: expect.stringContaining('needs a path') });
    expect(rtspTargetOf('main', 'rtsp://0.0.0.0:8554/main?x=1', 'unicast', local)).toEqual({
      error: expect.stringContaining('no user, query'),
    });
  });

  it('multicast sends to the URL host as its group and listens on every address', () => {
    expect(rtspTargetOf('main', 'rtsp://239.255.0.1:8554/main', 'multicast', local)).toEqual({
      output: 'main',
      bind: '0.0.0.0',
      port: 8554,
      path: '/main',
      group: '239.255.0.1',
    });
    expect(rtspTargetOf('main', 'rtsp://10.0.0.1:8554/main', 'multicast', local)).toEqual({
      error: expect.stringContaining('multicast group'),
    });
  });

  it('two outputs on one port share its listener, never its path or another host', () => {
    const both = (main: string, sub: string, type = 'unicast') =>
      rtspTargets({ mainenable: 'true', mainurl: main, subenable: 'true', suburl: sub, type }, local);
    const ok = both('rtsp://0.0.0.0:8554/main', 'rtsp://0.0.0.0:8554/sub');
    expect(ok.errors).toEqual([]);
    expect(
      rtspListeners([
        { target: ok.targets.main!, feed: 40001 },
        { target: ok.targets.sub!, feed: 40002 },
      ]),
    ).toEqual([
      {
        address: '0.0.0.0',
        port: 8554,
        mounts: [
          { path: '/main', feed: 40001, audio: true },
          { path: '/sub', feed: 40002, audio: true },
        ],
      },
    ]);
    expect(both('rtsp://0.0.0.0:8554/main', 'rtsp://0.0.0.0:8554/main').errors).toEqual([expect.stringContaining("is the main output's")]);
    expect(both('rtsp://0.0.0.0:8554/main', 'rtsp://127.0.0.1:8554/sub').errors).toEqual([
      expect.stringContaining('already served on 0.0.0.0'),
    ]);
    const mc = both('rtsp://239.255.0.1:8554/main', 'rtsp://239.255.0.2:8554/sub', 'multicast');
    expect(
      rtspListeners([
        { target: mc.targets.main!, feed: 1 },
        { target: mc.targets.sub!, feed: 2 },
      ])[0]!.mounts.map((m) => m.multicast),
    ).toEqual([
      { group: '239.255.0.1', ports: [5004, 5007], ttl: 16 },
      { group: '239.255.0.2', ports: [5008, 5011], ttl: 16 },
    ]);
    // A disabled output is not checked (its URL may be anything the contract allows).
    expect(rtspTargets({ mainenable: 'false', mainurl: 'rtsp://192.0.2.7/x', type: 'unicast' }, local).errors).toEqual([]);
  });
});

describe('the helper supervisor', () => {
  it('starts a helper that died again with backoff: 0.5 s, doubling, at most 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map(rtspRestartDelay)).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('keeps trying a helper that cannot start, logs why, and stops trying when stopped', async () => {
    const lines: string[] = [];
    const server = new RtspServer((line) => lines.push(line), { file: '/nonexistent/python3', args: [] });
    await server.configure([{ address: '127.0.0.1', port: 1, mounts: [] }]);
    await waitFor(() => server.restarts >= 1, { timeoutMs: 5000, what: 'a second attempt' });
    expect(lines[0]).toMatch(/^\[RTSP\] server could not start \(spawn \/nonexistent\/python3 ENOENT\); starting it again in 500 ms$/);
    await server.stop();
    const restarts = server.restarts;
    await new Promise((r) => setTimeout(r, 1200)); // longer than the next backoff (1 s): nothing starts after stop
    expect(server.restarts).toBe(restarts);
    expect(server.running).toBe(false);
  });
});

it("GStreamer's RTSP server and /usr/bin/python3 with gi are installed (scripts/setup.sh installs them)", () => {
  expect(hasGstRtsp).toBe(true);
});

describe.skipIf(!hasGstRtsp)('RTSP outputs (GStreamer RTSP server, real ffmpeg)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const light = [
    { key: 'main_quality', value: '480' },
    { key: 'main_bitrate', value: '1000' },
  ];
  expect((await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: light }, admin)).body.result).toBe(true);
  const rtsp = t.internals.rtspOutputs;
  const media = t.internals.media;
  const write = async (data: Record<string, string>) => {
    const res = await t.post(
      'writeconfig',
      { settingcode: 'setting_live_rtsp', data: Object.entries(data).map(([key, value]) => ({ key, value })) },
      admin,
    );
    await rtsp.settled();
    return res.body;
  };
  const scratch = mkdtempSync(join(tmpdir(), 'rtsp-test-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const port = await freePort();
  let multicastPort = await freePort();
  while (multicastPort === port) multicastPort = await freePort();

  it('refuses what it could not serve, and stores nothing then', async () => {
    const refused = await write({ mainenable: 'true', mainurl: `rtsp://192.0.2.7:${port}/main` });
    expect(refused.result).toBe(false);
    expect(refused.message).toContain('192.0.2.7 is not an address of this device');
    expect((await write({ mainenable: 'true', mainurl: `rtsp://10.1.1.1:${port}/main`, type: 'multicast' })).message).toContain(
      'multicast needs a multicast group',
    );
    expect(t.internals.settings.raw('setting_live_rtsp')).toMatchObject({ mainenable: 'false', mainurl: '', type: 'unicast' });
    expect(rtsp.server.running).toBe(false);
    expect(media.encoder.running).toBe(false);
  });

  let recordingPid: number | undefined;

  it('main, unicast: the HD picture and its sound over RTP/TCP and RTP/UDP, while a recording runs', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    recordingPid = media.encoder.pid;
    expect((await write({ mainenable: 'true', mainurl: `rtsp://0.0.0.0:${port}/main` })).result).toBe(true);
    expect(t.internals.room.state.rtsp).toEqual({ main: true, sub: false });
    const url = `rtsp://127.0.0.1:${port}/main`;
    const tcp = await pictureAt(url, 'tcp', 'the main mount over TCP');
    expect(tcp.video).toMatchObject({ codec_name: 'h264', width: 854, height: 480 });
    expect(tcp.codecs).toEqual(['aac', 'h264']);
    const udp = await pictureAt(url, 'udp', 'the main mount over UDP');
    expect(udp.video).toMatchObject({ codec_name: 'h264', width: 854, height: 480 });
    // Keyframes arrive whole: x264's zerolatency keyframes have several slices, and SPS/PPS put between them
    // (rtph264pay config-interval) made the client decode each keyframe as two broken pictures.
    const { stderr } = await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'warning', '-rtsp_transport', 'tcp', '-i', url, '-t', '2.5', '-an', '-f', 'null', '-'],
    ]);
    expect(stderr).not.toMatch(/corrupt decoded frame|error while decoding/i);
  }, 40_000);

  it('the helper is started again when it dies, and serves again', async () => {
    const pid = rtsp.server.pid!;
    process.kill(pid, 'SIGKILL');
    await waitFor(() => rtsp.server.pid !== undefined && rtsp.server.pid !== pid, {
      timeoutMs: 5000,
      what: 'the helper to be started again',
    });
    expect(rtsp.server.restarts).toBe(1);
    // DESCRIBE answers once the new helper's media has the feed's picture again.
    const { sdp } = await waitFor(() => described(port, '/main'), {
      timeoutMs: 15_000,
      intervalMs: 300,
      what: 'the main mount after the restart',
    });
    expect(sdp).toMatch(/^a=rtpmap:96 H264\/90000$/m);
  }, 30_000);

  it('multicast: DESCRIBE gives the group; the old listener is gone', async () => {
    const body = await write({ type: 'multicast', mainurl: `rtsp://239.255.0.1:${multicastPort}/main`, subenable: 'false' });
    expect(body.result).toBe(true);
    const { status, sdp } = await waitFor(() => described(multicastPort, '/main'), {
      timeoutMs: 15_000,
      intervalMs: 300,
      what: 'the multicast mount to answer DESCRIBE',
    });
    expect(status).toBe('RTSP/1.0 200 OK');
    expect(sdp).toMatch(/^m=video \d+ RTP\/AVP 96$/m);
    expect(sdp).toMatch(/^c=IN IP4 239\.255\.0\.1\/16$/m);
    expect(sdp).toMatch(/^a=rtpmap:97 MPEG4-GENERIC\/48000\/2$/m);
    expect(await gone(port, '/main')).toBe(true);
    expect(rtsp.outputs.sub).toBeUndefined();
  }, 30_000);

  it('a recording that ran meanwhile was never disturbed; the encoder stays while an output needs it', async () => {
    await waitRecorded(t, 2);
    expect(media.encoder.pid).toBe(recordingPid);
    expect(media.encoder.restarts).toBe(0);
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', hd.filepath]);
    expect(Number(stdout)).toBeGreaterThan(2);
    // The recording is over; the RTSP output still needs the encoder.
    expect(media.encoder.running).toBe(true);
    expect(media.encoder.pid).toBe(recordingPid);
  }, 30_000);

  it('sub: the SD picture (640x360) beside main, even re-planning an encode without SD; a watcher goes on over encoder restarts', async () => {
    expect((await write({ type: 'unicast', mainurl: `rtsp://0.0.0.0:${port}/main` })).result).toBe(true);
    // The mount must serve pictures before the watcher connects: an ffmpeg that meets no mount exits at once.
    await pictureAt(`rtsp://127.0.0.1:${port}/main`, 'tcp', 'the main mount at its new URL');
    const file = join(scratch, 'watcher.ts');
    // A watcher that keeps what it receives as it comes (each packet flushed), after a second and a half of probing
    // (not ffmpeg's 5 s): the picture's size comes with the SPS of each keyframe, once a second, and a watcher that
    // joined just after one and probed half a second found no size and copied the sound alone.
    const watcher = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-v', 'info', '-rtsp_transport', 'tcp', '-analyzeduration', '1500000', '-i', `rtsp://127.0.0.1:${port}/main`],
        ...['-c', 'copy', '-flush_packets', '1', '-f', 'mpegts', file],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // What it found and maps (shown if a wait times out).
    const said: string[] = [];
    watcher.stderr.on('data', (d: Buffer) => {
      if (said.length < 30)
        said.push(
          ...d
            .toString('utf8')
            .split(/[\r\n]/)
            .filter((l) => l.trim() && !l.startsWith('size=')),
        );
    });
    let watching = true;
    watcher.on('exit', () => {
      watching = false;
    });
    try {
      await waitFor(() => tsSeconds(file) >= 1, {
        timeoutMs: 20_000,
        what: 'the watcher to receive 1 s of picture',
        detail: () => `${tsSeconds(file)} s, watcher ${watching ? 'running' : 'exited'}; it said: ${said.join(' | ')}`,
      });
      // SD off for recordings, and the encoder started again on that plan: it makes no SD picture now.
      const save = await t.post(
        'writeconfig',
        { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] },
        admin,
      );
      expect(save.body.result).toBe(true);
      const restarts = media.encoder.restarts;
      media.apply();
      await waitFor(() => media.encoder.restarts > restarts && media.encoder.running, { what: 'the encoder to restart' });
      expect(media.encodesSd()).toBe(false);
      // Enabling sub re-plans the encode with the SD picture; it is served on main's port by the same helper.
      const pid = rtsp.server.pid;
      expect((await write({ subenable: 'true', suburl: `rtsp://0.0.0.0:${port}/sub` })).result).toBe(true);
      expect(t.internals.room.state.rtsp).toEqual({ main: true, sub: true });
      await waitFor(() => media.encoder.restarts > restarts + 1 && media.encodesSd(), { what: 'the encoder to restart with SD' });
      const sub = await pictureAt(`rtsp://127.0.0.1:${port}/sub`, 'tcp', 'the sub mount on the re-planned encode');
      expect(sub.video).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
      expect(rtsp.server.pid).toBe(pid);
      expect(Object.keys(rtsp.outputs).sort()).toEqual(['main', 'sub']);
      // The watcher of main was never cut off: its picture goes on after both restarts.
      const seen = tsSeconds(file);
      await waitFor(() => tsSeconds(file) >= seen + 1.5, {
        timeoutMs: 15_000,
        what: 'the watcher to go on receiving',
        detail: () => tsSeconds(file),
      });
      expect(watching).toBe(true);
    } finally {
      watcher.kill('SIGKILL');
    }
  }, 60_000);

  it('disabling the last output removes its mount, stops the helper and releases the encoder', async () => {
    expect((await write({ mainenable: 'false', subenable: 'false' })).result).toBe(true);
    expect(await gone(port, '/main')).toBe(true);
    expect(await gone(multicastPort, '/main')).toBe(true);
    expect(rtsp.server.running).toBe(false);
    expect(t.internals.room.state.rtsp).toEqual({ main: false, sub: false });
    await waitFor(() => !media.encoder.running, { timeoutMs: 5000, what: 'the encoder to stop' });
  });
});
