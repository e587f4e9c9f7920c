import type { CallData } from '@roomcast/contract';

/** `livesource`'s answer: where this caller may watch the live room now. */
export type LiveSource = CallData<'livesource'>;

/** What the viewer chose: the sub-second MPEG-TS stream, or HLS (plain HTTP, for networks behind a proxy). */
export type LiveMode = 'lowLatency' | 'hls';
export const LIVE_MODES: readonly LiveMode[] = ['lowLatency', 'hls'];

/** How the browser plays it: mpegts.js over MSE, hls.js over MSE, the browser's own HLS (Safari), or not at all. */
export type Playback = 'mpegts' | 'hls.js' | 'native' | 'none';

export interface Capabilities {
  /** MSE live playback (mpegts.js `getFeatureList().mseLivePlayback`). */
  mseLive: boolean;
  /** hls.js can play here (`Hls.isSupported()`). */
  hlsJs: boolean;
  /** The video element plays HLS itself (`canPlayType('application/vnd.apple.mpegurl')`). */
  nativeHls: boolean;
}

/**
 * The player for a mode: low latency needs MSE live playback; otherwise (or when HLS is chosen) hls.js,
 * then the browser's own HLS.
 */
export function choosePlayback(mode: LiveMode, caps: Capabilities): Playback {
  if (mode === 'lowLatency' && caps.mseLive) return 'mpegts';
  if (caps.hlsJs) return 'hls.js';
  return caps.nativeHls ? 'native' : 'none';
}

/** The WebSocket URL of the MPEG-TS stream on this host: ws: under http, wss: under https. */
export function wsUrl(page: { protocol: string; host: string }, path: string): string {
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}${path}`;
}

/** Reconnects after a stream error: at most this many in a row, waiting longer each time. */
export const MAX_RECONNECTS = 5;

/** 1 s, 2 s, 4 s, 8 s, then 10 s between reconnects. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(10_000, 1000 * 2 ** Math.max(0, attempt));
}

/** A stream whose picture has not moved for this long while playing is reloaded (a silent connection). */
export const STALL_MS = 10_000;

/** mpegts.js for live: no stash buffer, and it skips ahead when it falls behind (sub-second latency). */
export const MPEGTS_CONFIG = {
  enableWorker: false,
  enableStashBuffer: false,
  lazyLoad: false,
  autoCleanupSourceBuffer: true,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 1.2,
  liveBufferLatencyMinRemain: 0.3,
} as const;
