import { describe, expect, it } from 'vitest';
import { PtzPress, type PtzBody } from './ptz-press';

/** A controller whose calls answer when the test says, with a keep-alive the test fires by hand. */
function harness(fail?: (b: PtzBody) => boolean) {
  const sent: string[] = [];
  const errors: unknown[] = [];
  let tick: (() => void) | undefined;
  let cancelled = 0;
  const press = new PtzPress({
    send: async (b) => {
      // Each call takes a moment, so an end sent right after its start would overtake it if calls were not queued.
      await new Promise((r) => setTimeout(r, 5));
      const op =
        b.controltype === 'direction'
          ? `${b.direction.direction} ${b.direction.operation}`
          : b.controltype === 'zoom'
            ? `zoom ${b.zoom.zoom} ${b.zoom.operation}`
            : 'preset';
      sent.push(`ch${b.channel} ${op}`);
      if (fail?.(b)) throw new Error('refused');
    },
    onError: (e) => errors.push(e),
    repeat: (fn) => {
      tick = fn;
      return 1;
    },
    cancel: () => {
      cancelled++;
      tick = undefined;
    },
  });
  return { press, sent, errors, keepalive: () => tick?.(), cancelled: () => cancelled };
}

describe('one PTZ press at a time', () => {
  it('start, keep-alive starts while held, then the end, in that order', async () => {
    const h = harness();
    h.press.press({ controltype: 'direction', direction: 'left' }, 2, 3);
    h.keepalive();
    h.keepalive();
    h.press.release();
    h.keepalive(); // after release: nothing
    await h.press.settled();
    expect(h.sent).toEqual(['ch2 left start', 'ch2 left start', 'ch2 left start', 'ch2 left end']);
    expect(h.cancelled()).toBe(1);
    expect(h.press.active).toBeUndefined();
  });

  it('a second press ends the first one before starting', async () => {
    const h = harness();
    h.press.press({ controltype: 'direction', direction: 'up' }, 0, 1);
    h.press.press({ controltype: 'zoom', zoom: 'in' }, 0, 1);
    h.press.release();
    h.press.release(); // a second release (pointer leave after up) sends nothing more
    await h.press.settled();
    expect(h.sent).toEqual(['ch0 up start', 'ch0 up end', 'ch0 zoom in start', 'ch0 zoom in end']);
  });

  it('a refused start is shown once; the keep-alive stops and the end still goes out quietly', async () => {
    const h = harness(() => true);
    h.press.press({ controltype: 'zoom', zoom: 'out' }, 1, 2);
    await h.press.settled();
    h.keepalive();
    h.press.release();
    await h.press.settled();
    expect(h.sent).toEqual(['ch1 zoom out start', 'ch1 zoom out end']);
    expect(h.errors).toHaveLength(1);
  });
});
