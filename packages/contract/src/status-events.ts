import { API_PREFIX } from './http.js';
import { SESSION, type Requirement } from './permissions.js';

/**
 * The room's changes, pushed: `GET /api/status/events` is a Server-Sent Events stream whose event `status` carries
 * what the `status` call answers, sent once on connect and again each time the room's state changes (recording,
 * pause, pending, schedule, disk scan, live, an output, the layout, the silence alarm). The console shows a change
 * made elsewhere (another console, a schedule, the control panel) at once instead of at the next 5 s poll. It needs
 * the session header like every call, so the console reads it with `fetch`.
 */
export const STATUS_EVENTS_PATH = `${API_PREFIX}/status/events`;
export const STATUS_EVENT = 'status';
/** As the `status` call: any live session. */
export const STATUS_EVENTS_PERMISSION: Requirement = SESSION;
