import { createSocket } from 'node:dgram';
import { CopyOutput } from './copy-output.js';
import type { Encoder } from './encoder.js';
import { FollowingCopyOutput } from './following-output.js';

/**
 * ffmpeg output args of a feed: MPEG-TS to a loopback UDP port, 7 TS packets a datagram (1316 bytes, under any
 * MTU). No encode: the copy output takes the fan-out's stream as it is. No mux delay (PTS = PCR): the muxer's
 * default stamps each picture 0.7 s after its PCR, and the RTSP helper's tsdemux would hold it that long.
 */
export function udpFeedArgs(port: number): string[] {
  return ['-f', 'mpegts', '-muxdelay', '0', '-muxpreload', '0', `udp://127.0.0.1:${port}?pkt_size=1316`];
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
 * loopback UDP port, where the RTSP helper's media reads it. Kept up over the encoder's restarts and started
 * again a second after its ffmpeg died by itself (`FollowingCopyOutput`). The RTSP helper reads a new stream on
 * the same port without its clients noticing more than the gap.
 */
export class RtspFeed extends FollowingCopyOutput {
  constructor(
    encoder: Encoder,
    stream: 'hd' | 'sd',
    readonly port: number,
    log: (line: string) => void = () => {},
  ) {
    super(encoder, stream, log);
  }

  protected makeOutput(): CopyOutput {
    return new CopyOutput(this.encoder[this.stream], udpFeedArgs(this.port), this.log);
  }
}
