import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoots } from './temp-root.js';
import { alsaDevicesFromProc, parseAlsaDeviceList, parseProcAsoundCards } from '../../src/host/alsa-devices.js';
import { type CaptureDevices, readCaptureDevices } from '../../src/host/capture-devices.js';
import type { CommandRunner } from '../../src/host/command-runner.js';
import { fixture, missingTools, recordedRunner } from './recorded-devices.js';
import {
  COMMON_SIZES,
  isVideoCaptureNode,
  parseFormats,
  parseListDevices,
  parseNodeInfo,
  sizesInRange,
} from '../../src/host/v4l2-devices.js';

const info = (name: string) => parseNodeInfo(fixture(name))!;
const tempRoot = tempRoots();

/** What this machine's alsa-utils and v4l-utils print without any device (Debian 12, recorded while writing this). */
const NO_SOUNDCARDS = 'arecord: device_list:274: no soundcards found...\n';
const NO_VIDEO_DEVICE = 'Cannot open device /dev/video0, exiting.\n';
const GARBLED = '\u0000\u0007 card x: [ ], device : \n\t/dev/sda\nSize: Discrete axb\n[0]: MJPG\n';

describe('v4l2-ctl --list-devices', () => {
  it('three USB cameras, each with its picture node, metadata node and media node', () => {
    expect(parseListDevices(fixture('ipevo-sony-emeet.list-devices.txt'))).toEqual([
      { name: 'IPEVO Ziggi-HD Plus', bus: 'usb-0000:00:14.0-10', videoNodes: ['/dev/video0', '/dev/video1'], mediaNodes: ['/dev/media0'] },
      { name: 'ILCE-7M4', bus: 'usb-0000:00:14.0-3', videoNodes: ['/dev/video2', '/dev/video3'], mediaNodes: ['/dev/media1'] },
      {
        name: 'EMEET SmartCam S800: EMEET Smar',
        bus: 'usb-0000:00:14.0-5',
        videoNodes: ['/dev/video4', '/dev/video5'],
        mediaNodes: ['/dev/media2'],
      },
    ]);
  });

  it('an HDMI capture dongle (MacroSilicon MS2109) offering two nodes, indented with spaces as published', () => {
    expect(parseListDevices(fixture('ms2109-keeqii.list-devices.txt'))).toEqual([
      {
        name: 'USB3. 0 capture: USB3. 0 captur',
        bus: 'usb-0000:00:14.0-3',
        videoNodes: ['/dev/video0', '/dev/video1'],
        mediaNodes: ['/dev/media0'],
      },
    ]);
    expect(parseListDevices(fixture('elp-4k.list-devices.txt'))).toEqual([
      {
        name: 'HD USB CAMERA: HD USB CAMERA',
        bus: 'usb-xhci-hcd.0-1',
        videoNodes: ['/dev/video8', '/dev/video9'],
        mediaNodes: ['/dev/media4'],
      },
    ]);
  });

  it('no device, an empty or a garbled output: no cards', () => {
    for (const text of [NO_VIDEO_DEVICE, '', GARBLED]) expect(parseListDevices(text)).toEqual([]);
  });
});

describe('v4l2-ctl --all / --info: the Driver Info section', () => {
  it("a UVC camera's picture node: driver, card, bus, and Video Capture in its own caps", () => {
    const node = info('emeet-s800.video4.all.txt');
    expect(node).toEqual({
      driver: 'uvcvideo',
      card: 'EMEET SmartCam S800: EMEET Smar',
      bus: 'usb-0000:00:14.0-5',
      capabilities: ['Video Capture', 'Metadata Capture', 'Streaming', 'Extended Pix Format', 'Device Capabilities'],
      deviceCaps: ['Video Capture', 'Streaming', 'Extended Pix Format'],
    });
    expect(isVideoCaptureNode(node)).toBe(true);
  });

  it("a UVC camera's second node says Metadata Capture and is not offered", () => {
    const node = info('emeet-s800.video5.all.txt');
    expect(node.deviceCaps).toEqual(['Metadata Capture', 'Streaming', 'Extended Pix Format']);
    expect(isVideoCaptureNode(node)).toBe(false);
    expect(isVideoCaptureNode(info('sony-a7iv.video3.all.txt'))).toBe(false);
    expect(isVideoCaptureNode(info('sony-a7iv.video2.all.txt'))).toBe(true);
    expect(isVideoCaptureNode(info('ipevo-ziggi-hd-plus.video0.all.txt'))).toBe(true);
  });

  it('the HDMI dongle (--info) and the ELP camera (-D with --list-formats-ext) give the same section', () => {
    expect(info('ms2109-keeqii.video0.info.txt')).toEqual({
      driver: 'uvcvideo',
      card: 'USB3. 0 capture: USB3. 0 captur',
      bus: 'usb-0000:00:14.0-3',
      capabilities: ['Video Capture', 'Metadata Capture', 'Streaming', 'Extended Pix Format', 'Device Capabilities'],
      deviceCaps: ['Video Capture', 'Streaming', 'Extended Pix Format'],
    });
    const elp = info('elp-4k.video8.info-list-formats-ext.txt');
    expect([elp.driver, elp.card, elp.bus, isVideoCaptureNode(elp)]).toEqual([
      'uvcvideo',
      'HD USB CAMERA: HD USB CAMERA',
      'usb-xhci-hcd.0-1',
      true,
    ]);
  });

  it("a Raspberry Pi camera (unicam, space-indented): the image node captures, the sensor's embedded-data node does not", () => {
    const image = info('rpi-unicam-imx708.video0.all.txt');
    expect(image).toMatchObject({ driver: 'unicam', card: 'unicam', bus: 'platform:fe801000.csi' });
    expect(image.deviceCaps).toEqual(['Video Capture', 'Read/Write', 'Streaming', 'Extended Pix Format']);
    expect(isVideoCaptureNode(image)).toBe(true);
    expect(isVideoCaptureNode(info('rpi-unicam-imx708.video1.all.txt'))).toBe(false);
  });

  it('no Driver Info section: null', () => {
    for (const text of [NO_VIDEO_DEVICE, '', GARBLED, fixture('emeet-s800.video4.list-formats-ext.txt')]) {
      expect(parseNodeInfo(text)).toBeNull();
    }
  });
});

/** `WxH@fps/fps` per size, to compare a format's sizes in one line. */
const sizes = (format: { sizes: { width: number; height: number; fps: number[] }[] }) =>
  format.sizes.map((s) => `${s.width}x${s.height}@${s.fps.join('/')}`);

describe('v4l2-ctl --list-formats-ext', () => {
  it('a UVC camera: MJPG, YUYV and H264, each size with its frame rates', () => {
    const [mjpg, yuyv, h264, ...rest] = parseFormats(fixture('emeet-s800.video4.list-formats-ext.txt'));
    expect(rest).toEqual([]);
    expect(mjpg).toMatchObject({ fourcc: 'MJPG', description: 'Motion-JPEG' });
    expect(mjpg!.sizes[0]).toEqual({ width: 3840, height: 2160, fps: [30, 24] });
    expect(mjpg!.sizes[2]).toEqual({ width: 1920, height: 1080, fps: [60, 30, 24] });
    expect(mjpg!.sizes).toHaveLength(8);
    expect(yuyv).toMatchObject({ fourcc: 'YUYV', description: 'YUYV 4:2:2' });
    expect(sizes(yuyv!)).toEqual([
      '1920x1080@60/30/24',
      '1280x960@60/30/24',
      '1280x720@60/30/24',
      '1024x576@60/30/24',
      '640x480@60/30/24',
      '640x360@60/30/24',
    ]);
    expect(h264).toMatchObject({ fourcc: 'H264', description: 'H.264' });
    expect(h264!.sizes).toHaveLength(8);
  });

  it('the HDMI dongle: MJPG up to 1080p60, YUYV at few frames a second', () => {
    const [mjpg, yuyv] = parseFormats(fixture('ms2109-keeqii.video0.list-formats-ext.txt'));
    expect(mjpg!.fourcc).toBe('MJPG');
    expect(mjpg!.sizes).toHaveLength(11);
    expect(mjpg!.sizes[0]).toEqual({ width: 1920, height: 1080, fps: [60, 30, 25, 20, 10] });
    expect(mjpg!.sizes[5]).toEqual({ width: 1280, height: 720, fps: [60, 50, 30, 20, 10] });
    expect(yuyv!.fourcc).toBe('YUYV');
    expect(yuyv!.sizes).toHaveLength(11);
    expect(sizes(yuyv!).slice(0, 3)).toEqual(['1920x1080@5', '1600x1200@5', '1360x768@8']);
    expect(yuyv!.sizes[9]).toEqual({ width: 720, height: 480, fps: [30, 20, 10, 5] });
  });

  it('more cameras: odd rates (7 fps), large stills, few formats', () => {
    const [ipevoMjpg, ipevoYuyv] = parseFormats(fixture('ipevo-ziggi-hd-plus.video0.list-formats-ext.txt'));
    expect(ipevoMjpg!.sizes).toHaveLength(10);
    expect(ipevoMjpg!.sizes[9]).toEqual({ width: 3264, height: 2448, fps: [15] });
    expect(ipevoYuyv!.sizes[4]).toEqual({ width: 1600, height: 1200, fps: [7] });
    expect(parseFormats(fixture('sony-a7iv.video2.list-formats-ext.txt'))).toEqual([
      { fourcc: 'NV12', description: 'Y/UV 4:2:0', sizes: [{ width: 1920, height: 1080, fps: [30] }] },
      { fourcc: 'MJPG', description: 'Motion-JPEG', sizes: [{ width: 1920, height: 1080, fps: [30] }] },
    ]);
    const [elpMjpg, elpYuyv] = parseFormats(fixture('elp-4k.video8.info-list-formats-ext.txt'));
    expect(elpMjpg!.sizes).toHaveLength(11);
    expect(elpMjpg!.sizes.every((s) => s.fps.join() === '30,25,20,15,10,5')).toBe(true);
    expect(elpYuyv!.sizes[0]).toEqual({ width: 3840, height: 2160, fps: [1] });
  });

  it('a metadata node lists no format', () => {
    for (const name of ['emeet-s800.video5', 'sony-a7iv.video3', 'ipevo-ziggi-hd-plus.video1']) {
      expect(parseFormats(fixture(`${name}.list-formats-ext.txt`))).toEqual([]);
    }
  });

  it('Stepwise sizes: the range kept, and the common sizes inside it offered without rates', () => {
    const formats = parseFormats(fixture('rpi-unicam-imx708.video0.list-formats-ext.txt'));
    expect(formats).toHaveLength(51);
    const range = { min: { width: 16, height: 16 }, max: { width: 16376, height: 16376 }, step: { width: 1, height: 1 } };
    expect(formats.every((f) => JSON.stringify(f.range) === JSON.stringify(range))).toBe(true);
    expect(formats[0]).toEqual({
      fourcc: 'YUYV',
      description: 'YUYV 4:2:2',
      range,
      sizes: COMMON_SIZES.map(([width, height]) => ({ width, height, fps: [] })),
    });
    // A fourcc keeps its padding space; a description keeps its own parentheses.
    expect(formats.map((f) => f.fourcc)).toContain('Y10 ');
    expect(formats.find((f) => f.fourcc === 'Y10P')!.description).toBe('10-bit Greyscale (MIPI Packed)');
  });

  it("a range's step and bounds decide which common sizes it offers", () => {
    const range = { min: { width: 640, height: 360 }, max: { width: 1920, height: 1080 }, step: { width: 640, height: 360 } };
    expect(sizesInRange(range).map((s) => `${s.width}x${s.height}`)).toEqual(['1920x1080', '1280x720', '640x360']);
  });

  it('an empty or garbled output: no formats', () => {
    for (const text of [NO_VIDEO_DEVICE, '', GARBLED]) expect(parseFormats(text)).toEqual([]);
  });
});

describe('arecord -l and aplay -l', () => {
  it('a USB sound device on a Raspberry Pi: its capture device, and every playback device with its subdevices skipped', () => {
    expect(parseAlsaDeviceList(fixture('rpi4-cm108.arecord-l.txt'))).toEqual([
      { card: 1, device: 0, id: 'Device', name: 'USB PnP Sound Device', deviceName: 'USB Audio', hw: 'hw:1,0' },
    ]);
    expect(parseAlsaDeviceList(fixture('rpi4-cm108.aplay-l.txt'))).toEqual([
      { card: 0, device: 0, id: 'Headphones', name: 'bcm2835 Headphones', deviceName: 'bcm2835 Headphones', hw: 'hw:0,0' },
      { card: 1, device: 0, id: 'Device', name: 'USB PnP Sound Device', deviceName: 'USB Audio', hw: 'hw:1,0' },
      { card: 2, device: 0, id: 'vc4hdmi0', name: 'vc4-hdmi-0', deviceName: 'MAI PCM i2s-hifi-0', hw: 'hw:2,0' },
      { card: 3, device: 0, id: 'vc4hdmi1', name: 'vc4-hdmi-1', deviceName: 'MAI PCM i2s-hifi-0', hw: 'hw:3,0' },
    ]);
  });

  it('an onboard HDA card: its analog output and its five HDMI outputs (for hdmiaudioout)', () => {
    const playback = parseAlsaDeviceList(fixture('intel-pch-hdmi.aplay-l.txt'));
    expect(playback[1]).toEqual({ card: 0, device: 3, id: 'PCH', name: 'HDA Intel PCH', deviceName: 'HDMI 0', hw: 'hw:0,3' });
    expect(playback.map((d) => `${d.hw} ${d.deviceName}`)).toEqual([
      'hw:0,0 ALC3246 Analog',
      'hw:0,3 HDMI 0',
      'hw:0,7 HDMI 1',
      'hw:0,8 HDMI 2',
      'hw:0,9 HDMI 3',
      'hw:0,10 HDMI 4',
    ]);
  });

  it("an HDMI/DVI capture device's sound beside the onboard card (indented as published)", () => {
    expect(parseAlsaDeviceList(fixture('magewell-dvi-plus.arecord-l.txt')).map((d) => [d.hw, d.id, d.name, d.deviceName])).toEqual([
      ['hw:0,0', 'PCH', 'HDA Intel PCH', 'ALC892 Analog'],
      ['hw:0,2', 'PCH', 'HDA Intel PCH', 'ALC892 Alt Analog'],
      ['hw:1,0', 'DVI', 'USB Capture DVI+', 'USB Audio'],
      ['hw:1,1', 'DVI', 'USB Capture DVI+', 'USB Audio #1'],
    ]);
  });

  it('no sound card, an empty or a garbled output: no devices', () => {
    for (const text of [NO_SOUNDCARDS, '', GARBLED]) expect(parseAlsaDeviceList(text)).toEqual([]);
  });
});

describe('/proc/asound/cards (alsa-utils missing)', () => {
  it('every card with its id, driver, name and long name (cut at 80 characters by the kernel)', () => {
    expect(parseProcAsoundCards(fixture('rpi4-cm108.proc-asound-cards.txt'))).toEqual([
      { card: 0, id: 'Headphones', driver: 'bcm2835_headpho', name: 'bcm2835 Headphones', longName: 'bcm2835 Headphones' },
      {
        card: 1,
        id: 'Device',
        driver: 'USB-Audio',
        name: 'USB PnP Sound Device',
        longName: 'C-Media Electronics Inc. USB PnP Sound Device at usb-0000:01:00.0-1.3, full spe',
      },
      { card: 2, id: 'vc4hdmi0', driver: 'vc4-hdmi', name: 'vc4-hdmi-0', longName: 'vc4-hdmi-0' },
      { card: 3, id: 'vc4hdmi1', driver: 'vc4-hdmi', name: 'vc4-hdmi-1', longName: 'vc4-hdmi-1' },
    ]);
    expect(parseProcAsoundCards(fixture('magewell-dvi-plus.proc-asound-cards.txt')).map((c) => `${c.card} ${c.id} ${c.name}`)).toEqual([
      '0 PCH HDA Intel PCH',
      '1 DVI USB Capture DVI+',
      '2 HDMI HDA ATI HDMI',
    ]);
  });

  it("a card's pcmDc and pcmDp entries make its capture and playback devices", () => {
    const cards = parseProcAsoundCards(fixture('rpi4-cm108.proc-asound-cards.txt'));
    const entries = new Map([
      [0, ['id', 'pcm0p']],
      [1, ['pcm0c', 'pcm0p', 'stream0', 'usbbus']],
      [3, ['pcm0p']],
    ]);
    expect(alsaDevicesFromProc(cards, entries)).toEqual({
      capture: [{ card: 1, device: 0, id: 'Device', name: 'USB PnP Sound Device', deviceName: '', hw: 'hw:1,0' }],
      playback: [
        { card: 0, device: 0, id: 'Headphones', name: 'bcm2835 Headphones', deviceName: '', hw: 'hw:0,0' },
        { card: 1, device: 0, id: 'Device', name: 'USB PnP Sound Device', deviceName: '', hw: 'hw:1,0' },
        { card: 3, device: 0, id: 'vc4hdmi1', name: 'vc4-hdmi-1', deviceName: '', hw: 'hw:3,0' },
      ],
    });
  });

  it('no cards, an empty or a garbled file: none', () => {
    for (const text of ['--- no soundcards ---\n', '', GARBLED]) expect(parseProcAsoundCards(text)).toEqual([]);
  });
});

describe('readCaptureDevices: the tools run for real or by a fake runner', () => {
  it('one entry per picture node, metadata nodes left out before their formats are asked for', async () => {
    const { runner, calls } = recordedRunner();
    const devices = await readCaptureDevices({ runner, procRoot: tempRoot() });
    expect(devices.video.map(({ path, card, bus, driver }) => ({ path, card, bus, driver }))).toEqual([
      { path: '/dev/video0', card: 'IPEVO Ziggi-HD Plus', bus: 'usb-0000:00:14.0-10', driver: 'uvcvideo' },
      { path: '/dev/video2', card: 'ILCE-7M4', bus: 'usb-0000:00:14.0-3', driver: 'uvcvideo' },
      { path: '/dev/video4', card: 'EMEET SmartCam S800: EMEET Smar', bus: 'usb-0000:00:14.0-5', driver: 'uvcvideo' },
    ]);
    expect(devices.video[1]!.formats).toEqual(parseFormats(fixture('sony-a7iv.video2.list-formats-ext.txt')));
    expect(devices.video[2]!.formats.map((f) => f.fourcc)).toEqual(['MJPG', 'YUYV', 'H264']);
    // /dev/video1's --all was not published: it fails here like a node that cannot be opened, and is left out.
    expect(calls.filter((c) => c.endsWith('--list-formats-ext')).sort()).toEqual([
      'v4l2-ctl -d /dev/video0 --list-formats-ext',
      'v4l2-ctl -d /dev/video2 --list-formats-ext',
      'v4l2-ctl -d /dev/video4 --list-formats-ext',
    ]);
    expect(calls).toContain('v4l2-ctl -d /dev/video1 --all');
    expect(devices.audio).toEqual({
      capture: parseAlsaDeviceList(fixture('rpi4-cm108.arecord-l.txt')),
      playback: parseAlsaDeviceList(fixture('rpi4-cm108.aplay-l.txt')),
    });
  });

  it('tools missing: no video, and the sound devices from /proc/asound', async () => {
    const proc = tempRoot();
    mkdirSync(join(proc, 'asound'));
    writeFileSync(join(proc, 'asound', 'cards'), fixture('rpi4-cm108.proc-asound-cards.txt'));
    // The entries the same Pi's arecord -l and aplay -l list.
    for (const entry of ['card0/pcm0p', 'card1/pcm0c', 'card1/pcm0p', 'card2/pcm0p', 'card3/pcm0p']) {
      mkdirSync(join(proc, 'asound', entry), { recursive: true });
    }
    const devices = await readCaptureDevices({ runner: missingTools, procRoot: proc });
    expect(devices.video).toEqual([]);
    expect(devices.audio.capture.map((d) => d.hw)).toEqual(['hw:1,0']);
    expect(devices.audio.playback.map((d) => `${d.hw} ${d.id}`)).toEqual([
      'hw:0,0 Headphones',
      'hw:1,0 Device',
      'hw:2,0 vc4hdmi0',
      'hw:3,0 vc4hdmi1',
    ]);
  });

  it('tools missing and no /proc/asound: empty lists, not an error', async () => {
    await expect(readCaptureDevices({ runner: missingTools, procRoot: tempRoot() })).resolves.toEqual({
      video: [],
      audio: { capture: [], playback: [] },
    });
  });

  it('a tool that never answers counts as missing once the deadline passes', async () => {
    const hung: CommandRunner = { run: () => new Promise<string>(() => {}) };
    await expect(readCaptureDevices({ runner: hung, procRoot: tempRoot(), timeoutMs: 50 })).resolves.toEqual({
      video: [],
      audio: { capture: [], playback: [] },
    });
  });

  const installed = (tool: string) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`]);
      return true;
    } catch {
      return false;
    }
  };
  it.runIf(installed('v4l2-ctl') && installed('arecord'))('on this machine: what is plugged in, and nothing where nothing is', async () => {
    const devices = await readCaptureDevices();
    const videoNodes = readdirSync('/dev').filter((n) => /^video\d+$/.test(n));
    if (videoNodes.length === 0) expect(devices.video).toEqual([]);
    for (const device of devices.video) expect(videoNodes).toContain(device.path.slice('/dev/'.length));
    if (!existsSync('/proc/asound/cards')) expect(devices.audio).toEqual({ capture: [], playback: [] });
  });
});

const _reading = (hw: string): CaptureDevices => ({
  video: [],
  audio: { capture: [{ card: 1, device: 0, id: 'Device', name: 'USB PnP Sound Device', deviceName: 'USB Audio', hw }], playback: [] },
});
