import { Counter, Gauge, type Registry } from 'prom-client';
import type { EncoderFigures } from '../../media/encoder-stats.js';

/** What the encoder metrics read at each scrape. */
export interface EncoderMetricsSource {
  figures: () => EncoderFigures & { running: boolean };
}

/**
 * The composite encoder: its speed while it runs (absent otherwise), and counters of the frames it dropped or
 * repeated and of its crash restarts since the service started (`rate()` and `increase()` read them).
 */
export function encoderMetrics(registry: Registry, s: EncoderMetricsSource): void {
  new Gauge({
    name: 'roomcast_encoder_speed_ratio',
    help: 'Media time the encoder makes per second of wall time over the last 10 s (1: real time); absent while it does not run.',
    registers: [registry],
    collect() {
      this.reset();
      const f = s.figures();
      if (f.running && f.speed !== undefined) this.set(f.speed);
    },
  });
  const counter = (name: string, help: string, value: (f: EncoderFigures) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(value(s.figures()));
      },
    });
  counter(
    'roomcast_encoder_frames_dropped_total',
    'Frames the encoder dropped to keep its output rate, since the service started.',
    (f) => f.droppedTotal,
  );
  counter(
    'roomcast_encoder_frames_duplicated_total',
    'Frames the encoder repeated to keep its output rate, since the service started.',
    (f) => f.duplicatedTotal,
  );
  counter(
    'roomcast_encoder_restarts_total',
    'Restarts of the encoder no one asked for (a crash, a lost source), since the service started.',
    (f) => f.restartsTotal,
  );
}
