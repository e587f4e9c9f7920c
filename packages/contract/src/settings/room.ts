import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { anyOf, DENIED, PUBLIC } from '../permissions.js';
import { anyText, boolText, defineSetting, settingKey as key, textMax, withMeta } from './define.js';

/** The live room's session name is the HLS path `/xlive/{urlsession}.m3u8`: URL-safe, never a path. */
const urlSessionText = withMeta(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"'),
  { kind: 'text', maxLength: 64, format: 'token' },
);

export const settingRoom = defineSetting({
  description: 'The live room: its name, HLS session name and whether the viewer page lists it.',
  read: anyOf('operating', 'live'),
  write: anyOf('operating'),
  keys: {
    name: key('Classroom', textMax(LIMITS.roomNameMax), 'Room name shown on login, viewer and live panel.'),
    // The first roomlivectrl start replaces the fixed default with a random session name (10 letters and digits).
    urlsession: key('live', urlSessionText, 'Session name of the live HLS stream (/xlive/{urlsession}.m3u8).'),
    publish: key('false', boolText, 'Whether the live room is shown to viewers without the live function.'),
  },
});

/** Computed by the service from the engine and setting_room; public because the viewer home needs it. */
export const settingRoomStatus = defineSetting({
  description: 'Live-room status (computed by the service).',
  read: PUBLIC,
  write: DENIED,
  keys: {
    living: key('false', anyText, 'Whether the live room is streaming.', { readOnly: true }),
    publish: key('false', anyText, 'Copy of setting_room.publish.', { readOnly: true }),
    urlsession: key('', anyText, 'Copy of setting_room.urlsession.', { readOnly: true }),
  },
});
