import { describe, expect, it } from 'vitest';
import type { VideoCaptureDevice } from '@roomcast/contract';
import { deviceChoices, formatChoices, rateChoices, sizeChoices } from './capture-choices';

// As the service reads an EMEET SmartCam S800 (apps/server/test/fixtures/devices), shortened, plus a format Roomcast
// does not record and a Stepwise one.
const CAMERA: VideoCaptureDevice = {
  path: '/dev/video4',
  card: 'EMEET SmartCam S800',
  bus: 'usb-0000:00:14.0-5',
  driver: 'uvcvideo',
  formats: [
    {
      fourcc: 'MJPG',
      description: 'Motion-JPEG',
      sizes: [
        { width: 1280, height: 720, fps: [60, 30] },
        { width: 1920, height: 1080, fps: [60, 30, 24] },
      ],
    },
    { fourcc: 'YUYV', description: 'YUYV 4:2:2', sizes: [{ width: 640, height: 480, fps: [29.97, 15] }] },
    { fourcc: 'Y10 ', description: 'Y10', sizes: [{ width: 640, height: 480, fps: [30] }] },
  ],
};
const RANGE: VideoCaptureDevice = {
  ...CAMERA,
  path: '/dev/video0',
  formats: [
    {
      fourcc: 'YUYV',
      description: 'YUYV 4:2:2',
      sizes: [{ width: 1920, height: 1080, fps: [] }],
      range: { min: { width: 16, height: 16 }, max: { width: 4096, height: 4096 }, step: { width: 2, height: 2 } },
    },
  ],
};
const values = (choices: { value: string }[]) => choices.map((c) => c.value);

describe('capture choices', () => {
  it('offers none, each device found, and a bound device not found now, marked', () => {
    expect(deviceChoices([CAMERA], '', 'None', false)).toEqual([
      { value: '', label: 'None' },
      { value: '/dev/video4', label: 'EMEET SmartCam S800 (/dev/video4)' },
    ]);
    expect(deviceChoices([CAMERA], '/dev/video9', 'None', true).at(-1)).toEqual({
      value: '/dev/video9',
      label: '/dev/video9',
      missing: true,
    });
    expect(deviceChoices([CAMERA], '/dev/video4', 'None', false)).toHaveLength(2);
  });

  it('offers the formats Roomcast records, with their names', () => {
    expect(formatChoices(CAMERA, 'Own')).toEqual([
      { value: '', label: 'Own' },
      { value: 'MJPG', label: 'MJPG (Motion-JPEG)' },
      { value: 'YUYV', label: 'YUYV (YUYV 4:2:2)' },
    ]);
  });

  it("offers the chosen format's sizes, largest first; any format's for the device's own", () => {
    expect(values(sizeChoices(CAMERA, 'MJPG', 'Own'))).toEqual(['', '1920x1080', '1280x720']);
    expect(values(sizeChoices(CAMERA, 'YUYV', 'Own'))).toEqual(['', '640x480']);
    expect(values(sizeChoices(CAMERA, '', 'Own'))).toEqual(['', '1920x1080', '1280x720', '640x480']);
  });

  it('offers the rates listed at the chosen format and size as stored, fastest first', () => {
    const rates = (fourcc: string, size: string) => rateChoices(CAMERA, fourcc, size, 'Own', (fps) => `${fps} fps`);
    expect(rates('MJPG', '1920x1080')).toEqual([
      { value: '', label: 'Own' },
      { value: '60', label: '60 fps' },
      { value: '30', label: '30 fps' },
      { value: '24', label: '24 fps' },
    ]);
    expect(values(rates('MJPG', ''))).toEqual(['', '60', '30', '24']);
    expect(values(rates('YUYV', '640x480'))).toEqual(['', '29.97', '15']);
    // A range lists no rates: the common ones, which the service takes.
    expect(values(rateChoices(RANGE, 'YUYV', '1920x1080', 'Own', String))).toEqual(['', '60', '50', '30', '25', '24', '15']);
  });
});
