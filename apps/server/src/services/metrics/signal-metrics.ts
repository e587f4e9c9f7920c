import type { ChannelSignal } from '@roomcast/contract';
import { Gauge, type Registry } from 'prom-client';

/** What the signal metric reads at each scrape: each video channel and what it delivers. */
export type SignalMetricsSource = () => { channel: string; source: string; signal: ChannelSignal }[];

/**
 * Each video channel with a real source (a capture device or an RTSP camera): 1 while it delivers, 0 while it has no
 * signal (unplugged, cannot be opened, the camera silent). Channels on the stand-in or without a source have no series.
 */
export function signalMetrics(registry: Registry, signals: SignalMetricsSource): void {
  new Gauge({
    name: 'roomcast_channel_signal',
    help: 'Each video channel with a capture device or RTSP camera: 1 while it delivers pictures, 0 while it has no signal.',
    labelNames: ['channel', 'source'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of signals()) {
        if (s.signal === 'signal' || s.signal === 'nosignal')
          this.set({ channel: s.channel, source: s.source }, s.signal === 'signal' ? 1 : 0);
      }
    },
  });
}
