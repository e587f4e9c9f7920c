/** How long after its last playlist fetch a client still counts as watching (players fetch it every segment, 1 s). */
export const HLS_VIEWER_WINDOW_MS = 10_000;
/** Clients remembered at most: a flood of fetches cannot grow the map without bound. */
const MAX_CLIENTS = 5000;

/**
 * The live room's HLS viewers, for the metrics. HTTP leaves no connection to count, so a viewer is a client (its
 * address and user agent) that fetched the playlist within HLS_VIEWER_WINDOW_MS. Behind a cache (nginx, a CDN) the
 * box sees the cache: one viewer.
 */
export function hlsViewers(now: () => number, windowMs = HLS_VIEWER_WINDOW_MS) {
  const seen = new Map<string, number>();
  const prune = () => {
    const since = now() - windowMs;
    for (const [client, at] of seen) if (at < since) seen.delete(client);
  };
  return {
    fetched(client: string): void {
      // Re-inserted, so that the map stays in order of last fetch and the oldest go first.
      seen.delete(client);
      seen.set(client, now());
      if (seen.size > MAX_CLIENTS) {
        prune();
        for (const client of seen.keys()) {
          if (seen.size <= MAX_CLIENTS) break;
          seen.delete(client);
        }
      }
    },
    count(): number {
      prune();
      return seen.size;
    },
    clear: () => seen.clear(),
  };
}
export type HlsViewers = ReturnType<typeof hlsViewers>;
