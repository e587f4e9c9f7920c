import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The capture devices of DATA_DIR/sources.json by source name ({"hdmi1": "/dev/video0", ...}); read at every plan, so
 * an edit is used at the next start of the encode. A name without a device records the synthetic stand-in.
 */
export function sourceDevices(dataDir: string, log: (line: string) => void): Record<string, string> {
  const file = join(dataDir, 'sources.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    log(`Ignoring ${file}: not valid JSON`);
    return {};
  }
}
