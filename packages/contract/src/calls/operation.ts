import { z } from 'zod';
import { anyOf, SESSION } from '../permissions.js';
import { defineCall, Empty, NoData } from './define.js';
import { LAYOUT_CHANNELS } from '../channels.js';
import { LIMITS } from '../limits.js';

const truth = z.enum(['true', 'false']);
export const Status = z.object({
  isrecording: truth, isrecordingpaused: truth, isrecordpending: truth, isschedulerecording: truth,
  recordingscheduleid: z.string(), recordingschedulestoptime: z.string(), recordingstart: z.string(), current: z.string(),
  hdd_scanning: truth, hashdd: truth, hddtotalsize: z.string(), hddfreesize: z.string(),
  hasusb: truth, usbtotalsize: z.string(), usbfreesize: z.string(), layoutbuttonid: z.string(),
  isliving: truth, ismainliving: z.enum(['true', 'false', 'reconn']), issubliving: z.enum(['true', 'false', 'reconn']), livingstart: z.string(),
});

const layoutChannel = z.enum(LAYOUT_CHANNELS);
export const Layout = z.object({
  index: z.number().int().min(0).max(LIMITS.layoutSlots - 1),
  type: z.number().int().min(0).max(LIMITS.layoutTypes - 1),
  channels: z.number().int().min(1).max(5),
  channeldata: z.array(layoutChannel).min(1).max(5),
});
const RECORD = anyOf('operating', 'record');
const speed = z.number().int().min(1).max(3);
const ptzOperation = z.enum(['start', 'end']);

export const operationCalls = {
  status: defineCall({ summary: 'Record, live and storage state of the engine (spec §3 Record status).', request: Empty, data: Status, permission: SESSION, mutating: false }),
  recordctl: defineCall({ summary: 'Start, pause, resume or stop recording.', request: z.object({ control: z.enum(['start', 'pause', 'resume', 'stop']) }), data: NoData, permission: RECORD, mutating: true }),
  roomlivectrl: defineCall({ summary: 'Start or stop the live room.', request: z.object({ control: z.enum(['start', 'stop']) }), data: NoData, permission: anyOf('operating'), mutating: true }),
  rtmpctl: defineCall({ summary: 'Start or stop both RTMP outputs.', request: z.object({ control: z.enum(['start', 'stop']) }), data: NoData, permission: anyOf('rtmplive', 'mediastream'), mutating: true }),
  rtmpchannelctl: defineCall({
    summary: 'Start or stop one RTMP output: channel "1" main, "2" sub.', request: z.object({ channel: z.enum(['1', '2']), control: z.enum(['start', 'stop']) }),
    data: NoData, permission: anyOf('rtmplive', 'mediastream'), mutating: true,
  }),
  setlayoutid: defineCall({ summary: 'Switch the output to layout slot `id` (0-8).', request: z.object({ id: z.number().int().min(0).max(LIMITS.layoutSlots - 1) }), data: NoData, permission: anyOf('operating', 'videoeffect'), mutating: true }),
  setlayoutswitch: defineCall({ summary: 'Turn automatic layout switching on or off.', request: z.object({ enable: z.boolean() }), data: NoData, permission: anyOf('videoeffect'), mutating: true }),
  layout: defineCall({
    summary: 'Apply a layout to the preview or the output.', request: Layout.omit({ index: true }).extend({ output: z.enum(['preview', 'output']) }),
    data: NoData, permission: anyOf('videoeffect'), mutating: true,
  }),
  savelayout: defineCall({ summary: 'Save the nine layout slots.', request: z.array(Layout).min(1).max(LIMITS.layoutSlots), data: NoData, permission: anyOf('videoeffect'), mutating: true }),
  listlayout: defineCall({ summary: 'Roomcast addition: the nine saved layout slots.', request: Empty, data: z.array(Layout), permission: anyOf('operating', 'videoeffect'), mutating: false }),
  remotecontrol: defineCall({
    summary: 'Camera control (PTZ): move, zoom, or set/call a preset.',
    request: z.discriminatedUnion('controltype', [
      z.object({ controltype: z.literal('direction'), channel: z.number().int().min(0).max(3), direction: z.object({ operation: ptzOperation, direction: z.enum(['up', 'down', 'left', 'right']), speed }) }),
      z.object({ controltype: z.literal('zoom'), channel: z.number().int().min(0).max(3), zoom: z.object({ operation: ptzOperation, zoom: z.enum(['in', 'out']), speed }) }),
      z.object({ controltype: z.literal('position'), channel: z.number().int().min(0).max(3), position: z.object({ operation: z.enum(['set', 'call']), position: z.number().int().min(0).max(9) }) }),
    ]),
    data: NoData, permission: anyOf('cameracontrol'), mutating: true,
  }),
};
