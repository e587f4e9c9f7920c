import { MESSAGES } from '@roomcast/contract';
import { describe, expect, it } from 'vitest';
import { createRoom, engineDemand, idleRoomState, type RoomCommand, type RoomEvent, transition } from '../../src/services/room/index.js';

/** The state after a sequence of commands from idle. */
const after = (...cmds: RoomCommand[]) => cmds.reduce((s, c) => transition(s, c), idleRoomState());
const recording = (): RoomCommand[] => [{ type: 'record.starting' }, { type: 'record.started', at: 1000 }];

describe('the room state machine', () => {
  it('records: starting, recording, paused, recording, idle, counting recorded time without pauses', () => {
    const s1 = after(...recording());
    expect(s1).toMatchObject({ recording: 'recording', recordingStart: 1000, recordedMs: 0 });
    const s2 = transition(s1, { type: 'record.pause', at: 4000 });
    expect(s2).toMatchObject({ recording: 'paused', recordingStart: undefined, recordedMs: 3000 });
    const s3 = transition(s2, { type: 'record.resume', at: 10_000 });
    expect(s3).toMatchObject({ recording: 'recording', recordingStart: 10_000, recordedMs: 3000 });
    const s4 = transition(transition(s3, { type: 'record.schedule', schedule: { id: 4, stopTime: 99 } }), { type: 'record.stop' });
    expect(s4).toEqual(idleRoomState());
  });

  it("refuses what is not legal now with the spec's messages, and changes nothing", () => {
    const idle = idleRoomState();
    expect(() => transition(idle, { type: 'record.stop' })).toThrow(MESSAGES.recordNotRunning);
    expect(() => transition(idle, { type: 'record.pause', at: 0 })).toThrow(MESSAGES.recordNotRunning);
    expect(() => transition(idle, { type: 'record.resume', at: 0 })).toThrow(MESSAGES.recordNotPaused);
    expect(() => transition(after(...recording()), { type: 'record.starting' })).toThrow(MESSAGES.recordRunning);
    expect(() => transition(after({ type: 'scan.start' }), { type: 'record.starting' })).toThrow(MESSAGES.recordScanning);
    expect(() => transition(after(...recording()), { type: 'scan.start' })).toThrow(MESSAGES.hddScanRecording);
    expect(() => transition(after({ type: 'record.claim' }), { type: 'scan.start' })).toThrow(MESSAGES.hddScanRecording);
    expect(() => transition(after({ type: 'scan.start' }), { type: 'scan.start' })).toThrow(MESSAGES.recordScanning);
    expect(() => transition(after({ type: 'record.claim' }), { type: 'record.claim' })).toThrow(MESSAGES.recordPending);
    expect(idle).toEqual(idleRoomState());
  });

  it('keeps outputs, live and layout apart from recording', () => {
    const s = after(
      { type: 'live.start', at: 5 },
      { type: 'rtmp.set', outputs: { main: { state: 'on', start: 6 }, sub: { state: 'reconnecting', start: 7 } } },
      { type: 'rtsp.set', main: false, sub: true },
      { type: 'layout.set', layout: { type: 1, channeldata: ['A', 'B'] }, buttonId: 2 },
      { type: 'layout.set', layout: { type: 3, channeldata: ['C', 'A'] } },
    );
    expect(s).toMatchObject({
      living: true,
      livingStart: 5,
      rtmp: { main: 'on', sub: 'reconnecting' },
      rtmpStart: { main: 6, sub: 7 },
      rtsp: { main: false, sub: true },
      layout: { type: 3, channeldata: ['C', 'A'] },
      layoutButtonId: 2,
    });
    const off = transition(transition(s, { type: 'rtmp.set', outputs: { sub: { state: 'off', start: 7 } } }), { type: 'live.stop' });
    expect(off).toMatchObject({
      living: false,
      livingStart: undefined,
      rtmp: { main: 'on', sub: 'off' },
      rtmpStart: { sub: undefined },
    });
  });

  it('derives what the engine must run from the state alone', () => {
    expect(engineDemand(idleRoomState())).toEqual({ composite: false, sd: false, iso: false, layout: undefined });
    expect(engineDemand(after({ type: 'record.starting' }))).toMatchObject({ composite: true, sd: false, iso: true });
    expect(engineDemand(after({ type: 'rtsp.set', main: false, sub: true }))).toMatchObject({ composite: true, sd: true, iso: false });
    expect(engineDemand(after({ type: 'rtmp.set', outputs: { sub: { state: 'reconnecting', start: 1 } } }))).toMatchObject({
      composite: true,
      sd: true,
    });
    expect(engineDemand(after({ type: 'live.start', at: 1 }))).toMatchObject({ composite: true, sd: false, iso: false });
  });
});

describe('the room (the one owner)', () => {
  it('publishes each change once, gives followers the new state, and publishes nothing for a refusal or a no-op', async () => {
    const room = createRoom();
    const events: RoomEvent[] = [];
    const followed: string[] = [];
    room.subscribe((e) => events.push(e));
    room.follow((s) => void followed.push(s.recording));
    await room.apply({ type: 'record.starting' });
    expect(() => room.apply({ type: 'record.starting' })).toThrow(MESSAGES.recordRunning);
    await room.apply({ type: 'layout.set', layout: undefined });
    expect(events.map((e) => [e.command.type, e.before.recording, e.after.recording])).toEqual([['record.starting', 'idle', 'starting']]);
    expect(followed).toEqual(['idle', 'starting']);
    expect(Object.isFrozen(room.state)).toBe(true);
  });

  it('settles a change when its followers have acted on it', async () => {
    const room = createRoom();
    let release!: () => void;
    let acted = false;
    room.follow((s) =>
      s.living
        ? new Promise<void>((r) => {
            release = () => {
              acted = true;
              r();
            };
          })
        : undefined,
    );
    const settled = room.apply({ type: 'live.start', at: 1 });
    expect(room.state.living).toBe(true);
    release();
    await settled;
    expect(acted).toBe(true);
  });

  it('runs commands one at a time, in order, a failing one not stopping the next', async () => {
    const room = createRoom();
    const order: string[] = [];
    let open = 0;
    const cmd = (name: string, fail = false) =>
      room.exclusive(async () => {
        open++;
        expect(open).toBe(1);
        await new Promise((r) => setImmediate(r));
        order.push(name);
        open--;
        if (fail) throw new Error(name);
      });
    const results = await Promise.allSettled([cmd('a'), cmd('b', true), cmd('c')]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
