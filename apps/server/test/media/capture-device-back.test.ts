import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureDevices } from '../../src/host/capture-devices.js';
import { makeApp } from '../helpers.js';
import { recordedDevices } from '../host/recorded-devices.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';
import { buildEmulatedV4l2 } from './emulated-v4l2/build.js';
import { describeAsRoot } from '../as-root.js';

const run = promisify(execFile);

/** What the emulated device offers (emulated-v4l2.c EMU_W, EMU_H, EMU_FPS): YUYV 640x360 at 30 fps. */
const MODE = { width: 640, height: 360, fps: 30 };
const V4L2_INPUT = ['-f', 'v4l2', '-input_format', 'yuyv422', '-video_size', `${MODE.width}x${MODE.height}`, '-framerate', `${MODE.fps}`];
/** ffmpeg reading `frames` frames of a node (all it gives, without). */
const grab = (node: string, frames?: number) => [
  ...['-v', 'error', '-nostdin', ...V4L2_INPUT, '-i', node],
  ...(frames ? ['-frames:v', String(frames)] : []),
  ...['-f', 'null', '-'],
];

/** A picture averaged to one pixel (ffmpeg's scale to 1x1), as [r, g, b]; `input`: ffmpeg's input options. */
async function averageRgb(input: string[], env: NodeJS.ProcessEnv = process.env): Promise<number[]> {
  const args = ['-v', 'error', ...input, '-frames:v', '1', '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'];
  const pixel = await new Promise<Buffer>((resolve, reject) =>
    execFile('ffmpeg', args, { encoding: 'buffer', env }, (err, out) => (err ? reject(err) : resolve(out))),
  );
  return [...pixel];
}
/** The emulated device's solid green (YUYV 145/54/34), through any scaling and encoding. */
const isGreen = ([r, g, b]: number[]) => g! > 200 && r! < 60 && b! < 60;
/** The "no signal" slate: grey 0x303030 under its label and clock. */
const isSlate = (rgb: number[]) => rgb.length === 3 && rgb.every((c) => Math.abs(c - 0x30) < 24);

/** This file's scratch directory (the compiled device, the directories of emulated nodes), made when a test runs. */
let scratch = '';
let shim = '';
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'roomcast-v4l2-'));
  shim = await buildEmulatedV4l2(scratch);
}, 60_000);
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
/** A directory of emulated nodes, and the environment that makes ffmpeg see its files as V4L2 devices. */
function emulatedDir(name: string) {
  const dir = join(scratch, name);
  mkdirSync(dir);
  return { dir, env: { LD_PRELOAD: shim, ROOMCAST_EMULATED_V4L2_DIR: dir } };
}

/**
 * The emulated device itself, under Debian's real ffmpeg (`-f v4l2`, libavdevice/v4l2.c): checked apart, so a broken
 * emulation fails here and not as a confusing engine test below.
 */
describe('the emulated V4L2 device under real ffmpeg', () => {
  let node = '';
  let withShim: NodeJS.ProcessEnv = {};
  beforeAll(() => {
    const { dir, env } = emulatedDir('unit');
    node = join(dir, 'video0');
    withShim = { ...process.env, ...env };
  });

  it('delivers its green frames while the node exists; once deleted it cannot be opened', async () => {
    writeFileSync(node, '');
    await run('ffmpeg', grab(node, 3), { env: withShim });
    expect(isGreen(await averageRgb([...V4L2_INPUT, '-i', node], withShim))).toBe(true);
    // The frames come at the device's rate, with its size.
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', ...V4L2_INPUT, '-i', node, '-show_entries', 'stream=width,height,pix_fmt,avg_frame_rate', '-of', 'csv=p=0'],
      { env: withShim },
    );
    expect(stdout.trim()).toBe('640,360,yuyv422,30/1');
    rmSync(node);
    await expect(run('ffmpeg', grab(node, 3), { env: withShim })).rejects.toThrow(/No such file or directory/);
  });

  it('ends a capture with "No such device" when the node is deleted, holds the device while it streams', async () => {
    writeFileSync(node, '');
    const capture: ChildProcess = spawn('ffmpeg', ['-progress', 'pipe:1', ...grab(node)], {
      env: withShim,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let progress = '';
    let stderr = '';
    capture.stdout!.on('data', (d: Buffer) => {
      progress += d.toString('utf8');
    });
    capture.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => capture.on('close', resolve));
    try {
      await waitFor(() => /frame=[1-9]/.test(progress), { what: 'the capture to stream', detail: () => stderr });
      // While it streams, a second reader is refused, as a real camera refuses it (V4L2's buffer queue has one owner).
      await expect(run('ffmpeg', grab(node, 1), { env: withShim })).rejects.toThrow(/Device or resource busy/);
      rmSync(node);
      await exited;
      expect(stderr).toMatch(/ioctl\(VIDIOC_DQBUF\): No such device/);
    } finally {
      capture.kill('SIGKILL');
    }
  });
});

/**
 * The node in /dev (root only: the appliance and CI run as root): setting_video_devices takes `/dev/videoN` (or a
 * `/dev/v4l/by-id` link) and the service opens the node itself before ffmpeg does (lost-sources.ts deviceOpens), so
 * the emulated file is reached through a link `/dev/video9NN`; deleting the file leaves the link dangling (unplugged).
 * Chosen when the test is collected, made only when it runs; a link a killed run left (its file gone) is taken again.
 */
function freeDevNode(): string {
  for (let n = 900; n < 1000; n++) {
    const node = `/dev/video${n}`;
    let target: string | undefined;
    try {
      target = readlinkSync(node);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return node;
      continue; // a node that is no link: not ours
    }
    if (target.startsWith(join(tmpdir(), 'roomcast-v4l2-')) && !existsSync(dirname(target))) {
      try {
        unlinkSync(node);
        return node;
      } catch {} // not root (the test is skipped then)
    }
  }
  throw new Error('no free /dev/video9NN for the emulated device');
}

/**
 * A bound capture device unplugged and plugged back during a recording, end to end with real ffmpeg: the channel
 * records the device's picture, the "no signal" slate while it is gone (the encode ends on ENODEV, the lost-source
 * check finds it gone), and the device again once it is back (the lost-source poll finds it delivers, the engine
 * re-plans), with no restart nor any call; the recording goes on throughout. The device is emulated
 * (emulated-v4l2/emulated-v4l2.c, preloaded into every ffmpeg the service runs); all after it is the service's own.
 */
describeAsRoot('a capture device unplugged, then plugged back, during a recording (emulated V4L2)', async () => {
  const node = freeDevNode();
  let file = '';
  const saved = { LD_PRELOAD: process.env.LD_PRELOAD, ROOMCAST_EMULATED_V4L2_DIR: process.env.ROOMCAST_EMULATED_V4L2_DIR };
  // Plugged in: the file and its link; the service's ffmpeg and ffprobe inherit the environment while this runs.
  beforeAll(() => {
    const { dir, env } = emulatedDir('engine');
    file = join(dir, 'camera');
    writeFileSync(file, '');
    symlinkSync(file, node);
    Object.assign(process.env, env);
  });
  // Registered before the app's own: runs after the app is closed.
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    try {
      if (readlinkSync(node) === file) unlinkSync(node);
    } catch {} // never made
  });
  // The box lists the recorded cameras, one of them (the EMEET's node) being the emulated device with its one mode.
  const recorded = await recordedDevices();
  const devices: CaptureDevices = {
    ...recorded,
    video: recorded.video.map((v) =>
      v.path === '/dev/video4'
        ? {
            ...v,
            path: node,
            card: 'Roomcast emulated camera',
            driver: 'roomcast-emul',
            formats: [{ fourcc: 'YUYV', description: 'YUYV 4:2:2', sizes: [{ width: MODE.width, height: MODE.height, fps: [MODE.fps] }] }],
          }
        : v,
    ),
  };
  const t = await makeApp({
    fileLogs: true,
    captureDevices: { read: async () => devices, fingerprint: async () => devices.video.map((v) => v.path).join(',') },
  });
  const admin = await t.login();
  const write = async (settingcode: string, values: Record<string, string>) => {
    const res = await t.post('writeconfig', { settingcode, data: Object.entries(values).map(([key, value]) => ({ key, value })) }, admin);
    if (!res.body.result) throw new Error(`writeconfig ${settingcode}: ${res.body.message}`);
  };
  await write('setting_rec_video_codec', { main_quality: '270' });
  await write('setting_advance_media_save', { movie_low_enable: 'false' });
  await write('setting_video_devices', {
    hdmi1: node,
    hdmi1format: 'YUYV',
    hdmi1size: `${MODE.width}x${MODE.height}`,
    hdmi1fps: `${MODE.fps}`,
  });
  await t.post('savelayout', [{ index: 0, type: 0, channels: 1, channeldata: ['A'] }], admin);
  await t.post('setlayoutid', { id: 0 }, admin);

  const signalOf = async (channel: string) =>
    ((await t.post('status', {}, admin)).body.data.signals as { channel: string; signal: string; detected?: unknown }[]).find(
      (s) => s.channel === channel,
    );
  /** The composed picture the running encode shows now (the confidence monitor's), averaged to one pixel. */
  const shownNow = async () => {
    const { jpeg } = await t.internals.media.picture();
    if (!jpeg) throw new Error('no picture from the running encode');
    const at = join(t.dataDir, 'shown.jpg'); // not in the emulated directory, where every file is a device
    writeFileSync(at, jpeg);
    return averageRgb(['-i', at]);
  };
  const mpLog = () => readFileSync(join(t.dataDir, 'logs', 'mp.log'), 'utf8');
  const oplog = () => t.internals.repos.oplog.page(100, 0).map((r) => r.description);

  it('records the device, the slate while it is unplugged, and the device again once it is back', async () => {
    // a. Plugged in: the channel shows the device's own picture.
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    const plugged = await waitRecorded(t, 3);
    expect(t.internals.media.lostChannels()).toEqual([]);
    expect(await signalOf('A')).toMatchObject({ signal: 'signal', detected: { width: MODE.width, height: MODE.height, fps: MODE.fps } });
    expect(isGreen(await shownNow())).toBe(true);

    // b. Unplugged: the capture ends (ENODEV), the channel is lost and shows the slate; the recording goes on.
    rmSync(file);
    await waitFor(() => t.internals.media.lostChannels().includes('A'), { timeoutMs: 15_000, intervalMs: 100, what: 'channel A lost' });
    const lostFrom = recordedSeconds(t);
    expect((await t.post('status', {}, admin)).body.data.isrecording).toBe('true');
    expect(await signalOf('A')).toEqual({ channel: 'A', source: 'hdmi1', signal: 'nosignal' });
    const lostTo = lostFrom + (await waitRecorded(t, 3, { after: lostFrom }));
    expect(isSlate(await shownNow())).toBe(true);
    expect(mpLog()).toContain(`channel A: capture device ${node} lost; showing the no-signal slate`);
    expect(oplog()).toContain(`Channel A: capture device ${node} lost; the no-signal picture is shown`);

    // c. Plugged back: the lost-source poll finds it delivering and the engine takes it again, without a restart or a call.
    writeFileSync(file, '');
    await waitFor(() => t.internals.media.lostChannels().length === 0, { timeoutMs: 25_000, intervalMs: 100, what: 'channel A back' });
    await waitFor(() => mpLog().includes(`channel A: capture device ${node} is back`), { timeoutMs: 5000, what: '"is back" in mp.log' });
    expect(oplog()).toContain(`Channel A: capture device ${node} is back`);
    const backFrom = recordedSeconds(t);
    await waitRecorded(t, 3, { after: backFrom });
    expect(await signalOf('A')).toMatchObject({ signal: 'signal', detected: { width: MODE.width, height: MODE.height, fps: MODE.fps } });
    expect(isGreen(await shownNow())).toBe(true);
    expect((await t.post('status', {}, admin)).body.data.isrecording).toBe('true');

    // d. The recording holds all three phases, in order.
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', hd.filepath]);
    expect(Number(stdout)).toBeGreaterThan(plugged + (lostTo - lostFrom) + 3);
    expect(isGreen(await averageRgb(['-ss', String(plugged / 2), '-i', hd.filepath]))).toBe(true);
    expect(isSlate(await averageRgb(['-ss', String((lostFrom + lostTo) / 2), '-i', hd.filepath]))).toBe(true);
    expect(isGreen(await averageRgb(['-sseof', '-1', '-i', hd.filepath]))).toBe(true);
  }, 60_000);
});
