import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

describe('layouts', async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('lists nine slots and saves valid ones', async () => {
    const list = (await t.post('listlayout', {}, admin)).body.data;
    expect(list.slots).toHaveLength(9);
    expect(list).toMatchObject({ current: 0, switching: false });
    expect((await t.post('savelayout', [{ index: 2, type: 1, channels: 2, channeldata: ['B', 'C'] }], admin)).body.result).toBe(true);
    expect((await t.post('listlayout', {}, admin)).body.data.slots[2]).toEqual({ index: 2, type: 1, channels: 2, channeldata: ['B', 'C'] });
  });

  it('refuses empty and duplicate channels with the spec messages, saving nothing', async () => {
    const dup = await t.post('savelayout', [{ index: 3, type: 1, channels: 2, channeldata: ['A', 'A'] }], admin);
    expect(dup.body.message).toBe('Fail to set layout: slot 4: Duplicate channel is not allowed.');
    const empty = await t.post('savelayout', [{ index: 3, type: 14, channels: 2, channeldata: ['A', 'B'] }], admin);
    expect(empty.body.message).toMatch(/Empty channel is not allowed/);
    expect((await t.post('listlayout', {}, admin)).body.data.slots[3].type).toBe(0);
  });

  it('switching the slot shows in status', async () => {
    expect((await t.post('setlayoutid', { id: 4 }, admin)).body.result).toBe(true);
    expect((await t.post('status', {}, admin)).body.data.layoutbuttonid).toBe('4');
    expect((await t.post('listlayout', {}, admin)).body.data.current).toBe(4);
  });

  it('listlayout reads back automatic switching', async () => {
    expect((await t.post('setlayoutswitch', { enable: true }, admin)).body.result).toBe(true);
    expect((await t.post('listlayout', {}, admin)).body.data.switching).toBe(true);
    expect((await t.post('setlayoutswitch', { enable: false }, admin)).body.result).toBe(true);
    expect((await t.post('listlayout', {}, admin)).body.data.switching).toBe(false);
  });
});
