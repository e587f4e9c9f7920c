import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, Empty, NoData } from './define.js';
import { LAYOUT_CHANNELS } from '../channels.js';
import { LIMITS } from '../limits.js';

/** Area `layout`: the nine layout slots, the layout on the output, automatic switching. */

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
  listlayout: defineCall({
    summary: 'Roomcast addition: the nine saved layout slots.',
    request: Empty,
    data: z.array(Layout),
    permission: anyOf('operating', 'videoeffect'),
    mutating: false,
  }),
};
