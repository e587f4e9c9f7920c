/**
 * How long the encoder's MPEG-TS is gathered before the fan-out gets it. ffmpeg writes a pipe's stream a picture at
 * a time (about 30 writes a second), and each write the service passes on costs every output a wakeup: a pipe write
 * to each copy's ffmpeg, a datagram to the RTSP helper, a WebSocket message to each viewer. Gathered for 100 ms
 * (10 a second) the outputs cost ~2 points of a core less (bench/media-all-outputs.mjs); every output gets its
 * pictures up to 0.1 s later (bench/live-latency.mjs: the WebSocket view stays well under its 1 s target).
 */
export const BATCH_MS = 100;
/** A batch this big is passed on at once (a keyframe of a high bitrate): memory stays bounded. */
const BATCH_MAX_BYTES = 1024 * 1024;

/**
 * Gathers chunks and passes them on together, `ms` after the first of a batch (or as soon as they reach
 * BATCH_MAX_BYTES), in their order. `flush()` passes on what is held now (the stream ended, a recording closes its
 * segments); `drop()` forgets it.
 */
export function chunkBatcher(pass: (chunk: Buffer) => void, ms = BATCH_MS) {
  let held: Buffer[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!held.length) return;
    const chunk = held.length === 1 ? held[0]! : Buffer.concat(held, bytes);
    held = [];
    bytes = 0;
    pass(chunk);
  };
  return {
    /** Forgets what is held (the stream it belonged to is gone: a new one begins). */
    drop(): void {
      if (timer) clearTimeout(timer);
      timer = undefined;
      held = [];
      bytes = 0;
    },
    push(chunk: Buffer): void {
      held.push(chunk);
      bytes += chunk.length;
      if (bytes >= BATCH_MAX_BYTES) flush();
      else timer ??= setTimeout(flush, ms);
    },
    flush,
  };
}
