import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputHeaderParser, parseInputHeaders, splitLevel } from '../../src/media/input-headers.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/input-headers/${name}`, import.meta.url), 'utf8');

describe('the size and rate each input delivers, from the headers ffmpeg prints (fixtures recorded from real devices)', () => {
  it('an HDMI capture card (YUYV 1920x1080 at 25 fps) beside its ALSA sound: the video input only', () => {
    expect([...parseInputHeaders(fixture('v4l2-hdmi-capture-yuyv.txt'))]).toEqual([[0, { width: 1920, height: 1080, fps: 25 }]]);
  });

  it('a UVC webcam in MJPEG (the pixel format details hold commas) and in YUYV', () => {
    expect(parseInputHeaders(fixture('v4l2-uvc-mjpeg.txt')).get(0)).toEqual({ width: 640, height: 480, fps: 30 });
    expect(parseInputHeaders(fixture('v4l2-uvc-yuyv.txt')).get(0)).toEqual({ width: 1280, height: 720, fps: 10 });
  });

  it("an RTSP camera read with level tags, as the encoder runs: the outputs' streams (same numbers) are not inputs", () => {
    const inputs = parseInputHeaders(fixture('rtsp-h264-level-info.txt'));
    expect([...inputs]).toEqual([[0, { width: 640, height: 360, fps: 15 }]]);
  });

  it('takes the rate ffmpeg guesses (tbr) when no fps is printed, and none when neither is', () => {
    const p = new InputHeaderParser();
    p.push("Input #0, lavfi, from 'color=c=black:size=640x360:rate=30':");
    p.push('  Stream #0:0: Video: rawvideo (I420 / 0x30323449), yuv420p, 640x360 [SAR 1:1 DAR 16:9], 30 tbr, 30 tbn');
    p.push("Input #1, lavfi, from 'testsrc2':");
    p.push('  Stream #1:0: Video: rawvideo (I420 / 0x30323449), yuv420p, 320x240');
    expect(p.inputs.get(0)).toEqual({ width: 640, height: 360, fps: 30 });
    expect(p.inputs.get(1)).toEqual({ width: 320, height: 240, fps: undefined });
  });

  it("removes the level tag, keeping a component's own tag", () => {
    expect(splitLevel('[info] Input #0, rtsp, from x:')).toEqual({ level: 'info', text: 'Input #0, rtsp, from x:' });
    expect(splitLevel('[libx264 @ 0x55f8ae8edb80] [info] profile High')).toEqual({
      level: 'info',
      text: '[libx264 @ 0x55f8ae8edb80] profile High',
    });
    expect(splitLevel('[rtsp @ 0x1] [error] Connection refused')).toEqual({ level: 'error', text: '[rtsp @ 0x1] Connection refused' });
    expect(splitLevel('no tag at all')).toEqual({ level: undefined, text: 'no tag at all' });
  });
});
