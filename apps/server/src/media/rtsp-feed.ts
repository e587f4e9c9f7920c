import { createSocket, type Socket } from 'node:dgram';
import type { Encoder } from './encoder.js';
import { FanoutWriter } from './fanout-writer.js';
import { FollowingCopyOutput } from './following-output.js';
import type { TsFanout } from './ts-fanout.js';
import { pcrBaseAt, pcrOffset, pesDtsOf, ptsDelta, setPcrBaseAt, TS_PACKET } from './ts-packets.js';

/** Most TS packets a datagram: 348 x 188 bytes fit UDP's 65507 (loopback has no smaller MTU). */
const DATAGRAM_PACKETS = 348;
/** Most bytes waiting in the socket for a helper that does not read (then chunks are dropped, as UDP would). */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;
/** A mux delay beyond this is no mux delay (a broken stream): PCRs are then sent as they are. */
const MAX_DELAY_TICKS = 10 * 90_000;

/**
 * A feed sent by the service itself (no ffmpeg): the fan-out's MPEG-TS to a loopback UDP port, a datagram a fan-out
 * chunk (10-20 a second: the encoder's fan-outs pass its stream on in 100 ms batches; ffmpeg would send 1316-byte
 * ones, 400 at 4 Mbit/s), with every PCR moved up by the encoder's mux delay so that PTS = PCR: the encoder's muxer
 * stamps each picture 0.7 s after its PCR (ffmpeg's
 * default), and the RTSP helper's tsdemux (latency=0) would hold every picture that long. The delay is read from the
 * stream (DTS - PCR of the first packet with both; ffmpeg's muxer writes PCR = DTS - delay), so it follows any
 * mux delay the encoder is given. A `FanoutWriter` (`FollowingCopyOutput` makes it follow the encoder).
 */
export class UdpFeed extends FanoutWriter {
  private socket: Socket | undefined;
  private delay: number | undefined;

  constructor(
    fanout: TsFanout,
    readonly port: number,
    log: (line: string) => void = () => {},
  ) {
    super(fanout, log);
  }

  protected override opening(): void {
    const socket = createSocket('udp4');
    this.socket = socket;
    this.delay = undefined;
    // The socket failed: this feed ends; its owner starts another a second later.
    socket.on('error', (err) => {
      if (this.socket === socket) this.fail(err);
    });
  }

  protected override async closing(): Promise<void> {
    this.close();
  }

  protected override abandoning(): void {
    this.close();
  }

  private close(): void {
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }

  protected take(chunk: Buffer): void {
    const socket = this.socket;
    if (!socket || socket.getSendQueueSize?.() > MAX_QUEUED_BYTES) return;
    // The fan-out's chunk is shared with the other consumers: its PCRs are rewritten in a copy.
    const out = Buffer.from(chunk.subarray(0, chunk.length - (chunk.length % TS_PACKET)));
    for (let at = 0; at < out.length; at += TS_PACKET) {
      const i = pcrOffset(out, at);
      if (i < 0) continue;
      const pcr = pcrBaseAt(out, i);
      if (this.delay === undefined) {
        const dts = pesDtsOf(out, at);
        if (dts === undefined) continue;
        const delay = ptsDelta(pcr, dts);
        this.delay = delay < MAX_DELAY_TICKS ? delay : 0;
      }
      if (this.delay) setPcrBaseAt(out, i, pcr + this.delay);
    }
    const size = DATAGRAM_PACKETS * TS_PACKET;
    for (let from = 0; from < out.length; from += size) socket.send(out.subarray(from, from + size), this.port, '127.0.0.1');
  }
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
 * What the RTSP server serves: one of the encoder's fan-outs (HD or SD) sent as MPEG-TS to a loopback UDP port by
 * the service (`UdpFeed`), where the RTSP helper's media reads it. Kept up over the encoder's restarts (a new
 * `UdpFeed` on the new stream) and started again a second after its socket failed (`FollowingCopyOutput`). The RTSP
 * helper reads a new stream on the same port without its clients noticing more than the gap.
 */
export class RtspFeed extends FollowingCopyOutput<UdpFeed> {
  constructor(
    encoder: Encoder,
    stream: 'hd' | 'sd',
    readonly port: number,
    log: (line: string) => void = () => {},
  ) {
    super(encoder, stream, log);
  }

  protected makeOutput(): UdpFeed {
    return new UdpFeed(this.encoder[this.stream], this.port, this.log);
  }
}
