import type { EngineDemand } from '../../media/engine-demand.js';
import { pushing, type RoomState } from './room-state.js';

/** What the media engine must run for a room state: the engine sees this, never the room's own fields. */
export function engineDemand(s: Readonly<RoomState>): EngineDemand {
  return {
    // Watched levels keep the encode running too: no output, no file, only the meters and the preview.
    composite: s.recording !== 'idle' || s.living || pushing(s) || s.rtsp.main || s.rtsp.sub || s.monitoring,
    // The SD picture is encoded for the outputs that send it even when the recording does not save it.
    sd: s.rtsp.sub || s.rtmp.sub !== 'off' || s.srt.sub !== 'off',
    iso: s.recording !== 'idle',
    layout: s.layout,
  };
}
