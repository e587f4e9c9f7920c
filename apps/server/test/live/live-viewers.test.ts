import { describe, expect, it } from 'vitest';
import type { TsFanout } from '../../src/media/ts-fanout.js';
import { liveViewers, MAX_BUFFERED_BYTES, type ViewerSocket } from '../../src/services/live/live-viewers.js';

/** A socket that records what it was sent and how it was closed; `bufferedAmount` is set by the test. */
function fakeSocket() {
  const s = {
    bufferedAmount: 0,
    sent: 0,
    closed: undefined as number | undefined,
    terminated: false,
    onClose: [] as (() => void)[],
    send() {
      s.sent++;
    },
    close(code?: number) {
      s.closed = code;
      for (const fn of s.onClose) fn();
    },
    terminate() {
      s.terminated = true;
      for (const fn of s.onClose) fn();
    },
    once(_event: 'close', fn: () => void) {
      s.onClose.push(fn);
    },
  };
  return s satisfies ViewerSocket;
}

/** A fan-out that hands each consumer's sink to the test and counts detaches. */
function fakeFanout() {
  const f = {
    sinks: [] as ((chunk: Buffer) => void)[],
    detached: 0,
    attach(sink: (chunk: Buffer) => void) {
      f.sinks.push(sink);
      return () => {
        f.detached++;
      };
    },
  };
  return f;
}

describe('live WebSocket viewers', () => {
  const chunk = Buffer.alloc(188 * 10);

  it('cuts off a viewer that falls behind; the others go on', () => {
    const fanout = fakeFanout();
    const viewers = liveViewers(() => {});
    const slow = fakeSocket();
    const fast = fakeSocket();
    viewers.add(slow, fanout as unknown as TsFanout, undefined);
    viewers.add(fast, fanout as unknown as TsFanout, undefined);
    const [toSlow, toFast] = fanout.sinks;
    toSlow!(chunk);
    toFast!(chunk);
    expect([slow.sent, fast.sent]).toEqual([1, 1]);
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    toSlow!(chunk);
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toBe(1);
    expect(fanout.detached).toBe(1);
    toFast!(chunk);
    expect(fast.sent).toBe(2);
    expect(viewers.count).toBe(1);
  });

  it('closes the viewers of an ended session, then the anonymous ones, then all', () => {
    const fanout = fakeFanout();
    const viewers = liveViewers(() => {});
    const [a, b, anon] = [fakeSocket(), fakeSocket(), fakeSocket()];
    viewers.add(a, fanout as unknown as TsFanout, 'session-a');
    viewers.add(b, fanout as unknown as TsFanout, 'session-b');
    viewers.add(anon, fanout as unknown as TsFanout, undefined);
    expect([...viewers.sessions()].sort()).toEqual(['session-a', 'session-b']);
    viewers.closeSession('session-a');
    expect([a.closed, b.closed, anon.closed]).toEqual([1008, undefined, undefined]);
    viewers.closeAnonymous();
    expect(anon.closed).toBe(1008);
    viewers.closeAll('stopped');
    expect(b.closed).toBe(1001);
    expect(viewers.count).toBe(0);
    expect(fanout.detached).toBe(3);
  });

  it('a viewer whose socket closes is detached', () => {
    const fanout = fakeFanout();
    const viewers = liveViewers(() => {});
    const s = fakeSocket();
    viewers.add(s, fanout as unknown as TsFanout, 'x');
    for (const fn of s.onClose) fn();
    expect(viewers.count).toBe(0);
    expect(fanout.detached).toBe(1);
  });
});
