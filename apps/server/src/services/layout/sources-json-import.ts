import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIO_DEVICE, AUDIO_DEVICE_SOURCES, VIDEO_DEVICE, VIDEO_DEVICE_SOURCES } from '@roomcast/contract';
import type { SettingsService } from '../settings/index.js';

/**
 * DATA_DIR/sources.json of a release before setting_video_devices and setting_audio_devices
 * ({"hdmi1": "/dev/video0", "mic1": "hw:1,0"}): imported once at start into the names the settings leave unbound,
 * then renamed `sources.json.imported` so it is never read again (docs/devices.md "Capture devices"). A value the
 * settings refuse is left out and named in the operation log; a file that is not JSON is left as it is, and said.
 */
export async function importSourcesJson(dataDir: string, settings: SettingsService, oplog: (line: string) => void): Promise<void> {
  const file = join(dataDir, 'sources.json');
  if (!existsSync(file)) return;
  let entries: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    entries = parsed as Record<string, unknown>;
  } catch (err) {
    oplog(`Capture devices: ${file} was not imported: ${(err as Error).message}`);
    return;
  }
  const imported: string[] = [];
  const skipped: string[] = [];
  const sections = [
    { code: 'setting_video_devices' as const, names: VIDEO_DEVICE_SOURCES as readonly string[], pattern: VIDEO_DEVICE },
    { code: 'setting_audio_devices' as const, names: AUDIO_DEVICE_SOURCES as readonly string[], pattern: AUDIO_DEVICE },
  ];
  for (const { code, names, pattern } of sections) {
    const stored = settings.raw(code);
    const data = Object.entries(entries)
      .filter(([name]) => names.includes(name))
      .filter(([name, value]) => {
        const ok = typeof value === 'string' && pattern.test(value) && !stored[name];
        (ok ? imported : skipped).push(`${name}=${String(value)}`);
        return ok;
      })
      .map(([key, value]) => ({ key, value: value as string }));
    if (!data.length) continue;
    await settings.write([{ code, data }]).catch((err: Error) => {
      skipped.push(...data.map((e) => `${e.key}=${e.value} (${err.message})`));
      imported.splice(0, imported.length, ...imported.filter((i) => !data.some((e) => i.startsWith(`${e.key}=`))));
    });
  }
  skipped.push(...Object.keys(entries).filter((name) => !sections.some((s) => s.names.includes(name))));
  renameSync(file, `${file}.imported`);
  oplog(
    `Capture devices: sources.json imported into the settings (${imported.join(', ') || 'nothing'})` +
      (skipped.length ? `; left out: ${skipped.join(', ')}` : '') +
      '; renamed sources.json.imported',
  );
}
