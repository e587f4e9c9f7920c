import { runTool } from './process-runner.js';

/** Whether an RTSP source answers with a video stream within 3 s. */
export async function rtspAlive(url: string): Promise<boolean> {
  try {
    const out = await runTool(
      'ffprobe',
      [
        '-v',
        'error',
        '-rtsp_transport',
        'tcp',
        '-timeout',
        '3000000',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_type',
        '-of',
        'csv=p=0',
        url,
      ],
      6000,
    );
    return out.includes('video');
  } catch {
    return false;
  }
}

/**
 * Keeps the set of lost RTSP channels: `check` probes every RTSP channel (after the encoder died), `poll`
 * probes the lost ones and reports when one is back (the engine then re-plans without its slate).
 */
export function rtspWatch(urls: () => Record<string, string>, log: (line: string) => void) {
  const lost = new Set<string>();
  return {
    lost: lost as ReadonlySet<string>,
    async check(): Promise<void> {
      await Promise.all(
        Object.entries(urls()).map(async ([letter, url]) => {
          const alive = await rtspAlive(url);
          if (!alive && !lost.has(letter)) log(`channel ${letter}: RTSP source lost; showing the no-signal slate`);
          if (alive) lost.delete(letter);
          else lost.add(letter);
        }),
      );
    },
    /** Probes the lost channels; true when at least one came back. */
    async poll(): Promise<boolean> {
      const map = urls();
      let back = false;
      for (const letter of [...lost]) {
        const url = map[letter];
        if (!url || (await rtspAlive(url))) {
          lost.delete(letter);
          log(`channel ${letter}: RTSP source is back`);
          back = true;
        }
      }
      return back;
    },
  };
}
