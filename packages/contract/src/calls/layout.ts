import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, Empty, NoData } from './define.js';
import { LAYOUT_CHANNELS, SOURCE_NAMES } from '../channels.js';
import { LIMITS } from '../limits.js';

/** Area `layout`: the composed picture: the nine layout slots, the layout on the output, automatic switching, the sources' devices. */

const layoutChannel = z.enum(LAYOUT_CHANNELS);
export const Layout = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.layoutSlots - 1),
  type: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.layoutTypes - 1),
  channels: z.number().int().min(1).max(5),
  channeldata: z.array(layoutChannel).min(1).max(5),
});

export const LayoutList = z.object({
  slots: z.array(Layout),
  current: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.layoutSlots - 1),
  switching: z.boolean(),
});

const V4l2Size = z.object({ width: z.number(), height: z.number(), fps: z.array(z.number()) });
/** A V4L2 node that delivers pictures, as `v4l2-ctl` describes it (apps/server/src/host/v4l2-devices.ts). */
export const VideoCaptureDevice = z.object({
  path: z.string(),
  card: z.string(),
  bus: z.string(),
  driver: z.string(),
  formats: z.array(
    z.object({
      fourcc: z.string(),
      description: z.string(),
      sizes: z.array(V4l2Size),
      range: z
        .object({
          min: z.object({ width: z.number(), height: z.number() }),
          max: z.object({ width: z.number(), height: z.number() }),
          step: z.object({ width: z.number(), height: z.number() }),
        })
        .optional(),
    }),
  ),
});
/** An ALSA device, as `arecord -l` / `aplay -l` list it (apps/server/src/host/alsa-devices.ts). */
export const AlsaDevice = z.object({
  card: z.number(),
  device: z.number(),
  id: z.string(),
  name: z.string(),
  deviceName: z.string(),
  hw: z.string(),
});
export const CaptureDeviceList = z.object({
  video: z.array(VideoCaptureDevice),
  audio: z.object({ capture: z.array(AlsaDevice), playback: z.array(AlsaDevice) }),
  /** When the box last read its devices (ISO 8601, UTC); they are read again every few seconds. */
  readAt: z.string(),
});
export type VideoCaptureDevice = z.infer<typeof VideoCaptureDevice>;
export type AlsaDevice = z.infer<typeof AlsaDevice>;
export type CaptureDeviceList = z.infer<typeof CaptureDeviceList>;

export const layoutCalls = {
  setlayoutid: defineCall({
    summary: 'Switch the output to layout slot `id` (0-8).',
    request: z.object({
      id: z
        .number()
        .int()
        .min(0)
        .max(LIMITS.layoutSlots - 1),
    }),
    data: NoData,
    permission: anyOf('operating', 'videoeffect'),
    mutating: true,
  }),
  setlayoutswitch: defineCall({
    summary: 'Turn automatic layout switching on or off.',
    request: z.object({ enable: z.boolean() }),
    data: NoData,
    permission: anyOf('videoeffect'),
    mutating: true,
  }),
  layout: defineCall({
    summary: 'Apply a layout to the preview or the output.',
    request: Layout.omit({ index: true }).extend({ output: z.enum(['preview', 'output']) }),
    data: NoData,
    permission: anyOf('videoeffect'),
    mutating: true,
  }),
  savelayout: defineCall({
    summary: 'Save the nine layout slots.',
    request: z.array(Layout).min(1).max(LIMITS.layoutSlots),
    data: NoData,
    permission: anyOf('videoeffect'),
    mutating: true,
  }),
  listsource: defineCall({
    summary:
      'Roomcast addition: the device each source name is bound to (`SOURCE_NAMES`; setting_video_devices: video inputs hdmi1-4 and sdi1-4, a V4L2 device such as `/dev/video0`; setting_audio_devices: audio inputs mic1, mic2, line1, line2, hdmi5 and the HDMI audio output hdmiaudioout, ALSA devices such as `hw:1,0`), or `""` where none is: an input then records the synthetic stand-in (a test pattern, a tone), and the audio output switch has no effect. `missing`: a device is bound but the box does not find it now (unplugged): the channel records the stand-in until it is back.',
    request: Empty,
    data: z.array(z.object({ source: z.enum(SOURCE_NAMES), device: z.string(), missing: z.boolean() })),
    permission: anyOf('videosetting', 'audiosetting'),
    mutating: false,
  }),
  listcapturedevices: defineCall({
    summary:
      'Roomcast addition: the capture devices the box finds now (read every few seconds, so a device plugged in or out shows): V4L2 nodes that deliver pictures with their formats, sizes and rates, and ALSA capture and playback devices. What the Video and Audio screens bind source names to.',
    request: Empty,
    data: CaptureDeviceList,
    permission: anyOf('videosetting', 'audiosetting'),
    mutating: false,
  }),
  listlayout: defineCall({
    summary:
      'Roomcast addition: the nine saved layout slots, the slot on the output (`current`, as status `layoutbuttonid`) and whether automatic switching (`setlayoutswitch`) is on.',
    request: Empty,
    data: LayoutList,
    permission: anyOf('operating', 'videoeffect'),
    mutating: false,
  }),
};
