import { expect } from 'vitest';
import { buildEncoderArgs } from '../../../src/media/encoder-args.js';
import { rtmpOutputArgs } from '../../../src/media/copy-output.js';
import { RTSP_COMMAND, RTSP_SERVE_SCRIPT } from '../../../src/media/rtsp-server.js';
import { rtspTargetOf } from '../../../src/services/live/rtsp-outputs.js';
import { planFromSettings } from '../../../src/media/plan-from-settings.js';
import { FONT_FILES } from '../../../src/media/osd-fonts.js';
import { commandValue, SHAPES, settingValue, type ProbeContext } from '../support/targets.js';

/** The composite encoder's argv as the engine builds it from the stored settings, with `letter` as an RTSP channel. */
function encoderArgsWithRtsp(ctx: ProbeContext, letter: string): string[] {
  const typed = ctx.t.internals.settings.typed;
  return buildEncoderArgs(
    planFromSettings({
      video: { ...typed('setting_video_input'), [`channel${letter}`]: 'rtsp' },
      codec: typed('setting_rec_video_codec'),
      audio: typed('setting_rec_audio_codec'),
      audioInput: typed('setting_audio_input'),
      osd: typed('setting_osd'),
      fit: typed('setting_video_layout'),
      save: typed('setting_advance_media_save'),
      layout: { type: 0, channeldata: [letter] },
      devices: {},
      fontFiles: FONT_FILES,
      textFile: undefined,
      logo: undefined,
      preset: 'ultrafast',
    }),
  );
}

// RTSP sources: the URL is ffmpeg's input (and ffprobe's, when the engine checks a lost camera).
for (const letter of ['A', 'B', 'C', 'D', 'E', 'F']) {
  commandValue(
    settingValue('setting_video_input', `rtspURL${letter}`, {
      area: 'streams',
      shapes: SHAPES.url('rtsp'),
      use: {
        what: 'the encoder argv: the URL is one argument, right after -i',
        check: async (ctx, value) => {
          const args = encoderArgsWithRtsp(ctx, letter);
          const at = args.indexOf(value);
          expect(at, `${value} is not one whole argument of ${JSON.stringify(args)}`).toBeGreaterThan(0);
          expect(args[at - 1]).toBe('-i');
        },
      },
    }),
  );
}

// RTMP and RTSP outputs: the URL is a stream-copy ffmpeg's output.
for (const key of ['mainurl', 'suburl']) {
  commandValue(
    settingValue('setting_live_rtmp', key, {
      area: 'streams',
      shapes: SHAPES.url('rtmp'),
      use: {
        what: 'the RTMP output argv (rtmpOutputArgs): the URL is the last argument',
        call: 'rtmpctl',
        check: async (_ctx, value) => {
          expect(rtmpOutputArgs(value).at(-1)).toBe(value);
        },
      },
    }),
  );
  commandValue(
    settingValue('setting_live_rtsp', key, {
      area: 'streams',
      shapes: SHAPES.url('rtsp'),
      use: {
        what: "the RTSP helper's configuration (JSON on its stdin, never an argument): a checked mount path and port",
        check: async (_ctx, value) => {
          expect(RTSP_COMMAND.args).toEqual([RTSP_SERVE_SCRIPT]);
          let host = '';
          try {
            host = new URL(value).hostname.toLowerCase();
          } catch {}
          // Taken as this device's address, so only the path and port decide (an enabled output is refused otherwise).
          const target = rtspTargetOf(key === 'mainurl' ? 'main' : 'sub', value, 'unicast', {
            addresses: new Set([host]),
            name: 'roomcast',
          });
          if ('error' in target) return;
          expect(target.path).toBe(new URL(value).pathname);
          expect(target.path).toMatch(/^(\/[A-Za-z0-9._~-]+)+$/);
        },
      },
    }),
  );
}
