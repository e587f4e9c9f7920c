import type { CallData } from '@roomcast/contract';

export type ChannelSignalState = CallData<'status'>['signals'][number];

/** The channels the monitor marks: those with a source (a channel without one records nothing), A to F. */
export function markedChannels(signals: readonly ChannelSignalState[] | undefined): ChannelSignalState[] {
  return (signals ?? []).filter((s) => s.signal !== 'none').sort((a, b) => a.channel.localeCompare(b.channel));
}
