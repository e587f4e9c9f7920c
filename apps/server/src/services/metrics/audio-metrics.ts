import { Gauge, type Registry } from 'prom-client';

type Meter = { id: string; peak: number; rms: number };

/** What the audio metrics read at each scrape (the confidence monitor's meters). */
export interface AudioMetricsSource {
  /** Whether the encoder runs (levels exist only then) and its meters: each input, and the programme sound. */
  running: () => boolean;
  levels: () => { inputs: Meter[]; program: Meter | undefined };
  /** Milliseconds the recording's sound has stayed below the silence threshold (0: sound, or not recording). */
  silentForMs: () => number;
}

/** Digital silence is −∞ dBFS; the metrics floor it here, as a meter's scale ends. */
export const LEVEL_FLOOR_DB = -100;
const floored = (db: number) => (Number.isFinite(db) ? Math.max(LEVEL_FLOOR_DB, db) : LEVEL_FLOOR_DB);

/** Each input's sound level and the programme's, and how long the recording has been silent. */
export function audioMetrics(registry: Registry, s: AudioMetricsSource): void {
  const meters = (): Meter[] => {
    if (!s.running()) return [];
    const { inputs, program } = s.levels();
    return [...inputs, ...(program ? [{ ...program, id: 'program' }] : [])];
  };
  /** One series per meter (each input and the programme), from one of its readings. */
  const perMeter = (name: string, what: string, pick: (m: Meter) => number) =>
    new Gauge({
      name,
      help: `${what} sound level per input and of the programme ("program") in dBFS, floored at ${LEVEL_FLOOR_DB} (absent while nothing encodes).`,
      labelNames: ['input'],
      registers: [registry],
      collect() {
        this.reset();
        for (const m of meters()) this.set({ input: m.id }, floored(pick(m)));
      },
    });
  perMeter('roomcast_audio_rms_dbfs', 'RMS', (m) => m.rms);
  perMeter('roomcast_audio_peak_dbfs', 'Peak', (m) => m.peak);
  new Gauge({
    name: 'roomcast_audio_silent_seconds',
    help: "Seconds the recording's sound has stayed below the silence threshold (0 while there is sound or no recording).",
    registers: [registry],
    collect() {
      this.set(Math.floor(s.silentForMs() / 1000));
    },
  });
}
