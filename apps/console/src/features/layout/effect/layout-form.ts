import { LAYOUT_CHANNELS, LAYOUT_TYPES, layoutProblem, type CallData } from '@roomcast/contract';

export type LayoutSlot = CallData<'listlayout'>['slots'][number];

/** The windows of a type, each with its channel ("" while none is chosen), keeping what fits of the old ones. */
export function channelsForType(type: number, channels: readonly string[]): string[] {
  const n = LAYOUT_TYPES[type]?.slots.length ?? 1;
  return Array.from({ length: n }, (_, i) => channels[i] ?? '');
}

/** Accept of the layout modal (spec §5): the locale key of what is wrong, or the slot as it will be saved. */
export function acceptSlot(index: number, type: number, channels: readonly string[]): { error: string } | { slot: LayoutSlot } {
  const channeldata = channelsForType(type, channels);
  const problem = layoutProblem({ type, channeldata });
  if (problem === 'duplicate') return { error: 'screens.effect.duplicateChannel' };
  if (problem) return { error: 'screens.effect.emptyChannel' };
  return { slot: { index, type, channels: channeldata.length, channeldata: channeldata as LayoutSlot['channeldata'] } };
}

export const CHANNEL_OPTIONS = LAYOUT_CHANNELS;
