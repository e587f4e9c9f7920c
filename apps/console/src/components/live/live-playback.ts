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

/**
 * hls.js for live: 1.5 s behind the newest segment (1 s segments: about 3.5 s glass to glass with the segment being
 * written and the playlist's refresh; bench/live-latency.mjs), catching up at up to 1.2x speed when it falls behind
 * (a stall) rather than drifting, and jumping back when more than 4 s behind.
 */
export const HLS_CONFIG = {
  backBufferLength: 30,
  liveSyncDuration: 1.5,
  liveMaxLatencyDuration: 4,
  maxLiveSyncPlaybackRate: 1.2,
  manifestLoadingMaxRetry: 2,
} as const;

/**
 * mpegts.js for live (sub-second latency): no stash buffer. The picture shown may trail what has arrived by 0.2-0.4 s:
 * further behind, it plays 20 % faster until it is 0.2 s behind again (smooth, no jump); more than 1.5 s behind (after a
 * stall), it skips ahead. Without this the player stays as far behind as it happened to start (0.7-0.9 s measured by
 * bench/live-latency.mjs: over the 1.0 s target with the encode and the network).
 */
export const MPEGTS_CONFIG = {
  enableWorker: false,
  enableStashBuffer: false,
  lazyLoad: false,
  autoCleanupSourceBuffer: true,
  liveSync: true,
  liveSyncMaxLatency: 0.4,
  liveSyncTargetLatency: 0.2,
  liveSyncPlaybackRate: 1.2,
  liveBufferLatencyChasing: true,
  liveBufferLatencyMaxLatency: 1.5,
  liveBufferLatencyMinRemain: 0.3,
} as const;
