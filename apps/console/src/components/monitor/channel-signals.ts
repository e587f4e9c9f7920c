import type { CallData } from '@roomcast/contract';

export type ChannelSignalState = CallData<'status'>['signals'][number];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "1920×1080, 25 fps": what a channel delivers, in the `monitor.signals` texts (`mode`, `modeNoRate`). */
export function detectedText(d: NonNullable<ChannelSignalState['detected']>, t: Translate): string {
  const fps = d.fps === undefined ? undefined : Math.round(d.fps * 100) / 100;
  return fps === undefined ? t('modeNoRate', { width: d.width, height: d.height }) : t('mode', { width: d.width, height: d.height, fps });
}

/** The channels the monitor marks: those with a source (a channel without one records nothing), A to F. */
export function markedChannels(signals: readonly ChannelSignalState[] | undefined): ChannelSignalState[] {
  return (signals ?? []).filter((s) => s.signal !== 'none').sort((a, b) => a.channel.localeCompare(b.channel));
}
