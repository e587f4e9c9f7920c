import { createSocket } from 'node:dgram';
import { CopyOutput } from './copy-output.js';
import type { Encoder } from './encoder.js';

/** How long after the feed's ffmpeg died by itself it is started again. */
const RETRY_MS = 1000;

/**
 * ffmpeg output args of a feed: MPEG-TS to a loopback UDP port, 7 TS packets a datagram (1316 bytes, under any
 * MTU). No encode: the copy output takes the fan-out's stream as it is.
 */
export function udpFeedArgs(port: number): string[] {
  return ['-f', 'mpegts', `udp://127.0.0.1:${port}?pkt_size=1316`];
}

/** A UDP port on 127.0.0.1 that nothing uses now (the system picks it). */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/**
 * What the RTSP server serves: a stream copy of one of the encoder's fan-outs (HD or SD) sent as MPEG-TS to a
 * loopback UDP port, where the RTSP helper's media reads it. Kept up over the encoder's restarts (the fan-out
 * then starts a new stream: the copy is started again on it, so its timestamps never run backwards inside one
 * copy) and started again a second after its ffmpeg died by itself. The RTSP helper reads a new stream on the
 * same port without its clients noticing more than the gap.
 */
export class RtspFeed {
  private out: CopyOutput | undefined;
  private wanted = false;
  private seenRestarts = 0;
  private retry: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** How many times the copy was started (first start included). */
  starts = 0;

  constructor(
    private readonly encoder: Encoder,
    private readonly stream: 'hd' | 'sd',
    readonly port: number,
    private readonly log: (line: string) => void = () => {},
  ) {}

  get running(): boolean {
    return this.out?.running ?? false;
  }

  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.seenRestarts = this.encoder.restarts;
    this.encoder.on('restart', this.onRestart);
    this.launch();
  }

  async stop(): Promise<void> {
    this.wanted = false;
    clearTimeout(this.retry);
    this.encoder.off('restart', this.onRestart);
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(() => stopping);
    await this.chain;
  }

  private launch(): void {
    const out = new CopyOutput(this.encoder[this.stream], udpFeedArgs(this.port), this.log);
    out.onExit = (code) => {
      if (this.out !== out || !this.wanted) return;
      this.log(`feed exited (code ${code}); starting it again`);
      this.out = undefined;
      clearTimeout(this.retry);
      this.retry = setTimeout(() => this.restart(), RETRY_MS);
    };
    this.out = out;
    this.starts++;
    out.start();
  }

  private detachCurrent(): Promise<void> {
    const old = this.out;
    this.out = undefined;
    return old ? old.stop() : Promise.resolve();
  }

  private restart(): void {
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(async () => {
      await stopping;
      if (this.wanted && !this.out) this.launch();
    });
  }

  /** Only the composite encoder's own restarts start a new HD/SD stream (ISO restarts are re-emitted on it too). */
  private onRestart = (): void => {
    if (this.encoder.restarts === this.seenRestarts) return;
    this.seenRestarts = this.encoder.restarts;
    this.restart();
  };
}
