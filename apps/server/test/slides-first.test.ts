import { describe, expect, it } from 'vitest';
import { layoutRotationJob } from '../src/services/layout/layout-rotation-job.js';
import { slidesFirstJob, slidesFirstLayout } from '../src/services/layout/slides-first.js';
import { makeApp } from './helpers.js';

describe('the slides-first layout', () => {
  it('is the slides full frame with the first other channel of the layout on the output in the corner', () => {
    expect(slidesFirstLayout({ type: 9, channeldata: ['A', 'B', 'C'] }, 'C')).toEqual({ type: 3, channeldata: ['C', 'A'] });
    expect(slidesFirstLayout({ type: 1, channeldata: ['C', 'B'] }, 'C')).toEqual({ type: 3, channeldata: ['C', 'B'] });
    expect(slidesFirstLayout({ type: 0, channeldata: ['B'] }, 'C')).toEqual({ type: 3, channeldata: ['C', 'B'] });
    // A layout of the slides alone stays as it is.
    expect(slidesFirstLayout({ type: 0, channeldata: ['C'] }, 'C')).toEqual({ type: 0, channeldata: ['C'] });
  });
});

describe('slide switching through the layout domain (one layout path)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const layouts = t.areas.layout.layouts;
  const room = t.internals.room;
  const log: string[] = [];
  const job = slidesFirstJob({ layouts, log: (l) => log.push(l) });
  // Instants an hour ahead: the service's own scheduler (which runs the same job) leaves them alone meanwhile.
  const T = Date.now() + 3_600_000;
  await t.post(
    'savelayout',
    [
      { index: 0, type: 0, channels: 1, channeldata: ['A'] },
      { index: 1, type: 1, channels: 2, channeldata: ['A', 'B'] },
    ],
    admin,
  );
  await t.post('setlayoutid', { id: 0 }, admin);

  it('shows the slides first until the duration is over, then puts the layout before back', async () => {
    expect(layouts.showSlidesFirst('C', T + 10_000)).toBe(true);
    expect(room.state.layout).toEqual({ type: 3, channeldata: ['C', 'A'] });
    // The operator's buttons still show the slot they chose.
    expect(room.state.layoutButtonId).toBe(0);
    expect(job.next(T)).toBe(T + 10_000);
    // A new slide meanwhile makes the slides stay longer, without a second switch.
    expect(layouts.showSlidesFirst('C', T + 14_000)).toBe(false);
    expect(job.next(T)).toBe(T + 14_000);
    await job.run(T + 13_999);
    expect(room.state.layout).toEqual({ type: 3, channeldata: ['C', 'A'] });
    await job.run(T + 14_000);
    expect(room.state.layout).toEqual({ type: 0, channeldata: ['A'] });
    expect(job.next(T + 14_000)).toBeUndefined();
    expect(log).toEqual(['slide switching: back to the layout before the slides']);
  });

  it('a layout the operator chooses meanwhile ends the slides first for good: nothing is put back over it', async () => {
    layouts.showSlidesFirst('C', T + 20_000);
    expect((await t.post('setlayoutid', { id: 1 }, admin)).body.result).toBe(true);
    expect(room.state.layout).toEqual({ type: 1, channeldata: ['A', 'B'] });
    expect(job.next(T + 15_000)).toBeUndefined();
    await job.run(T + 20_000);
    expect(room.state.layout).toEqual({ type: 1, channeldata: ['A', 'B'] });

    // The same for a one-off layout (`layout {output}`) and for saving the slot on the output.
    layouts.showSlidesFirst('C', T + 30_000);
    expect((await t.post('layout', { output: 'output', type: 0, channels: 1, channeldata: ['B'] }, admin)).body.result).toBe(true);
    expect(layouts.slidesFirstUntil()).toBeUndefined();
    layouts.showSlidesFirst('C', T + 30_000);
    expect(room.state.layout).toEqual({ type: 3, channeldata: ['C', 'B'] });
    await t.post('savelayout', [{ index: 1, type: 0, channels: 1, channeldata: ['B'] }], admin);
    expect(layouts.slidesFirstUntil()).toBeUndefined();
    expect(room.state.layout).toEqual({ type: 0, channeldata: ['B'] });
  });

  it('a layout that already shows only the slides is left alone', () => {
    layouts.applyOnce({ type: 0, channels: 1, channeldata: ['C'] });
    expect(layouts.showSlidesFirst('C', T + 40_000)).toBe(false);
    expect(layouts.slidesFirstUntil()).toBeUndefined();
  });

  it('automatic switching holds while the slides are first, and gives the layout put back a whole interval', async () => {
    await t.post('setlayoutid', { id: 0 }, admin);
    await t.post('savelayout', [{ index: 1, type: 1, channels: 2, channeldata: ['A', 'B'] }], admin);
    await t.post('setlayoutswitch', { enable: true }, admin);
    const rotation = layoutRotationJob({ layouts, encoding: () => true, intervalMs: 20_000, log: () => {} });
    expect(rotation.next(T + 100_000)).toBe(T + 120_000);
    layouts.showSlidesFirst('C', T + 125_000);
    expect(rotation.next(T + 110_000)).toBeUndefined();
    await rotation.run(T + 120_000);
    expect(room.state.layout).toEqual({ type: 3, channeldata: ['C', 'A'] });
    await job.run(T + 125_000);
    expect(room.state.layout).toEqual({ type: 0, channeldata: ['A'] });
    expect(rotation.next(T + 125_000)).toBe(T + 145_000);
    await t.post('setlayoutswitch', { enable: false }, admin);
  });
});
