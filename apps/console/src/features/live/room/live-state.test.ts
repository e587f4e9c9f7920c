import { describe, expect, it } from 'vitest';
import { fieldState } from '../../../components/settings/settings-form';
import { liveControls, livingSeconds, ROOM_PANEL, ROOM_PANEL_LIVING } from './live-state';

describe('live panel state', () => {
  it('offers Start while idle and Stop while living, neither while pending', () => {
    expect(liveControls(false, false)).toEqual({ start: true, stop: false });
    expect(liveControls(true, false)).toEqual({ start: false, stop: true });
    expect(liveControls(false, true)).toEqual({ start: false, stop: false });
    expect(liveControls(true, true)).toEqual({ start: false, stop: false });
  });

  it('counts the live time from livingstart in the device zone', () => {
    const now = Date.UTC(2030, 0, 2, 0, 1, 5, 900);
    expect(livingSeconds('2030-01-02 08:00:00', 480, now)).toBe(65);
    // A start a moment ahead of this clock never counts backwards.
    expect(livingSeconds('2030-01-02 08:01:10', 480, now)).toBe(0);
    expect(livingSeconds('', 480, now)).toBe(0);
  });

  it('fixes the name and session name while living, never the publish switch', () => {
    const values = { setting_room: { name: 'Room', urlsession: 'abc', publish: 'false' } };
    const editable = (p: typeof ROOM_PANEL, key: string) => !fieldState('setting_room', key, values, true, p.fields?.[key]).disabled;
    expect(['name', 'urlsession', 'publish'].map((k) => editable(ROOM_PANEL, k))).toEqual([true, true, true]);
    expect(['name', 'urlsession', 'publish'].map((k) => editable(ROOM_PANEL_LIVING, k))).toEqual([false, false, true]);
  });
});
