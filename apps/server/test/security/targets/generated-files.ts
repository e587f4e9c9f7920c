import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { buildEncoderArgs } from '../../../src/media/encoder-args.js';
import { IDLE_DEMAND } from '../../../src/media/engine-demand.js';
import { FONT_FILES } from '../../../src/media/osd-fonts.js';
import { planFromSettings } from '../../../src/media/plan-from-settings.js';
import { commandValue, SHAPES, settingValue } from '../support/targets.js';

// The OSD text is written to DATA_DIR/run/osd-text.txt, which drawtext reads with expansion=none: no
// filtergraph escaping of user text, and no %{...} expansion.
commandValue(
  settingValue('setting_osd', 'textcontent', {
    area: 'generated-file',
    shapes: SHAPES.text,
    use: {
      what: 'the encoder writes the text to run/osd-text.txt verbatim; drawtext reads it with expansion=none',
      check: async (ctx, value) => {
        const { t } = ctx;
        // The engine writes the file when it plans an encode (a short-lived ffmpeg here).
        // The encode planned (it writes the text file) and stopped, as the room asks it to.
        void t.internals.media.follow({ ...IDLE_DEMAND, composite: true });
        await t.internals.media.follow(IDLE_DEMAND);
        expect(readFileSync(join(t.dataDir, 'run', 'osd-text.txt'), 'utf8')).toBe(value);
        // The text never reaches the argv: the filtergraph only names the file.
        const argsWith = (text: string) => {
          const typed = t.internals.settings.typed;
          return buildEncoderArgs(
            planFromSettings({
              video: typed('setting_video_input'),
              codec: typed('setting_rec_video_codec'),
              audio: typed('setting_rec_audio_codec'),
              audioInput: typed('setting_audio_input'),
              osd: { ...typed('setting_osd'), enabletext: true, textcontent: text },
              fit: typed('setting_video_layout'),
              save: typed('setting_advance_media_save'),
              layout: { type: 0, channeldata: ['A'] },
              devices: {},
              fontFiles: FONT_FILES,
              textFile: '/run/osd-text.txt',
              logo: undefined,
              preset: 'ultrafast',
            }),
          );
        };
        expect(argsWith(value)).toEqual(argsWith(''));
        expect(argsWith(value).join(' ')).toContain("textfile='/run/osd-text.txt':expansion=none");
      },
    },
  }),
);

// The live room's session name is a folder name and a URL: DATA_DIR/run/live/{urlsession}/, /xlive/{urlsession}.m3u8.
commandValue(
  settingValue('setting_room', 'urlsession', {
    area: 'generated-file',
    shapes: SHAPES.text,
    use: {
      what: "the live room: its HLS folder DATA_DIR/run/live/<urlsession>/ and livesource's /xlive/<urlsession>.m3u8",
      call: 'roomlivectrl',
      once: true,
      check: async (ctx, value) => {
        const { t, admin } = ctx;
        expect((await t.post('roomlivectrl', { control: 'start' }, admin)).body.result).toBe(true);
        try {
          const folder = join(t.dataDir, 'run', 'live', value);
          expect(t.internals.live.folder).toBe(folder);
          expect(existsSync(folder)).toBe(true);
          const source = (await t.post('livesource', {}, admin)).body.data;
          expect(source.hls.split('?')[0]).toBe(`/xlive/${value}.m3u8`);
        } finally {
          expect((await t.post('roomlivectrl', { control: 'stop' }, admin)).body.result).toBe(true);
        }
      },
    },
  }),
);
