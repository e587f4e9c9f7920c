import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RTMP_CHANNELS, type RtmpChannel, type RtmpOutput } from './rtmp-channel.js';

/** What is kept on disk while outputs are on, so that they come back after a restart. */
export type SavedRtmp = Partial<Record<RtmpChannel, { start: number }>>;

/** The pushed outputs of one protocol that are on, kept in `DATA_DIR/run/<file>` (rtmp.json, srt.json; removed when none is). */
export function savedRtmp(dataDir: string, file = 'rtmp.json') {
  const runDir = join(dataDir, 'run');
  const stateFile = join(runDir, file);
  return {
    write(outputs: ReadonlyMap<RtmpChannel, RtmpOutput>): void {
      const saved: SavedRtmp = {};
      for (const [channel, o] of outputs) saved[channel] = { start: o.start };
      if (!outputs.size) {
        rmSync(stateFile, { force: true });
        return;
      }
      mkdirSync(runDir, { recursive: true });
      writeFileSync(stateFile, JSON.stringify(saved));
    },

    /** What was saved; a missing or unreadable file is nothing saved. */
    read(): SavedRtmp {
      try {
        const raw = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, { start?: unknown }>;
        const saved: SavedRtmp = {};
        for (const channel of RTMP_CHANNELS) {
          const start = raw[channel]?.start;
          if (typeof start === 'number' && Number.isFinite(start)) saved[channel] = { start };
        }
        return saved;
      } catch {
        return {};
      }
    },
  };
}
