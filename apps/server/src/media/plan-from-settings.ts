import type { AudioSource, EncoderPlan, SourceSpec } from './encoder-args.js';
import type { StoredLogo } from './logo-file.js';
import { osdTextFont } from './osd-fonts.js';

type Values = Record<string, string>;
export interface PlanInputs {
  video: Values;
  codec: Values;
  audio: Values;
  audioInput: Values;
  osd: Values;
  fit: Values;
  save: Values;
  layout: { type: number; channeldata: string[] };
  /** Capture devices by source name (hdmi1, sdi2...), from the sources configuration. */
  devices: Record<string, string>;
  fontFiles: Record<string, string>;
  textFile: string | undefined;
  /** The uploaded logo raster (`media/logo-file.ts`), if there is a whole one. */
  logo: StoredLogo | undefined;
  preset: string;
  /** Channel letters whose RTSP source is lost: they show the "no signal" slate until it is back. */
  lost?: ReadonlySet<string>;
}

const COLORS: Record<string, string> = { A: '0xC0392B', B: '0x2980B9', C: '0x27AE60', D: '0xE67E22', E: '0x8E44AD', F: '0x16A085' };
const TONES: Record<string, number> = { A: 440, B: 550, C: 660, D: 770, E: 880, F: 990 };
const HEIGHTS: Record<string, [number, number]> = {
  '2160': [3840, 2160],
  '1080': [1920, 1080],
  '720': [1280, 720],
  '480': [854, 480],
  '270': [480, 270],
};

/** A channel's input: its capture device, its RTSP URL, or the synthetic stand-in when it has no device. */
export function sourceFor(letter: string, value: string, video: Values, devices: Record<string, string>): SourceSpec | undefined {
  if (!value) return undefined;
  if (value === 'rtsp') {
    const url = video[`rtspURL${letter}`];
    return url ? { kind: 'rtsp', url } : undefined;
  }
  const device = devices[value];
  // "slides:10": the synthetic slides, a new slide every 10 s (for trying slide switching without a computer).
  const slides = /^slides:(\d{1,3})$/.exec(device ?? '');
  if (slides) return { kind: 'slides', seconds: Math.max(1, Number(slides[1])) };
  if (device) return { kind: 'v4l2', device };
  return {
    kind: 'synthetic',
    label: `${letter} · ${value.toUpperCase()}`,
    color: COLORS[letter] ?? '0x555555',
    tone: TONES[letter] ?? 440,
  };
}

/** Audio inputs (setting_audio_input keys) and their stand-in tones when no capture device is configured. */
const AUDIO_INPUTS: Record<string, { source: string; tone: number }> = {
  macin1: { source: 'mic1', tone: 300 },
  macin2: { source: 'mic2', tone: 350 },
  linein1: { source: 'line1', tone: 500 },
  linein2: { source: 'line2', tone: 600 },
  hdmi5: { source: 'hdmi5', tone: 880 },
};

export function audioSources(input: Values, devices: Record<string, string>): AudioSource[] {
  return Object.entries(AUDIO_INPUTS)
    .filter(([key]) => input[key] === 'true')
    .map(([name, a]) => (devices[a.source] ? { kind: 'alsa', device: devices[a.source]!, name } : { kind: 'tone', freq: a.tone, name }));
}

const num = (v: string | undefined, fallback: number) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : fallback);

/** The composite encode the settings describe. */
export function planFromSettings(i: PlanInputs): EncoderPlan {
  const [width, height] = HEIGHTS[i.codec.main_quality ?? '1080'] ?? [1920, 1080];
  const sources: Record<string, SourceSpec> = {};
  for (const letter of ['A', 'B', 'C', 'D', 'E', 'F']) {
    let s = sourceFor(letter, i.video[`channel${letter}`] ?? '', i.video, i.devices);
    if (s?.kind === 'rtsp' && i.lost?.has(letter)) s = { kind: 'synthetic', label: `${letter} · NO SIGNAL`, color: '0x303030', tone: 0 };
    if (s) sources[letter] = s;
  }
  const on = (k: string) => i.osd[k] === 'true';
  const font = i.fontFiles[i.osd.fontname ?? 'arial'] ?? i.fontFiles.arial!;
  // The text may need another font than the clock: Chinese, which the Latin fonts lack (osd-fonts.ts).
  const textFont = osdTextFont(i.fontFiles, i.osd.fontname, i.osd.textcontent ?? '');
  return {
    width,
    height,
    fps: 30,
    sources,
    layout: i.layout,
    fit: i.fit.type === 'stretch' ? 'stretch' : 'equalratio',
    osd: {
      fontFile: font,
      fontSize: num(i.osd.fontsize, 10),
      fontColor: /^[0-9a-fA-F]{6}$/.test(i.osd.fontcolor ?? '') ? i.osd.fontcolor! : '000000',
      datetime: on('enabledatetime') ? { x: num(i.osd.timex, 0), y: num(i.osd.timey, 0) } : undefined,
      text:
        on('enabletext') && i.textFile ? { file: i.textFile, x: num(i.osd.textx, 0), y: num(i.osd.texty, 0), font: textFont } : undefined,
      logo:
        on('enablelogo') && i.logo && num(i.osd.logowidth, 160) > 0 && num(i.osd.logoheight, 90) > 0
          ? {
              file: i.logo.file,
              sourceWidth: i.logo.width,
              sourceHeight: i.logo.height,
              width: num(i.osd.logowidth, 160),
              height: num(i.osd.logoheight, 90),
              x: num(i.osd.logox, 0),
              y: num(i.osd.logoy, 0),
            }
          : undefined,
    },
    main: { bitrateK: num(i.codec.main_bitrate, 4000), rc: i.codec.main_streamtype === 'vbr' ? 'vbr' : 'cbr' },
    sub:
      i.save.movie_low_enable === 'false'
        ? undefined
        : { height: 360, bitrateK: num(i.codec.sub_bitrate, 500), rc: i.codec.sub_streamtype === 'vbr' ? 'vbr' : 'cbr' },
    // analog_volume 0-100: 50 is unity gain.
    audio: {
      sampleRate: num(i.audio.samples, 48000),
      bitrate: num(i.audio.bitrate, 128000),
      inputs: audioSources(i.audioInput, i.devices),
      gain: num(i.audioInput.analog_volume, 50) / 50,
    },
    preset: i.preset,
  };
}

/** The default layout for the configured channels: as many of A-C as are set. */
export function defaultLayout(video: Values): { type: number; channeldata: string[] } {
  const set = ['A', 'B', 'C'].filter((l) => video[`channel${l}`]);
  if (set.length >= 3) return { type: 9, channeldata: set.slice(0, 3) };
  if (set.length === 2) return { type: 3, channeldata: set };
  return { type: 0, channeldata: [set[0] ?? 'A'] };
}
