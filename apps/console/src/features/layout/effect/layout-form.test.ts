import { describe, expect, it } from 'vitest';
import { acceptSlot, channelsForType } from './layout-form';

describe('layout modal (spec §4/§5)', () => {
  it('fits the channels to the windows of the chosen type', () => {
    expect(channelsForType(0, ['A', 'B'])).toEqual(['A']);
    expect(channelsForType(9, ['A'])).toEqual(['A', '', '']);
  });

  it('Accept refuses an empty window and a channel twice, and makes the slot otherwise', () => {
    expect(acceptSlot(2, 9, ['A', '', 'C'])).toEqual({ error: 'screens.effect.emptyChannel' });
    expect(acceptSlot(2, 9, ['A', 'B', 'A'])).toEqual({ error: 'screens.effect.duplicateChannel' });
    expect(acceptSlot(2, 9, ['A', 'B', 'C'])).toEqual({ slot: { index: 2, type: 9, channels: 3, channeldata: ['A', 'B', 'C'] } });
  });
});
