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
      'Roomcast addition: the device each name of `DATA_DIR/sources.json` is bound to (`SOURCE_NAMES`: video inputs hdmi1-4 and sdi1-4, a V4L2 device such as `/dev/video0`; audio inputs mic1, mic2, line1, line2, hdmi5 and the HDMI audio output hdmiaudioout, ALSA devices such as `hw:1,0`), or `""` where none is: an input then records the synthetic stand-in (a test pattern, a tone), and the audio output switch has no effect.',
    request: Empty,
    data: z.array(z.object({ source: z.enum(SOURCE_NAMES), device: z.string() })),
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
