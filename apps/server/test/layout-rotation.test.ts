import { describe, expect, it } from 'vitest';
import { layoutRotationJob } from '../src/services/layout/layout-rotation-job.js';
import { makeApp } from './helpers.js';

describe('automatic layout switching (setlayoutswitch)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  let encoding = false;
  const log: string[] = [];
  const job = layoutRotationJob({ layouts: t.areas.layout.layouts, encoding: () => encoding, intervalMs: 20_000, log: (l) => log.push(l) });
  const current = () => t.areas.layout.layouts.currentIndex();

  it('rotates in slot order through the layouts whose channels all have a source, while the picture is encoded, each for the interval', async () => {
    // Channels A-C have sources by default, D-F none: slots showing D (6: four pictures) or E (8) are skipped.
    await t.post(
      'savelayout',
      [
        { index: 0, type: 0, channels: 1, channeldata: ['A'] },
        { index: 1, type: 1, channels: 2, channeldata: ['A', 'B'] },
        { index: 2, type: 0, channels: 1, channeldata: ['D'] },
        { index: 3, type: 0, channels: 1, channeldata: ['B'] },
        { index: 4, type: 1, channels: 2, channeldata: ['C', 'E'] },
        { index: 5, type: 0, channels: 1, channeldata: ['D'] },
        { index: 7, type: 0, channels: 1, channeldata: ['E'] },
      ],
      admin,
    );
    await t.post('setlayoutid', { id: 0 }, admin);
    let now = 1_000_000;
    expect(job.next(now)).toBeUndefined(); // switched off
    expect((await t.post('setlayoutswitch', { enable: true }, admin)).body.result).toBe(true);
    expect(job.next(now)).toBeUndefined(); // nothing encoded: nobody would see it
    encoding = true;
    expect(job.next(now)).toBe(now + 20_000);
    await job.run(now + 19_999);
    expect(current()).toBe(0);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      now = job.next(now)!;
      await job.run(now);
      seen.push(current());
      expect(job.next(now)).toBe(now + 20_000);
    }
    expect(seen).toEqual([1, 3, 0, 1, 3]);
    expect(t.internals.room.state.layoutButtonId).toBe(3);
  });

  it('a slot chosen by hand holds a whole interval; switching off stops it', async () => {
    const now = 5_000_000;
    await t.post('setlayoutid', { id: 0 }, admin);
    expect(job.next(now)).toBe(now + 20_000);
    await job.run(now + 19_000);
    expect(current()).toBe(0);
    await job.run(now + 20_000);
    expect(current()).toBe(1);
    expect(log.at(-1)).toBe('layout switching: slot 2');
    await t.post('setlayoutswitch', { enable: false }, admin);
    expect(job.next(now + 50_000)).toBeUndefined();
  });

  it('needs at least two layouts it can show', async () => {
    await t.post('setlayoutswitch', { enable: true }, admin);
    expect(job.next(9_000_000)).toBeDefined();
    await t.post(
      'savelayout',
      [1, 3].map((index) => ({ index, type: 0, channels: 1, channeldata: ['E'] })),
      admin,
    );
    // Only slot 0 is left with channels that have a source.
    expect(job.next(9_000_000)).toBeUndefined();
  });
});
