import { readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { expect } from 'vitest';
import { commandValue, SHAPES, settingValue } from '../support/targets.js';
import { recordShort } from '../../wait.js';

/** Every file under `dir`, recursively. */
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

// The file prefix starts the name of every recording file (ffmpeg writes them).
commandValue(
  settingValue('setting_advance_media_save', 'fileprefix', {
    area: 'storage',
    shapes: [(p) => p, (p) => `cls${p}`],
    use: {
      what: 'a real recording: its files are named prefix + name inside the recording folder',
      once: true,
      check: async (ctx, prefix) => {
        const { t, admin } = ctx;
        await recordShort(t, admin, 1.5);
        const [rec] = t.internals.repos.recordings.inState('done').slice(-1);
        expect(rec).toBeDefined();
        const storage = t.internals.mediaPath();
        const files = t.internals.repos.recordings.files(rec!.id);
        expect(files.length).toBeGreaterThan(0);
        for (const f of files) {
          expect(dirname(f.filepath)).toBe(rec!.dir);
          expect(basename(f.filepath).startsWith(`${prefix}${rec!.name}_`), f.filepath).toBe(true);
        }
        // Nothing the recording wrote is outside the storage.
        for (const file of walk(rec!.dir)) expect(relative(storage, file).startsWith('..'), file).toBe(false);
      },
    },
  }),
);

// Where recordings are written: an operator's choice of folder (absolute paths are the point), never `..` or an option.
commandValue(
  settingValue('setting_advance_media_save', 'savepath', {
    area: 'storage',
    shapes: SHAPES.path,
    consumer: 'the recording storage folder (mkdir, ffmpeg outputs, disk figures)',
  }),
);
