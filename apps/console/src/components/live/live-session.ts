import {
  choosePlayback,
  HLS_CONFIG,
  MAX_RECONNECTS,
  MPEGTS_CONFIG,
  reconnectDelayMs,
  STALL_MS,
  wsUrl,
  type LiveMode,
  type LiveSource,
  type Playback,
} from './live-playback';

/**
 * One live stream on one <video>: picks the player for the mode, loads its library on first use (so no page
 * carries mpegts.js or hls.js until it plays live), starts muted, and reconnects after a stream error, a
 * closed connection or a picture that stopped moving, waiting longer each time, with a fresh `livesource`
 * answer (its signatures are short-lived). `stop()` destroys the player.
 */

/** What the person sees under the player. */
export type LivePhase = 'connecting' | 'playing' | 'paused' | 'reconnecting' | 'failed' | 'ended' | 'unsupported';

export interface LiveSessionHooks {
  onPhase: (phase: LivePhase, playback?: Playback) => void;
  /** A fresh answer before reconnecting; undefined when the room may no longer be watched (it stopped). */
  refresh: () => Promise<LiveSource | undefined>;
}

interface Attached {
  destroy: () => void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

const loadMpegts = () => import('mpegts.js').then((m) => m.default);
const loadHls = () => import('hls.js/light').then((m) => m.default);

function hasMse(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/** Which player to use, loading only the libraries the decision needs. */
async function detect(mode: LiveMode, video: HTMLVideoElement): Promise<Playback> {
  const nativeHls = video.canPlayType(HLS_TYPE) !== '';
  const mseLive = mode === 'lowLatency' && hasMse() ? (await loadMpegts()).getFeatureList().mseLivePlayback : false;
  if (mode === 'lowLatency' && mseLive) return 'mpegts';
  const hlsJs = hasMse() ? (await loadHls()).isSupported() : false;
  return choosePlayback(mode, { mseLive, hlsJs, nativeHls });
}

async function attachMpegts(video: HTMLVideoElement, source: LiveSource, fail: () => void): Promise<Attached> {
  const mpegts = await loadMpegts();
  mpegts.LoggingControl.applyConfig({ enableVerbose: false, enableDebug: false, enableInfo: false, enableWarn: false });
  const player = mpegts.createPlayer({ type: 'mpegts', isLive: true, url: wsUrl(location, source.ws) }, { ...MPEGTS_CONFIG });
  player.on(mpegts.Events.ERROR, fail);
  // For a live WebSocket stream "complete" means the connection closed.
  player.on(mpegts.Events.LOADING_COMPLETE, fail);
  player.attachMediaElement(video);
  player.load();
  return {
    destroy: () => {
      player.off(mpegts.Events.ERROR, fail);
      player.off(mpegts.Events.LOADING_COMPLETE, fail);
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    },
  };
}

async function attachHlsJs(video: HTMLVideoElement, source: LiveSource, fail: () => void): Promise<Attached> {
  const Hls = await loadHls();
  const hls = new Hls({ ...HLS_CONFIG });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) fail();
  });
  hls.loadSource(source.hls);
  hls.attachMedia(video);
  return { destroy: () => hls.destroy() };
}

function attachNative(video: HTMLVideoElement, source: LiveSource, fail: () => void): Attached {
  video.addEventListener('error', fail);
  video.src = source.hls;
  video.load();
  return {
    destroy: () => {
      video.removeEventListener('error', fail);
      video.removeAttribute('src');
      video.load();
    },
  };
}

export function startLiveSession(video: HTMLVideoElement, first: LiveSource, mode: LiveMode, hooks: LiveSessionHooks): () => void {
  let stopped = false;
  let attached: Attached | undefined;
  let generation = 0;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastTime = -1;
  let lastProgress = Date.now();
  let playingSince: number | undefined;

  const detach = () => {
    generation++;
    attached?.destroy();
    attached = undefined;
    playingSince = undefined;
  };

  const fail = () => {
    if (stopped || !attached) return;
    detach();
    if (attempt >= MAX_RECONNECTS) {
      hooks.onPhase('failed');
      return;
    }
    hooks.onPhase('reconnecting');
    retryTimer = setTimeout(() => void reconnect(), reconnectDelayMs(attempt++));
  };

  const reconnect = async () => {
    const source = await hooks.refresh().catch(() => undefined);
    if (stopped) return;
    if (source) void open(source);
    else hooks.onPhase('ended');
  };

  const open = async (source: LiveSource) => {
    const mine = ++generation;
    hooks.onPhase('connecting');
    try {
      const playback = await detect(mode, video);
      if (stopped || mine !== generation) return;
      if (playback === 'none') {
        hooks.onPhase('unsupported', playback);
        return;
      }
      const next =
        playback === 'mpegts'
          ? await attachMpegts(video, source, () => fail())
          : playback === 'hls.js'
            ? await attachHlsJs(video, source, () => fail())
            : attachNative(video, source, () => fail());
      if (stopped || mine !== generation) {
        next.destroy();
        return;
      }
      attached = next;
      lastProgress = Date.now();
      hooks.onPhase('connecting', playback);
      video.muted = true;
      video.play().catch(() => {
        // Autoplay refused: the controls let the person start it.
        if (!stopped && mine === generation && video.paused) hooks.onPhase('paused', playback);
      });
    } catch {
      // The library could not be loaded (offline, a new build): try again like a stream error.
      if (!stopped && mine === generation) {
        attached = { destroy: () => undefined };
        fail();
      }
    }
  };

  // The picture moves: playing. A picture that stands still while not paused for STALL_MS: reconnect.
  const onTime = () => {
    if (video.currentTime === lastTime) return;
    lastTime = video.currentTime;
    lastProgress = Date.now();
    if (attached && playingSince === undefined) {
      playingSince = Date.now();
      hooks.onPhase('playing');
    }
  };
  const onPause = () => {
    if (attached && !stopped) {
      playingSince = undefined;
      hooks.onPhase('paused');
    }
  };
  video.addEventListener('timeupdate', onTime);
  video.addEventListener('pause', onPause);
  const watchdog = setInterval(() => {
    if (!attached || video.paused) {
      lastProgress = Date.now();
      return;
    }
    const now = Date.now();
    // Ten seconds of good playback: the next trouble starts counting reconnects afresh.
    if (playingSince !== undefined && now - playingSince > STALL_MS) attempt = 0;
    if (now - lastProgress > STALL_MS) fail();
  }, 1000);

  void open(first);

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearInterval(watchdog);
    video.removeEventListener('timeupdate', onTime);
    video.removeEventListener('pause', onPause);
    detach();
  };
}
