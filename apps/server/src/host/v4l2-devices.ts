/**
 * The box's V4L2 video devices as Debian's v4l-utils prints them (pure; tests feed outputs recorded from real devices,
 * apps/server/test/fixtures/devices). Three outputs are read:
 * - `v4l2-ctl --list-devices`: the cards and their nodes;
 * - `v4l2-ctl -d /dev/videoN --all` (or `--info`): the node's driver, card, bus and capabilities;
 * - `v4l2-ctl -d /dev/videoN --list-formats-ext`: its formats, frame sizes and frame rates.
 */

/** One card of `--list-devices`: a name, its bus, and its nodes. */
export interface V4l2Card {
  name: string;
  /** `usb-0000:00:14.0-3`, `platform:fe801000.csi`; '' when the driver gives none. */
  bus: string;
  /** `/dev/videoN` nodes, in the order printed (a UVC device's first is its pictures, the next its metadata). */
  videoNodes: string[];
  mediaNodes: string[];
}

/** The Driver Info section of `--all` / `--info`. */
export interface V4l2NodeInfo {
  driver: string;
  card: string;
  bus: string;
  /** What the whole device can do. */
  capabilities: string[];
  /** What this node can do: `Video Capture` for pictures, `Metadata Capture` for a UVC camera's second node. */
  deviceCaps: string[];
}

export interface V4l2Size {
  width: number;
  height: number;
  /** Frame rates offered at this size, as printed (30, 7.5); empty when the driver lists none. */
  fps: number[];
}

/** A Stepwise or Continuous frame size: any size from `min` to `max` in steps of `step`. */
export interface V4l2SizeRange {
  min: { width: number; height: number };
  max: { width: number; height: number };
  step: { width: number; height: number };
}

export interface V4l2Format {
  /** The four characters between the quotes, spaces kept (`'Y10 '`). */
  fourcc: string;
  /** The driver's name of the format, without v4l2-ctl's flags (`Motion-JPEG`, not `Motion-JPEG, compressed`). */
  description: string;
  sizes: V4l2Size[];
  /** Set for a Stepwise or Continuous format; `sizes` then holds the common sizes inside it. */
  range?: V4l2SizeRange;
}

/** A node that delivers pictures: what the Video screen lists. */
export interface VideoCaptureDevice {
  path: string;
  card: string;
  bus: string;
  driver: string;
  formats: V4l2Format[];
}

const VIDEO_NODE = /^\/dev\/video\d+$/;
const MEDIA_NODE = /^\/dev\/media\d+$/;

/** `Name (bus):`, the bus being the last parenthesis (a name may hold its own: `UVC Camera (046d:081b) (usb-...):`). */
const CARD_LINE = /^(\S.*?)(?: \(([^()]*)\))?:\s*$/;

export function parseListDevices(text: string): V4l2Card[] {
  const cards: V4l2Card[] = [];
  let card: V4l2Card | undefined;
  for (const line of text.split('\n')) {
    const node = /^\s+(\/dev\/\S+)\s*$/.exec(line)?.[1];
    if (node) {
      if (card && VIDEO_NODE.test(node)) card.videoNodes.push(node);
      else if (card && MEDIA_NODE.test(node)) card.mediaNodes.push(node);
      continue;
    }
    const head = CARD_LINE.exec(line);
    if (head) {
      card = { name: head[1]!.trim(), bus: head[2] ?? '', videoNodes: [], mediaNodes: [] };
      cards.push(card);
    } else if (line.trim() !== '') {
      // Anything else ("Cannot open device /dev/video0, exiting.") ends the card it follows.
      card = undefined;
    }
  }
  return cards.filter((c) => c.videoNodes.length > 0);
}

const INFO_KEYS = new Map<string, 'driver' | 'card' | 'bus'>([
  ['Driver name', 'driver'],
  ['Card type', 'card'],
  ['Bus info', 'bus'],
]);

/** The Driver Info section; null when the text has none (the node could not be opened, or it is not v4l2-ctl's). */
export function parseNodeInfo(text: string): V4l2NodeInfo | null {
  const info: V4l2NodeInfo = { driver: '', card: '', bus: '', capabilities: [], deviceCaps: [] };
  let inSection = false;
  let found = false;
  let list: string[] | undefined;
  for (const line of text.split('\n')) {
    if (/^Driver Info\b/.test(line)) {
      inSection = found = true;
      continue;
    }
    if (!inSection) continue;
    // The section ends at the next line that is not indented (Media Driver Info, Priority, ioctl: ...).
    if (!/^\s/.test(line) && line !== '') break;
    const pair = /^\s+([^:]+?)\s*:\s?(.*)$/.exec(line);
    if (pair) {
      const [, key, value] = pair as unknown as [string, string, string];
      list = key === 'Capabilities' ? info.capabilities : key === 'Device Caps' ? info.deviceCaps : undefined;
      const field = INFO_KEYS.get(key);
      if (field) info[field] = value.trim();
    } else if (list && line.trim()) {
      list.push(line.trim());
    }
  }
  return found ? info : null;
}

/** Pictures come from a node whose own caps say Video Capture; a metadata node (UVC, unicam) says Metadata Capture. */
export function isVideoCaptureNode(info: V4l2NodeInfo): boolean {
  const caps = info.deviceCaps.length > 0 ? info.deviceCaps : info.capabilities;
  return caps.includes('Video Capture') || caps.includes('Video Capture Multiplanar');
}

/** v4l2-ctl appends these flags to a format's description (`'MJPG' (Motion-JPEG, compressed)`). */
const FORMAT_FLAGS =
  /(?:, (?:compressed|emulated|continuous-bytestream|dyn-resolution|enc-cap-frame-interval|csc-colorspace|csc-xfer-func|csc-ycbcr-enc|csc-hsv-enc|csc-quantization))+$/;

/**
 * Sizes an operator is offered from a Stepwise or Continuous range: the usual capture sizes that fit in it (v4l2-ctl
 * prints no frame rates for such a range, so they come without any).
 */
export const COMMON_SIZES: readonly (readonly [number, number])[] = [
  [3840, 2160],
  [2560, 1440],
  [1920, 1080],
  [1600, 1200],
  [1280, 1024],
  [1280, 720],
  [1024, 768],
  [800, 600],
  [720, 576],
  [720, 480],
  [640, 480],
  [640, 360],
];

export function sizesInRange(range: V4l2SizeRange): V4l2Size[] {
  const fits = (value: number, min: number, max: number, step: number) =>
    value >= min && value <= max && (value - min) % Math.max(step, 1) === 0;
  return COMMON_SIZES.filter(
    ([w, h]) =>
      fits(w, range.min.width, range.max.width, range.step.width) && fits(h, range.min.height, range.max.height, range.step.height),
  ).map(([width, height]) => ({ width, height, fps: [] }));
}

export function parseFormats(text: string): V4l2Format[] {
  const formats: V4l2Format[] = [];
  let format: V4l2Format | undefined;
  let size: V4l2Size | undefined;
  for (const line of text.split('\n')) {
    const head = /^\s*\[\d+\]: '(.{4})' \((.*)\)\s*$/.exec(line);
    if (head) {
      format = { fourcc: head[1]!, description: head[2]!.replace(FORMAT_FLAGS, ''), sizes: [] };
      formats.push(format);
      size = undefined;
      continue;
    }
    if (!format) continue;
    const discrete = /^\s*Size: Discrete (\d+)x(\d+)\s*$/.exec(line);
    if (discrete) {
      size = { width: Number(discrete[1]), height: Number(discrete[2]), fps: [] };
      format.sizes.push(size);
      continue;
    }
    const ranged = /^\s*Size: (?:Stepwise|Continuous) (\d+)x(\d+) - (\d+)x(\d+)(?: with step (\d+)\/(\d+))?\s*$/.exec(line);
    if (ranged) {
      const [minW, minH, maxW, maxH, stepW = 1, stepH = 1] = ranged.slice(1).filter(Boolean).map(Number);
      format.range = {
        min: { width: minW!, height: minH! },
        max: { width: maxW!, height: maxH! },
        step: { width: stepW, height: stepH },
      };
      format.sizes.push(...sizesInRange(format.range));
      size = undefined;
      continue;
    }
    // Only discrete intervals name a rate; Stepwise and Continuous intervals are left out (no device seen uses them).
    const interval = /^\s*Interval: Discrete [\d.]+s \(([\d.]+) fps\)\s*$/.exec(line);
    if (interval && size) size.fps.push(Number(interval[1]));
  }
  return formats;
}

/** The entry the Video screen shows for a node, or null when the node does not deliver pictures. */
export function videoCaptureDevice(path: string, card: V4l2Card, info: V4l2NodeInfo, formats: V4l2Format[]): VideoCaptureDevice | null {
  if (!isVideoCaptureNode(info)) return null;
  return { path, card: info.card || card.name, bus: info.bus || card.bus, driver: info.driver, formats };
}
