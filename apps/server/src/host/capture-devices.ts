import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AlsaDevice, alsaDevicesFromProc, parseAlsaDeviceList, parseProcAsoundCards } from './alsa-devices.js';
import { type CommandRunner, execFileRunner } from './command-runner.js';
import {
  isVideoCaptureNode,
  parseFormats,
  parseListDevices,
  parseNodeInfo,
  type V4l2Card,
  type VideoCaptureDevice,
  videoCaptureDevice,
} from './v4l2-devices.js';

/**
 * The box's capture devices as the Video and Audio screens list them (issue 20): the V4L2 nodes that deliver pictures
 * (v4l2-ctl, v4l-utils) and the ALSA capture and playback devices (arecord/aplay, alsa-utils; /proc/asound when those
 * are missing). A missing tool, a node that cannot be opened or a box without devices gives empty lists, never an error.
 */
export interface CaptureDevices {
  video: VideoCaptureDevice[];
  audio: { capture: AlsaDevice[]; playback: AlsaDevice[] };
}

export interface CaptureDeviceOptions {
  /** How the tools run (tests: a fake that answers with recorded outputs). */
  runner?: CommandRunner;
  /** Where procfs is mounted (tests: a scratch directory); read only when alsa-utils is missing. */
  procRoot?: string;
  /** A tool that has not answered after this long counts as missing (a USB device can hang an ioctl). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

/** A node path from v4l2-ctl's own output, checked again before it becomes an argument. */
const VIDEO_NODE = /^\/dev\/video\d+$/;

export async function readCaptureDevices(options: CaptureDeviceOptions = {}): Promise<CaptureDevices> {
  const run = tool(options.runner ?? execFileRunner, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const [video, audio] = await Promise.all([readVideo(run), readAudio(run, options.procRoot ?? '/proc')]);
  return { video, audio };
}

type Tool = (file: string, args: readonly string[]) => Promise<string | null>;

/**
 * The tool's stdout, or null when it is missing, fails or hangs: the runner kills it after `timeoutMs`, and the
 * deadline holds for a runner that does not (a test's).
 */
function tool(runner: CommandRunner, timeoutMs: number): Tool {
  return async (file, args) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${file}: no answer in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([runner.run(file, args, { timeoutMs }), deadline]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

async function readVideo(run: Tool): Promise<VideoCaptureDevice[]> {
  // With no /dev/video* at all, v4l2-ctl exits 1 ("Cannot open device /dev/video0"): no cards.
  const cards = parseListDevices((await run('v4l2-ctl', ['--list-devices'])) ?? '');
  const nodes = cards.flatMap((card) => card.videoNodes.filter((path) => VIDEO_NODE.test(path)).map((path) => ({ card, path })));
  const devices = await Promise.all(nodes.map(({ card, path }) => readVideoNode(run, card, path)));
  return devices.filter((d): d is VideoCaptureDevice => d !== null);
}

async function readVideoNode(run: Tool, card: V4l2Card, path: string): Promise<VideoCaptureDevice | null> {
  const info = parseNodeInfo((await run('v4l2-ctl', ['-d', path, '--all'])) ?? '');
  // A metadata node is left out before its formats are asked for.
  if (!info || !isVideoCaptureNode(info)) return null;
  const formats = parseFormats((await run('v4l2-ctl', ['-d', path, '--list-formats-ext'])) ?? '');
  return videoCaptureDevice(path, card, info, formats);
}

async function readAudio(run: Tool, procRoot: string): Promise<CaptureDevices['audio']> {
  const [capture, playback] = await Promise.all([run('arecord', ['-l']), run('aplay', ['-l'])]);
  if (capture !== null && playback !== null) {
    return { capture: parseAlsaDeviceList(capture), playback: parseAlsaDeviceList(playback) };
  }
  const fromProc = await readProcAsound(join(procRoot, 'asound'));
  return {
    capture: capture !== null ? parseAlsaDeviceList(capture) : fromProc.capture,
    playback: playback !== null ? parseAlsaDeviceList(playback) : fromProc.playback,
  };
}

/** /proc/asound/cards and each card's `pcmD{c,p}` entries; a box without sound (no /proc/asound) has none. */
async function readProcAsound(dir: string): Promise<CaptureDevices['audio']> {
  const cards = parseProcAsoundCards(await readFile(join(dir, 'cards'), 'utf8').catch(() => ''));
  const entries = new Map<number, string[]>();
  for (const card of cards) entries.set(card.card, await readdir(join(dir, `card${card.card}`)).catch(() => []));
  return alsaDevicesFromProc(cards, entries);
}

/**
 * A cheap look at what is plugged in: the `/dev/video*` nodes and ALSA's PCM devices (`/proc/asound/pcm`). It changes
 * when a camera or a sound device comes or goes, so a full reading (several tools run) is made only then.
 */
export async function captureFingerprint(devDir = '/dev', procRoot = '/proc'): Promise<string> {
  const [nodes, pcm] = await Promise.all([
    readdir(devDir).then(
      (names) => names.filter((n) => /^video\d+$/.test(n)).sort(),
      () => [],
    ),
    readFile(join(procRoot, 'asound', 'pcm'), 'utf8').catch(() => ''),
  ]);
  return `${nodes.join(',')}\n${pcm}`;
}
