import { describe, expect, it } from 'vitest';
import { createRoom, logRoomChanges, type RoomCommand } from '../../src/services/room/index.js';

/** The rows the operation log gets from a run of commands on a fresh room. */
function rowsOf(commands: RoomCommand[]): string[] {
  const room = createRoom();
  const rows: string[] = [];
  logRoomChanges(room, (row) => void rows.push(row));
  for (const c of commands) void room.apply(c);
  return rows;
}
const on = (state: 'on' | 'off' | 'reconnecting', why?: string): RoomCommand => ({
  type: 'rtmp.set',
  outputs: { main: { state, start: 1 } },
  why,
});

describe('the room in the operation log', () => {
  it("writes nothing for a user's own commands: the API logs those with the caller", () => {
    expect(
      rowsOf([
        { type: 'record.claim' },
        { type: 'record.starting' },
        { type: 'record.started', at: 1 },
        { type: 'record.stop' },
        { type: 'record.release' },
        { type: 'live.start', at: 1 },
        { type: 'layout.set', layout: { type: 1, channeldata: ['A'] } },
        on('on'),
        on('off'),
      ]),
    ).toEqual([]);
  });

  it('writes an RTMP output losing its destination and coming back, once each, whoever caused it', () => {
    expect(rowsOf([on('on'), on('reconnecting'), on('reconnecting'), on('on'), on('reconnecting'), on('off')])).toEqual([
      'RTMP main (HD) output lost its destination; reconnecting',
      'RTMP main (HD) output reconnected',
      'RTMP main (HD) output lost its destination; reconnecting',
    ]);
  });

  it("writes the service's own changes with their reason, in the words of each", () => {
    expect(
      rowsOf([
        {
          type: 'rtmp.set',
          outputs: { main: { state: 'on', start: 1 }, sub: { state: 'on', start: 1 } },
          why: 'resumed after a restart',
        },
        { type: 'rtmp.set', outputs: { sub: { state: 'off', start: undefined } }, why: 'turned off in the RTMP settings' },
        { type: 'live.start', at: 1, why: 'resumed after a restart' },
        { type: 'alarm.set', on: true, why: 'No sound for 30 s: check the microphones' },
        { type: 'scan.start', why: 'a test' },
      ]),
    ).toEqual([
      'RTMP main (HD) output resumed after a restart',
      'RTMP sub (SD) output resumed after a restart',
      'RTMP sub (SD) output stopped: turned off in the RTMP settings',
      'live room resumed after a restart',
      'No sound for 30 s: check the microphones',
      'scanning=true: a test',
    ]);
  });

  it('writes nothing for a command that changes nothing, reason or not', () => {
    expect(rowsOf([{ type: 'alarm.set', on: false, why: 'Sound is back: the silence alarm is cleared' }])).toEqual([]);
  });
});
