import type { EncoderPlan } from '../../src/media/encoder-plan.js';

export const FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';

/** A small, cheap composite encode for tests: 640x360 at 15 fps, two synthetic channels side by side. */
export function testPlan(over: Partial<EncoderPlan> = {}): EncoderPlan {
  return {
    width: 640,
    height: 360,
    fps: 15,
    sources: {
      A: { kind: 'synthetic', label: 'A', color: '0xC0392B', tone: 440 },
      B: { kind: 'synthetic', label: 'B', color: '0x2980B9', tone: 550 },
    },
    layout: { type: 1, channeldata: ['A', 'B'] },
    fit: 'stretch',
    osd: { fontFile: FONT, fontSize: 10, fontColor: 'FFFFFF', datetime: { x: 20, y: 20 }, text: undefined, logo: undefined },
    main: { bitrateK: 800, rc: 'cbr' },
    sub: { height: 180, bitrateK: 300, rc: 'cbr' },
    audio: { sampleRate: 48000, bitrate: 128000, inputs: [{ kind: 'tone', freq: 440 }], gain: 1 },
    preset: 'ultrafast',
    ...over,
  };
}
