import { Gauge, type Registry } from 'prom-client';
import type { RoomState } from '../room/index.js';
import { isRecording, recordedMsAt } from '../room/index.js';

/** What the room's metrics read at each scrape. */
export interface RoomMetricsSource {
  room: () => Readonly<RoomState>;
  now: () => number;
  /** The live room's viewers now, by kind. */
  viewers: { websocket: () => number; hls: () => number };
}

const RECORDING_STATES = ['idle', 'starting', 'recording', 'paused'] as const;
const OUTPUTS = ['rtmp_main', 'rtmp_sub', 'rtsp_main', 'rtsp_sub'] as const;

/** An enum as Prometheus wants one: one series per state, 1 for the state it is in. */
function setEnum<T extends string>(g: Gauge<'state'>, states: readonly T[], now: T): void {
  for (const state of states) g.set({ state }, state === now ? 1 : 0);
}

/** Recording, live, each output's state and the live viewers, read from the room's one state at each scrape. */
export function roomMetrics(registry: Registry, s: RoomMetricsSource): void {
  new Gauge({
    name: 'roomcast_recording_state',
    help: 'The recording state: 1 for the state it is in (idle, starting, recording, paused).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      setEnum(this, RECORDING_STATES, s.room().recording);
    },
  });
  new Gauge({
    name: 'roomcast_recording_elapsed_seconds',
    help: 'Seconds recorded in the current recording, pauses excluded (0 when idle).',
    registers: [registry],
    collect() {
      const room = s.room();
      this.set(isRecording(room) ? recordedMsAt(room, s.now()) / 1000 : 0);
    },
  });
  new Gauge({
    name: 'roomcast_recording_scheduled',
    help: '1 while the recording was started by a schedule (the console or Opencast).',
    registers: [registry],
    collect() {
      this.set(s.room().schedule ? 1 : 0);
    },
  });
  new Gauge({
    name: 'roomcast_live_up',
    help: '1 while the live room is living (HLS and WebSocket viewers may watch).',
    registers: [registry],
    collect() {
      this.set(s.room().living ? 1 : 0);
    },
  });
  const outputs = (room: Readonly<RoomState>) => ({
    rtmp_main: room.rtmp.main,
    rtmp_sub: room.rtmp.sub,
    rtsp_main: room.rtsp.main ? 'on' : 'off',
    rtsp_sub: room.rtsp.sub ? 'on' : 'off',
  });
  /** One series per output, its value from the output's state (off, on, reconnecting). */
  const perOutput = (name: string, help: string, value: (state: string) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['output'],
      registers: [registry],
      collect() {
        const now = outputs(s.room());
        for (const output of OUTPUTS) this.set({ output }, value(now[output]));
      },
    });
  perOutput('roomcast_output_enabled', '1 when an output is switched on (an RTMP push reconnecting counts).', (state) =>
    state === 'off' ? 0 : 1,
  );
  perOutput('roomcast_output_up', '1 when an output is on and streaming (0 when off or reconnecting after a drop).', (state) =>
    state === 'on' ? 1 : 0,
  );
  new Gauge({
    name: 'roomcast_live_viewers',
    help: 'Viewers of the live room: WebSocket connections, and HLS clients that fetched the playlist in the last 10 s.',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: 'websocket' }, s.viewers.websocket());
      this.set({ kind: 'hls' }, s.viewers.hls());
    },
  });
  new Gauge({
    name: 'roomcast_audio_alarm',
    help: "1 while the silence alarm is raised: the recording's sound has stayed below the threshold for the alarm time.",
    registers: [registry],
    collect() {
      this.set(s.room().audioAlarm ? 1 : 0);
    },
  });
}
