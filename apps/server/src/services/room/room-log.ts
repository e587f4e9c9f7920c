import type { Room, RoomEvent } from './room.js';
import { describeChange, PUSH_LABEL, PUSH_PROTOCOLS, type RtmpChannelName } from './room-state.js';

/**
 * The operation-log rows of a change of the room's state. A user's call is logged by the API with its caller; what
 * the service does by itself is logged here, from the events: an RTMP output losing its destination and coming back
 * (whoever caused it), and every change a command made with a `why` (a restart, a settings write, the silence check).
 */
export function roomLogRows(e: RoomEvent): string[] {
  const { before, after } = e;
  const why = e.command.why;
  const rows: string[] = [];
  for (const [protocol, channel] of PUSH_PROTOCOLS.flatMap((p) => (['main', 'sub'] as RtmpChannelName[]).map((c) => [p, c] as const))) {
    const was = before[protocol][channel];
    const now = after[protocol][channel];
    if (was === now) continue;
    const label = PUSH_LABEL[protocol][channel];
    if (why) rows.push(now === 'off' ? `${label} output stopped: ${why}` : `${label} output ${why}`);
    else if (now === 'reconnecting' && was === 'on') rows.push(`${label} output lost its destination; reconnecting`);
    else if (now === 'on' && was === 'reconnecting') rows.push(`${label} output reconnected`);
  }
  if (why && before.living !== after.living) rows.push(after.living ? `live room ${why}` : `live room stopped: ${why}`);
  if (why && before.audioAlarm !== after.audioAlarm) rows.push(why);
  // A change with a reason that none of the above words: its fields and the reason.
  if (why && !rows.length) rows.push(`${describeChange(before, after)}: ${why}`);
  return rows;
}

/** Writes the rows of each change to the operation log as the system. */
export function logRoomChanges(room: Room, write: (description: string) => void): () => void {
  return room.subscribe((e) => {
    for (const row of roomLogRows(e)) write(row);
  });
}
