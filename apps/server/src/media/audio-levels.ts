/**
 * Audio levels of the composite encode. The encoder's audio graph measures each input and the program (the
 * mix as recorded) over ~100 ms windows with `astats` and prints them with `ametadata=mode=print` on a pipe
 * (audio-graph.ts); the lines look like
 *
 *     frame:12   pts:57600   pts_time:1.2
 *     lavfi.astats.1.Peak_level=-18.063656
 *     lavfi.astats.1.RMS_level=-21.073779
 *     roomcast.meter=macin1
 *
 * (one Peak/RMS pair per channel; `-inf` for digital silence). This module parses them (pure) and keeps the
 * latest reading of each meter.
 */

/** The metadata key the encoder adds after the measurements, naming the meter (and ending its block). */
export const METER_KEY = 'roomcast.meter';
/** The meter of the mix as recorded (after the volume). */
export const PROGRAM_METER = 'program';

export interface ChannelLevel {
  /** dBFS; -Infinity for digital silence. */
  peak: number;
  rms: number;
}

export interface MeterReading {
  meter: string;
  /** Seconds of audio into the encode (ffmpeg's pts_time). */
  time: number;
  channels: ChannelLevel[];
}

/** A dB value as ffmpeg prints it (`-18.06`, `-inf`, `inf`, `nan`): silence for anything that is not a finite number. */
function decibels(text: string): number {
  const v = Number(text);
  return Number.isFinite(v) ? v : text.trim() === 'inf' ? 0 : Number.NEGATIVE_INFINITY;
}

const FRAME = /^frame:\s*\d+\s+pts:\s*\S+\s+pts_time:\s*(\S+)/;
const STAT = /^lavfi\.astats\.(\d+)\.(Peak_level|RMS_level)=(.*)$/;

/** Splits the printed lines into readings; feed it chunks as they come (a line may be cut between two). */
export class LevelLineParser {
  private pending = '';
  private block: { time: number; channels: Map<number, Partial<ChannelLevel>> } | undefined;

  push(chunk: string): MeterReading[] {
    const out: MeterReading[] = [];
    const lines = (this.pending + chunk).split('\n');
    this.pending = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const frame = FRAME.exec(line);
      if (frame) {
        const time = Number(frame[1]);
        this.block = { time: Number.isFinite(time) ? time : 0, channels: new Map() };
        continue;
      }
      if (!this.block) continue;
      const stat = STAT.exec(line);
      if (stat) {
        const ch = Number(stat[1]);
        const entry = this.block.channels.get(ch) ?? {};
        entry[stat[2] === 'Peak_level' ? 'peak' : 'rms'] = decibels(stat[3]!);
        this.block.channels.set(ch, entry);
        continue;
      }
      if (line.startsWith(`${METER_KEY}=`)) {
        const channels = [...this.block.channels.entries()]
          .sort(([a], [b]) => a - b)
          .map(([, c]) => ({ peak: c.peak ?? Number.NEGATIVE_INFINITY, rms: c.rms ?? Number.NEGATIVE_INFINITY }));
        out.push({ meter: line.slice(METER_KEY.length + 1), time: this.block.time, channels });
        this.block = undefined;
      }
    }
    return out;
  }
}

/** One meter's reading as the console shows it: the loudest channel's peak, the channels' RMS together. */
export interface MeterLevel {
  id: string;
  peak: number;
  rms: number;
}

export function combineChannels(meter: string, channels: readonly ChannelLevel[]): MeterLevel {
  if (!channels.length) return { id: meter, peak: Number.NEGATIVE_INFINITY, rms: Number.NEGATIVE_INFINITY };
  const peak = Math.max(...channels.map((c) => c.peak));
  // The RMS of all samples of all channels: the mean of the channels' powers.
  const power = channels.reduce((s, c) => s + 10 ** (c.rms / 10), 0) / channels.length;
  return { id: meter, peak, rms: power > 0 ? 10 * Math.log10(power) : Number.NEGATIVE_INFINITY };
}

/** A reading older than this is no reading (the encoder stopped or is restarting). */
export const LEVELS_STALE_MS = 1500;

/** A sample this loud is clipped: full scale, as astats reports it (0 dBFS), less rounding. */
export const CLIP_DB = -0.1;

/** The latest reading of each meter of the running encode. */
export class AudioLevels {
  private inputs: string[] = [];
  private latest = new Map<string, { level: MeterLevel; at: number }>();
  /** When a meter last reached full scale (kept over a new encode: a clip a moment ago still counts). */
  private clippedAt: number | undefined;

  /** A new encode with these input meters (in the order of the settings); earlier readings are forgotten. */
  reset(inputs: readonly string[]): void {
    this.inputs = [...inputs];
    this.latest.clear();
  }

  update(reading: MeterReading, now: number): void {
    const level = combineChannels(reading.meter, reading.channels);
    this.latest.set(reading.meter, { level, at: now });
    if (level.peak >= CLIP_DB) this.clippedAt = now;
  }

  /** How long ago (ms) a meter last reached full scale, or undefined when none has. */
  clippedAgo(now: number): number | undefined {
    return this.clippedAt === undefined ? undefined : Math.max(0, now - this.clippedAt);
  }

  private fresh(id: string, now: number): MeterLevel | undefined {
    const r = this.latest.get(id);
    return r && now - r.at <= LEVELS_STALE_MS ? r.level : undefined;
  }

  /** Each input's latest level (silence until its first reading) and the program's. */
  snapshot(now: number): { inputs: MeterLevel[]; program: MeterLevel | undefined } {
    const silent = (id: string): MeterLevel => ({ id, peak: Number.NEGATIVE_INFINITY, rms: Number.NEGATIVE_INFINITY });
    return {
      inputs: this.inputs.map((id) => this.fresh(id, now) ?? silent(id)),
      program: this.fresh(PROGRAM_METER, now),
    };
  }

  /** The highest peak of the inputs now (dBFS): -Infinity when no input is on or none has a fresh reading. */
  loudestInputPeak(now: number): number {
    return Math.max(Number.NEGATIVE_INFINITY, ...this.inputs.map((id) => this.fresh(id, now)?.peak ?? Number.NEGATIVE_INFINITY));
  }
}
