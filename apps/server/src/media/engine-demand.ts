/**
 * What the media engine is asked to run (the room domain derives it from the room's state; `media-engine.ts`
 * follows it): the composite encode, its SD picture, the per-channel (ISO) encodes, and the layout on the output.
 */
export interface EngineDemand {
  composite: boolean;
  /** An output sends the SD picture: the composite encode makes it even when the recording does not save it. */
  sd: boolean;
  /** The ISO encodes may run (a recording is under way); when false, every ISO encode is stopped. */
  iso: boolean;
  /** The layout on the output; undefined: the default for the configured channels. */
  layout: { type: number; channeldata: string[] } | undefined;
}

export const IDLE_DEMAND: EngineDemand = { composite: false, sd: false, iso: false, layout: undefined };
