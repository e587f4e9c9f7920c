import { SYNC_AUDIO_DEVICE, SYNC_VIDEO_DEVICE, type TypedSetting } from '@roomcast/contract';
import type { AudioSource, EncoderPlan, SourceSpec } from './encoder-plan.js';
import type { StoredLogo } from './logo-file.js';
import { osdTextFont } from './osd-fonts.js';
import type { SourceBindings } from './source-bindings.js';

type VideoInput = TypedSetting<'setting_video_input'>;
/** The settings the composite encode is made of, typed by the contract (its defaults included). */
export interface PlanInputs {
  video: VideoInput;
  codec: TypedSetting<'setting_rec_video_codec'>;
  audio: TypedSetting<'setting_rec_audio_codec'>;
  audioInput: TypedSetting<'setting_audio_input'>;
  osd: TypedSetting<'setting_osd'>;
  fit: TypedSetting<'setting_video_layout'>;
  save: TypedSetting<'setting_advance_media_save'>;
  layout: { type: number; channeldata: string[] };
  /** Capture devices by source name (hdmi1, mic1...), from setting_video_devices and setting_audio_devices. */
  devices: SourceBindings;
  fontFiles: Record<string, string>;
  textFile: string | undefined;
  /** The uploaded logo raster (`media/logo-file.ts`), if there is a whole one. */
  logo: StoredLogo | undefined;
  preset: string;
  /** Channel letters whose RTSP camera or capture device is lost: they show the "no signal" slate until it is back. */
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

/** The slate of a channel whose source is lost (an RTSP camera that stopped answering, an unplugged device): silent. */
const NO_SIGNAL = (letter: string): SourceSpec => ({ kind: 'synthetic', label: `${letter} · NO SIGNAL`, color: '0x303030', tone: 0 });

/** A channel's input: its capture device, its RTSP URL, or the synthetic stand-in when it has no device. */
export function sourceFor(letter: string, value: string, video: VideoInput, devices: SourceBindings): SourceSpec | undefined {
  if (!value) return undefined;
  if (value === 'rtsp' || value === 'srt') {
    const url = (video as Record<string, string | undefined>)[`${value}URL${letter}`];
    return url ? { kind: value, url } : undefined;
  }
  const bound = devices[value];
  // "slides:10": the synthetic slides, a new slide every 10 s (for trying slide switching without a computer).
  const slides = /^slides:(\d{1,3})$/.exec(bound?.device ?? '');
  if (slides) return { kind: 'slides', seconds: Math.max(1, Number(slides[1])) };
  // "sync:10": the A/V sync source's flash every 10 s (with "beep:10" on an audio input; sync-source.ts).
  const sync = SYNC_VIDEO_DEVICE.exec(bound?.device ?? '');
  if (sync) return { kind: 'sync', seconds: Math.max(1, Number(sync[1])) };
  // A device the box lacks now (unplugged) shows the "no signal" slate until it is back.
  if (bound?.missing) return NO_SIGNAL(letter);
  if (bound) return { kind: 'v4l2', device: bound.device, mode: bound.mode };
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

export function audioSources(input: TypedSetting<'setting_audio_input'>, devices: SourceBindings): AudioSource[] {
  return Object.entries(AUDIO_INPUTS)
    .filter(([key]) => (input as Record<string, unknown>)[key] === true)
    .map(([name, a]): AudioSource => {
      const bound = devices[a.source];
      // An unplugged device is silence until it is back, not the stand-in's tone in a lecture's sound.
      if (bound?.missing) return { kind: 'tone', freq: 0, name };
      const beep = SYNC_AUDIO_DEVICE.exec(bound?.device ?? '');
      if (beep) return { kind: 'beep', seconds: Math.max(1, Number(beep[1])), name };
      return bound ? { kind: 'alsa', device: bound.device, name } : { kind: 'tone', freq: a.tone, name };
    });
}

/** A channel's value (channelA..F) of the video inputs. */
export const channelValue = (video: VideoInput, letter: string): string =>
  String((video as Record<string, string | undefined>)[`channel${letter}`] ?? '');

/** The composite encode the settings describe. */
export function planFromSettings(i: PlanInputs): EncoderPlan {
  const [width, height] = HEIGHTS[i.codec.main_quality] ?? [1920, 1080];
  const sources: Record<string, SourceSpec> = {};
  for (const letter of ['A', 'B', 'C', 'D', 'E', 'F']) {
    let s = sourceFor(letter, channelValue(i.video, letter), i.video, i.devices);
    if ((s?.kind === 'rtsp' || s?.kind === 'srt' || s?.kind === 'v4l2') && i.lost?.has(letter)) s = NO_SIGNAL(letter);
    if (s) sources[letter] = s;
  }
  const { osd } = i;
  const font = i.fontFiles[osd.fontname] ?? i.fontFiles.arial!;
  // The text may need another font than the clock: Chinese, which the Latin fonts lack (osd-fonts.ts).
  const textFont = osdTextFont(i.fontFiles, osd.fontname, osd.textcontent);
  return {
    width,
    height,
    fps: 30,
    sources,
    layout: i.layout,
    fit: i.fit.type === 'stretch' ? 'stretch' : 'equalratio',
    osd: {
      fontFile: font,
      fontSize: osd.fontsize,
      fontColor: osd.fontcolor,
      datetime: osd.enabledatetime ? { x: osd.timex, y: osd.timey } : undefined,
      text: osd.enabletext && i.textFile ? { file: i.textFile, x: osd.textx, y: osd.texty, font: textFont } : undefined,
      logo:
        osd.enablelogo && i.logo && osd.logowidth > 0 && osd.logoheight > 0
          ? {
              file: i.logo.file,
              sourceWidth: i.logo.width,
              sourceHeight: i.logo.height,
              width: osd.logowidth,
              height: osd.logoheight,
              x: osd.logox,
              y: osd.logoy,
            }
          : undefined,
    },
    main: { bitrateK: Number(i.codec.main_bitrate), rc: i.codec.main_streamtype === 'vbr' ? 'vbr' : 'cbr' },
    sub: i.save.movie_low_enable
      ? { height: 360, bitrateK: Number(i.codec.sub_bitrate), rc: i.codec.sub_streamtype === 'vbr' ? 'vbr' : 'cbr' }
      : undefined,
    // analog_volume 0-100: 50 is unity gain.
    audio: {
      sampleRate: Number(i.audio.samples),
      bitrate: Number(i.audio.bitrate),
      inputs: audioSources(i.audioInput, i.devices),
      gain: i.audioInput.analog_volume / 50,
    },
    preset: i.preset,
  };
}

/** The default layout for the configured channels: as many of A-C as are set. */
export function defaultLayout(video: VideoInput): { type: number; channeldata: string[] } {
  const set = ['A', 'B', 'C'].filter((l) => channelValue(video, l));
  if (set.length >= 3) return { type: 9, channeldata: set.slice(0, 3) };
  if (set.length === 2) return { type: 3, channeldata: set };
  return { type: 0, channeldata: [set[0] ?? 'A'] };
}
