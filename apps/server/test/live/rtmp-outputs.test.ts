import { execFile, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_HEADER, typedSetting } from '@roomcast/contract';
import { loadConfig } from '../../src/config.js';
import type { Encoder } from '../../src/media/encoder.js';
import { createRoom } from '../../src/services/room/index.js';
import { TsFanout } from '../../src/media/ts-fanout.js';
import { createScheduler, systemClock, systemTimers } from '../../src/services/core/index.js';
import { RETRY_MAX_MS, retryDelay } from '../../src/services/live/rtmp-channel.js';
import { rtmpProfile } from '../../src/services/live/push-profiles.js';
import { rtmpOutputs } from '../../src/services/live/rtmp-outputs.js';
import type { SettingsService } from '../../src/services/settings/index.js';
import { ADMIN_PASSWORD, makeApp, buildTestApp } from '../helpers.js';
import { delay, waitFor } from '../wait.js';
import { NginxRtmp } from '@roomcast/test-servers';

const run = promisify(execFile);
const kv = (values: Record<string, string>) => Object.entries(values).map(([key, value]) => ({ key, value }));

async function probeFile(file: string): Promise<{ codecs: string[]; duration: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', file]);
  const j = JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration?: string } };
  return { codecs: j.streams.map((s) => s.codec_name), duration: Number(j.format.duration ?? 0) };
}

describe('RTMP outputs: backoff and progress (pure)', () => {
  it('retries after 1 s, doubling, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, RETRY_MAX_MS]);
  });
});

describe('RTMP outputs: a destination that stops answering', () => {
  it('an attempt that sends nothing for the stall time is ended and retried, showing reconn', async () => {
    // A TCP server that accepts and never answers: the RTMP handshake hangs, as behind a dead link.
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // A stand-in for the encoder: its HD fan-out fed by a small real encode.
    const encoder = Object.assign(new EventEmitter(), { hd: new TsFanout(), sd: new TsFanout(), restarts: 0 });
    const source = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-f', 'mpegts', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'rtmp-stall-'));
    const lines: string[] = [];
    const room = createRoom();
    const scheduler = createScheduler({ clock: systemClock, timers: systemTimers, log: (l) => lines.push(l) });
    const settings = {
      typed: () =>
        typedSetting('setting_live_rtmp', {
          mainenable: 'true',
          mainurl: `rtmp://127.0.0.1:${port}/live/x`,
          subenable: 'false',
          suburl: '',
        }),
      onWritten: () => undefined,
    } as unknown as SettingsService;
    const outputs = rtmpOutputs({
      settings,
      profile: rtmpProfile(settings),
      room,
      media: { encoder: encoder as unknown as Encoder },
      clock: systemClock,
      dataDir,
      log: (l) => lines.push(l),
      oplog: () => undefined,
      replan: () => scheduler.replan(),
      // Well above an attempt's way to the handshake (its first keyframe, a third of a second with -g 10, then half a
      // second probed), even on a loaded machine: the attempts counted here are the ones stuck on the destination.
      stallMs: 3000,
    });
    scheduler.add(outputs.job);
    const at0 = Date.now();
    const detail = () => ({
      sockets: sockets.size,
      state: room.state.rtmp.main,
      failures: outputs.attempts('main')?.failures,
      log: lines,
      ms: Date.now() - at0,
    });
    try {
      source.stdout.on('data', (d: Buffer) => encoder.hd.push(d));
      await scheduler.start();
      await outputs.startChannel('main');
      expect(room.state.rtmp.main).toBe('on');
      const waits = { timeoutMs: 20_000, detail };
      await waitFor(() => sockets.size >= 1, { ...waits, what: 'ffmpeg to connect' });
      await waitFor(() => room.state.rtmp.main === 'reconnecting', { ...waits, what: 'the stuck attempt to be ended' });
      expect(lines.join('\n'), 'the first attempt ended as stuck').toContain('nothing sent for 3 s; retrying in 1 s');
      await waitFor(() => sockets.size >= 2, { ...waits, what: 'the retry to connect again' });
      // (At least: a third attempt may have been ended too by the time this looks.)
      await waitFor(() => (outputs.attempts('main')?.failures ?? 0) >= 2, { ...waits, what: 'the retry to be ended too' });
      expect(lines.join('\n'), 'the retry ended as stuck, the next one 2 s later').toContain('nothing sent for 3 s; retrying in 2 s');
      expect(room.state.rtmp.main, 'state while the retries go on').toBe('reconnecting');
      await outputs.stopChannel('main');
      expect(room.state.rtmp.main).toBe('off');
    } finally {
      await scheduler.stop();
      source.kill('SIGKILL');
      for (const s of sockets) s.destroy();
      server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('RTMP outputs (real ffmpeg, a real nginx-rtmp on loopback)', async () => {
  // Started by a hook, so that a run filtering these tests out (-t) starts none and leaves none behind.
  let nginx: NginxRtmp;
  beforeAll(async () => {
    nginx = await NginxRtmp.create();
  });
  const t = await makeApp();
  const admin = await t.login();
  // A light HD picture (480p at 1 Mbit/s) keeps the encode cheap; the SD picture is always 640x360.
  await t.post(
    'writeconfig',
    {
      settingcode: 'setting_rec_video_codec',
      data: kv({ main_quality: '480', main_bitrate: '1000' }),
    },
    admin,
  );
  const rtmpSettings = (values: Record<string, string>) =>
    t.post('setsetting', [{ section: 'setting_live_rtmp', data: kv(values) }], admin);
  const status = async () => (await t.post('status', {}, admin)).body.data as Record<string, string>;
  const channel = (ch: '1' | '2', control: 'start' | 'stop', session = admin) =>
    t.post('rtmpchannelctl', { channel: ch, control }, session);
  const rtmp = t.internals.rtmp;
  let again: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  afterAll(async () => {
    await again?.app.close();
    await nginx?.dispose();
  });

  let encoderPid: number | undefined;
  let recordingStartedAt = 0;
  let mainStart = '';

  it('refuses a channel that is not enabled or has no URL, and rtmpctl start when none is enabled', async () => {
    expect((await channel('1', 'start')).body).toEqual({ result: false, message: MESSAGES.rtmpMainDisabled });
    expect((await channel('2', 'start')).body).toEqual({ result: false, message: MESSAGES.rtmpSubDisabled });
    expect((await t.post('rtmpctl', { control: 'start' }, admin)).body).toEqual({ result: false, message: MESSAGES.rtmpNoneEnabled });
    // The settings refuse an enabled output without a URL, and any scheme but rtmp:// and rtmps://.
    const noUrl = await rtmpSettings({ mainenable: 'true', mainurl: '' });
    expect(noUrl.body.result).toBe(false);
    expect((await rtmpSettings({ mainurl: 'rtsp://127.0.0.1/live/x' })).body.result).toBe(false);
    // A value stored by an older version (or edited by hand) is refused at start, not streamed.
    t.internals.repos.settings.writeAll([{ code: 'setting_live_rtmp', values: { subenable: 'true', suburl: '' } }]);
    expect((await channel('2', 'start')).body).toEqual({ result: false, message: MESSAGES.rtmpSubNoUrl });
    t.internals.repos.settings.writeAll([{ code: 'setting_live_rtmp', values: { subenable: 'false' } }]);
    // Stopping what is off is fine.
    expect((await channel('1', 'stop')).body).toEqual({ result: true, message: '' });
    expect((await t.post('rtmpctl', { control: 'stop' }, admin)).body).toEqual({ result: true, message: '' });
    expect(await status()).toMatchObject({ ismainliving: 'false', issubliving: 'false', mainlivingstart: '', sublivingstart: '' });
    expect(t.internals.media.encoder.running).toBe(false);
  });

  it('permissions from the contract: rtmplive or mediastream control the outputs; only mediastream writes their settings', async () => {
    const nobody = await t.userWith(['operation', 'operating'], undefined, admin);
    expect((await channel('1', 'stop', nobody)).status).toBe(403);
    expect((await t.post('rtmpctl', { control: 'stop' }, nobody)).status).toBe(403);
    const rtmpOnly = await t.userWith(['operation', 'rtmplive'], undefined, admin);
    expect((await channel('1', 'stop', rtmpOnly)).body.result).toBe(true);
    expect((await t.post('rtmpctl', { control: 'stop' }, rtmpOnly)).body.result).toBe(true);
    expect((await t.post('getsetting', [{ section: 'setting_live_rtmp', keys: [] }], rtmpOnly)).body.result).toBe(true);
    const write = await t.post('setsetting', [{ section: 'setting_live_rtmp', data: kv({ mainenable: 'false' }) }], rtmpOnly);
    expect(write.status).toBe(403);
    // A sub-function counts only with its parent.
    const orphan = await t.userWith(['rtmplive'], undefined, admin);
    expect((await channel('1', 'stop', orphan)).status).toBe(403);
    const streamer = await t.userWith(['operation', 'mediastream'], undefined, admin);
    expect((await channel('1', 'stop', streamer)).body.result).toBe(true);
  });

  it('main: the HD picture reaches the server by stream copy; status started with its start time; a recording goes on untouched', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    recordingStartedAt = Date.now();
    encoderPid = t.internals.media.encoder.pid;
    expect((await rtmpSettings({ mainenable: 'true', mainurl: `  ${nginx.url('main')} ` })).body.result).toBe(true);
    expect(t.internals.settings.raw('setting_live_rtmp').mainurl).toBe(nginx.url('main'));
    expect((await channel('1', 'start')).body).toEqual({ result: true, message: '' });
    // A second start changes nothing.
    const push = rtmp.push('main')!;
    expect((await channel('1', 'start')).body.result).toBe(true);
    expect(rtmp.push('main')).toBe(push);
    const s = await status();
    expect(s).toMatchObject({ ismainliving: 'true', issubliving: 'false', isrecording: 'true' });
    expect(s.mainlivingstart).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    mainStart = s.mainlivingstart!;
    const got = await waitFor(() => nginx.probe('main'), { timeoutMs: 30_000, intervalMs: 500, what: 'nginx to play the main stream' });
    expect(got).toMatchObject({ codec: 'h264', height: 480, audio: true });
    await waitFor(() => rtmp.attempts('main')?.streaming, { what: 'ffmpeg to report it is sending' });
    const before = nginx.recorded('main').at(-1)!.bytes;
    await waitFor(() => nginx.recorded('main').at(-1)!.bytes > before + 50_000, { what: 'the recorded flv to grow' });
    // One encode: the push copies the encoder's HD fan-out, the recording's encoder never restarted.
    expect(t.internals.media.encoder.pid).toBe(encoderPid);
    expect(t.internals.media.encoder.restarts).toBe(0);
  }, 60_000);

  it('the destination drops: reconnecting with a doubling delay; back without any operator action', async () => {
    const launches = rtmp.push('main')!.starts;
    await nginx.stop();
    await waitFor(async () => (await status()).ismainliving === 'reconn', { timeoutMs: 5000, what: 'status main reconn' });
    // While the server is away the attempts fail fast (connection refused): each waits twice as long as the last.
    const seen = new Map<number, number>();
    await waitFor(
      () => {
        const a = rtmp.attempts('main');
        if (a?.retryAt !== undefined && !seen.has(a.failures)) seen.set(a.failures, a.retryAt - Date.now());
        return seen.has(3);
      },
      { timeoutMs: 20_000, intervalMs: 20, what: 'three failed attempts', detail: () => [...seen] },
    );
    for (const [failures, left] of seen) {
      expect(left, `wait after failure ${failures}`).toBeLessThanOrEqual(retryDelay(failures));
      expect(left, `wait after failure ${failures}`).toBeGreaterThan(retryDelay(failures) - 800);
    }
    expect((await status()).ismainliving).toBe('reconn');
    // The attempt that dropped, then one launch per retry.
    expect(rtmp.push('main')!.starts).toBeGreaterThanOrEqual(launches + 2);

    await nginx.start();
    await waitFor(async () => (await status()).ismainliving === 'true', {
      timeoutMs: retryDelay(4) + 20_000,
      intervalMs: 200,
      what: 'status main true again',
    });
    expect(await nginx.probe('main')).toMatchObject({ codec: 'h264', height: 480 });
    // nginx recorded the new publishing in a file of its own, which grows.
    const files = nginx.recorded('main');
    expect(files.length).toBeGreaterThanOrEqual(2);
    const before = files.at(-1)!.bytes;
    await waitFor(() => nginx.recorded('main').at(-1)!.bytes > before + 50_000, { what: 'the new flv to grow' });
    // Kept over the reconnects: the start time, and the recording's encoder.
    expect((await status()).mainlivingstart).toBe(mainStart);
    expect(t.internals.media.encoder.pid).toBe(encoderPid);
    expect(t.internals.media.encoder.restarts).toBe(0);
    const log = JSON.stringify((await t.post('getopelog', { pagesize: '20', pageindex: '0' }, admin)).body.data);
    expect(log).toContain('RTMP main (HD) output lost its destination; reconnecting');
    expect(log).toContain('RTMP main (HD) output reconnected');
  }, 90_000);

  it('sub carries the SD picture (640x360)', async () => {
    expect((await rtmpSettings({ subenable: 'true', suburl: nginx.url('sub') })).body.result).toBe(true);
    expect((await channel('2', 'start')).body.result).toBe(true);
    expect(await status()).toMatchObject({ ismainliving: 'true', issubliving: 'true' });
    const got = await waitFor(() => nginx.probe('sub'), { timeoutMs: 30_000, intervalMs: 500, what: 'nginx to play the sub stream' });
    expect(got).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(t.internals.media.encoder.pid).toBe(encoderPid);
  }, 60_000);

  it('a settings change is followed: a new URL at once, an output turned off stops', async () => {
    const push = rtmp.push('main')!;
    expect((await rtmpSettings({ mainurl: nginx.url('main2') })).body.result).toBe(true);
    await waitFor(() => rtmp.push('main') !== push && rtmp.push('main')!.url === nginx.url('main2'), { what: 'main on the new URL' });
    expect(await waitFor(() => nginx.probe('main2'), { timeoutMs: 30_000, intervalMs: 500, what: 'the new URL' })).toMatchObject({
      codec: 'h264',
    });
    expect((await rtmpSettings({ subenable: 'false' })).body.result).toBe(true);
    await waitFor(async () => (await status()).issubliving === 'false', { what: 'sub off' });
    expect(rtmp.push('sub')).toBeUndefined();
    expect((await status()).ismainliving).toBe('true');
  }, 60_000);

  it('stop: outputs off, the encoder kept for the recording, whose file probes whole (duration = wall time)', async () => {
    expect((await t.post('rtmpctl', { control: 'stop' }, admin)).body).toEqual({ result: true, message: '' });
    expect(await status()).toMatchObject({ ismainliving: 'false', issubliving: 'false', mainlivingstart: '', isrecording: 'true' });
    expect(existsSync(join(t.dataDir, 'run', 'rtmp.json'))).toBe(false);
    expect(t.internals.media.encoder.pid).toBe(encoderPid);
    const id = t.internals.recording.currentRecordingId!;
    const wall = (Date.now() - recordingStartedAt) / 1000;
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    expect(t.internals.media.encoder.running).toBe(false);
    expect(t.internals.media.encoder.restarts).toBe(0);
    const files = t.internals.repos.recordings.files(id);
    expect(files.map((f) => f.channel).sort()).toEqual([10, 11]);
    for (const f of files) {
      const p = await probeFile(f.filepath);
      expect(p.codecs).toContain('h264');
      expect(p.codecs).toContain('aac');
      expect(Math.abs(p.duration - wall), `${f.filepath}: ${p.duration} s for ${wall} s of wall time`).toBeLessThan(
        Math.max(2, wall * 0.1),
      );
    }
  }, 60_000);

  it('outputs that were on come back after a service restart; an encoder restart does not leave them dead', async () => {
    expect((await rtmpSettings({ mainurl: nginx.url('main'), subenable: 'true', suburl: nginx.url('sub') })).body.result).toBe(true);
    // A recording that does not save the SD picture: the encode has none until the sub output needs it.
    const noSd = { settingcode: 'setting_advance_media_save', data: kv({ movie_low_enable: 'false' }) };
    expect((await t.post('writeconfig', noSd, admin)).body.result).toBe(true);
    expect((await channel('1', 'start')).body.result).toBe(true);
    expect(t.internals.media.encodesSd()).toBe(false);
    expect((await t.post('rtmpctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitFor(() => t.internals.media.encodesSd(), { what: 'the encode to make the SD picture for the sub output' });
    const before = await status();
    expect(before).toMatchObject({ ismainliving: 'true', issubliving: 'true', isrecording: 'false' });
    expect(t.internals.media.encoder.running).toBe(true);
    await waitFor(() => nginx.probe('sub'), { timeoutMs: 30_000, intervalMs: 500, what: 'sub streaming before the restart' });
    await t.app.close();
    expect(existsSync(join(t.dataDir, 'run', 'rtmp.json'))).toBe(true);

    const config = {
      ...loadConfig({ DATA_DIR: t.dataDir, CONSOLE_DIR: '', MEDIA_PRESET: 'ultrafast', MIN_FREE_MB: '50' }),
      adminPassword: ADMIN_PASSWORD,
    };
    again = await buildTestApp({ config, fileLogs: false, power: { reboot: () => {} } });
    await again.app.ready();
    expect(await again.internals.rtmp.resume()).toBe(2);
    await again.internals.scheduler.start();
    const app2 = again.app;
    const login = await app2.inject({ method: 'POST', url: '/api/login', payload: { usercode: 'admin', password: ADMIN_PASSWORD } });
    const session = login.json().data.sessionID as string;
    const post = async (name: string, payload: unknown) =>
      (
        await app2.inject({ method: 'POST', url: `/api/${name}`, payload: payload as object, headers: { [SESSION_HEADER]: session } })
      ).json();
    expect((await post('status', {})).data).toMatchObject({
      ismainliving: 'true',
      issubliving: 'true',
      mainlivingstart: before.mainlivingstart,
      sublivingstart: before.sublivingstart,
    });
    const rtmp2 = again.internals.rtmp;
    await waitFor(() => rtmp2.attempts('main')?.streaming && rtmp2.attempts('sub')?.streaming, {
      timeoutMs: 30_000,
      what: 'both outputs streaming after the restart',
    });
    expect(await nginx.probe('main')).toMatchObject({ height: 480 });
    expect(await nginx.probe('sub')).toMatchObject({ width: 640, height: 360 });

    // The encoder dies (as at a layout change): its fan-outs begin a new stream and both pushes start again.
    const encoder = again.internals.media.encoder;
    expect(encoder.restarts).toBe(0);
    const launches = { main: rtmp2.push('main')!.starts, sub: rtmp2.push('sub')!.starts };
    process.kill(encoder.pid!, 'SIGKILL');
    await waitFor(() => encoder.restarts === 1 && rtmp2.push('main')!.starts > launches.main && rtmp2.push('sub')!.starts > launches.sub, {
      timeoutMs: 10_000,
      what: 'the encoder and both pushes to start again',
    });
    const files = nginx.recorded('main').length;
    await waitFor(() => nginx.recorded('main').length > files && nginx.recorded('main').at(-1)!.bytes > 50_000, {
      timeoutMs: 20_000,
      what: 'the main stream published again after the encoder restart',
    });
    expect((await post('status', {})).data).toMatchObject({ ismainliving: 'true', issubliving: 'true' });
    expect(rtmp2.attempts('main')!.failures).toBe(0);

    // rtmpchannelctl stops one; the other keeps the encoder; the last one releases it.
    expect(await post('rtmpchannelctl', { channel: '2', control: 'stop' })).toEqual({ result: true, message: '' });
    expect(encoder.running).toBe(true);
    expect(await post('rtmpchannelctl', { channel: '1', control: 'stop' })).toEqual({ result: true, message: '' });
    expect(encoder.running).toBe(false);
    expect(existsSync(join(t.dataDir, 'run', 'rtmp.json'))).toBe(false);
    // Nothing to resume the next time.
    expect(await rtmp2.resume()).toBe(0);
    // A short pause shows nothing comes back by itself.
    await delay(1500);
    expect((await post('status', {})).data).toMatchObject({ ismainliving: 'false', issubliving: 'false' });
  }, 120_000);
});
