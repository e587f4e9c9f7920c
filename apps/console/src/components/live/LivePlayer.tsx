import { useEffect, useId, useRef, useState } from 'react';
import { Button, Flex, Segmented, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocalState } from '../../app/use-local-state';
import { LIVE_MODES, type LiveMode, type LiveSource, type Playback } from './live-playback';
import { startLiveSession, type LivePhase } from './live-session';
import './live.css';

/** The viewer's choice of stream, kept for the next visit. */
const MODE_KEY = 'roomcast.liveMode';

interface Props {
  /** `livesource`'s answer. A new answer of the same live session (a fresh signature) does not restart playback. */
  source: LiveSource;
  /** A fresh answer before a reconnect (useLiveSource's `refresh`). */
  refresh: () => Promise<LiveSource | undefined>;
  /** The accessible name of the video. */
  label: string;
  width: number;
  height: number;
}

/**
 * The live room's picture, for the workbench preview and the viewer's Live card: the sub-second MPEG-TS
 * stream through mpegts.js, or HLS (hls.js, or the browser's own in Safari), as the person chooses; muted
 * autoplay, reconnecting after stream errors (live-session.ts).
 */
export function LivePlayer({ source, refresh, label, width, height }: Props) {
  const { t } = useTranslation('live');
  const video = useRef<HTMLVideoElement>(null);
  const [mode, setMode] = useLocalState<LiveMode>(MODE_KEY, 'lowLatency');
  const [phase, setPhase] = useState<LivePhase>('connecting');
  const [playback, setPlayback] = useState<Playback>();
  const [attempt, setAttempt] = useState(0);
  const modeLabel = useId();
  // The latest answer, read when (re)connecting; a new answer alone does not restart the player.
  const latest = useRef(source);
  latest.current = source;
  const session = `${source.urlsession} ${source.livingstart}`;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const playMode: LiveMode = LIVE_MODES.includes(mode) ? mode : 'lowLatency';

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setPlayback(undefined);
    // `session` and `attempt` restart the stream: a new live session, or Retry after it failed.
    void session;
    void attempt;
    return startLiveSession(element, latest.current, playMode, {
      onPhase: (next, used) => {
        setPhase(next);
        if (used) setPlayback(used);
      },
      refresh: () => refreshRef.current(),
    });
  }, [playMode, session, attempt]);

  return (
    <div className="rc-live-player" style={{ maxWidth: width }}>
      <video
        ref={video}
        className="rc-live-video"
        width={width}
        height={height}
        controls
        autoPlay
        muted
        playsInline
        aria-label={label}
        data-testid="live-video"
        data-playback={playback}
        data-phase={phase}
      >
        {t('phase.unsupported')}
      </video>
      <Flex justify="space-between" align="center" wrap gap={8} className="rc-live-bar">
        <Flex align="center" gap={4}>
          <Typography.Text
            type={phase === 'failed' || phase === 'unsupported' ? 'danger' : 'secondary'}
            role="status"
            data-testid="live-phase"
          >
            {phaseText(t, phase, playback)}
          </Typography.Text>
          {phase === 'failed' && (
            <Button size="small" type="link" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </Button>
          )}
        </Flex>
        <Flex align="center" gap={8}>
          <span id={modeLabel} className="rc-live-mode-label">
            {t('mode.label')}
          </span>
          <Segmented<LiveMode>
            size="small"
            aria-labelledby={modeLabel}
            value={playMode}
            onChange={setMode}
            options={LIVE_MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
            data-testid="live-mode"
          />
        </Flex>
      </Flex>
    </div>
  );
}

function phaseText(t: (key: string) => string, phase: LivePhase, playback: Playback | undefined): string {
  if (phase !== 'playing') return t(`phase.${phase}`);
  return t(playback === 'mpegts' ? 'phase.playingLowLatency' : 'phase.playingHls');
}
