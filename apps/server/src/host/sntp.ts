import Sntp from '@hapi/sntp';

/** What one SNTP exchange measured. */
export interface SntpReading {
  /** How far the server's clock is ahead of the clock that asked (ms; negative: behind). */
  offsetMs: number;
  /** The exchange's round trip (ms). */
  roundTripMs: number;
}

/**
 * One SNTP exchange (RFC 4330) with `server` on UDP `port`. `now` is the clock that asks: the offset is measured
 * against it, so a device clock that runs apart from the machine's is corrected as a whole.
 */
export async function sntpQuery(
  server: string,
  opts: { port?: number; timeoutMs?: number; now?: () => number } = {},
): Promise<SntpReading> {
  const time = await Sntp.time({ host: server, port: opts.port ?? 123, timeout: opts.timeoutMs ?? 5000, resolveReference: false });
  // @hapi/sntp measures against the machine clock (Date.now); shift to the asking clock's reading.
  const skew = (opts.now ? opts.now() : Date.now()) - Date.now();
  return { offsetMs: Math.round(time.t - skew), roundTripMs: Math.round(time.d) };
}
