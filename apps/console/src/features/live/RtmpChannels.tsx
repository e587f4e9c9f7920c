import { useEffect, useId, useState } from 'react';
import { Button, Divider, Flex, Tag, Typography } from 'antd';
import { LoadingOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkAll, CALLS, LIMITS } from '@roomcast/contract';
import { useCallMutation } from '../../api/hooks';
import { useAuth } from '../../app/auth';
import { useDeviceZoneOffset } from '../../app/device-clock';
import { useRecordStatus } from '../../app/status';
import {
  formatClock,
  RTMP_CHANNELS,
  RTMP_SETTLE_MS,
  rtmpControls,
  rtmpSeconds,
  rtmpStartOf,
  rtmpStateOf,
  type RtmpChannelKey,
  type RtmpState,
} from './rtmp-state';
import './media-stream.css';

/** Who may start and stop the outputs: the contract's requirement of rtmpchannelctl (rtmplive or mediastream). */
const CONTROL = CALLS.rtmpchannelctl.permission;
const CONTROL_NEEDS = typeof CONTROL === 'function' ? CONTROL({ channel: '1', control: 'start' }) : [CONTROL];

/** Palette colours, whose tag text the theme keeps above 4.5:1 (the status colours' is not). */
const STATE_COLOR: Record<RtmpState, string> = { idle: 'default', started: 'green', reconnecting: 'orange' };

interface Props {
  /** The saved RTMP settings (what a start uses), for the URL each channel shows. */
  saved: Record<string, string> | undefined;
}

/**
 * The RTMP start/stop control (spec §2 Output, §4): per channel its state (idle, started, reconnecting), the time
 * since it was started, Start and Stop (`rtmpchannelctl`). The state comes from the one polled status (app/status.tsx,
 * every 5 s) and is read again 3 s after a start or stop.
 */
export function RtmpChannels({ saved }: Props) {
  const { t } = useTranslation('live');
  const { user } = useAuth();
  const mayControl = !!user && checkAll(CONTROL_NEEDS, user) === 'allow';
  return (
    <div data-testid="rtmp-control">
      <Divider titlePlacement="start" plain>
        <Typography.Text strong>{t('mediaStream.control')}</Typography.Text>
      </Divider>
      <Flex vertical gap={12}>
        {RTMP_CHANNELS.map(({ key, channel }) => (
          <RtmpChannelRow key={key} channelKey={key} channel={channel} url={saved?.[`${key}url`] ?? ''} mayControl={mayControl} />
        ))}
      </Flex>
    </div>
  );
}

interface RowProps {
  channelKey: RtmpChannelKey;
  channel: '1' | '2';
  url: string;
  mayControl: boolean;
}

function RtmpChannelRow({ channelKey, channel, url, mayControl }: RowProps) {
  const { t } = useTranslation('live');
  const { data: status, refreshAfter } = useRecordStatus();
  const zoneOffset = useDeviceZoneOffset();
  const command = useCallMutation('rtmpchannelctl');
  const [pending, setPending] = useState(false);
  const labelId = useId();
  const state = rtmpStateOf(status, channelKey);
  const controls = rtmpControls(state, pending || !status);
  const name = t(`mediaStream.channels.${channelKey}`);

  const run = async (control: 'start' | 'stop') => {
    setPending(true);
    try {
      await command.mutateAsync({ channel, control });
    } catch {
      // Shown by the hook in the reader's language (e.g. the output is not enabled).
    } finally {
      await refreshAfter(RTMP_SETTLE_MS);
      setPending(false);
    }
  };

  return (
    <Flex
      role="group"
      aria-labelledby={labelId}
      className="rc-rtmp-channel"
      align="center"
      justify="space-between"
      wrap
      gap={12}
      data-testid={`rtmp-${channelKey}`}
    >
      <Flex vertical className="rc-rtmp-channel-name">
        <Typography.Text strong id={labelId}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: url }} className="rc-rtmp-url">
          {url || t('mediaStream.noUrl')}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={16} wrap>
        <span aria-live="polite">
          <Tag
            color={STATE_COLOR[state]}
            icon={state === 'reconnecting' ? <LoadingOutlined /> : undefined}
            className="rc-rtmp-state"
            data-testid={`rtmp-${channelKey}-state`}
          >
            {t(`mediaStream.states.${state}`)}
          </Tag>
        </span>
        <Flex vertical align="flex-end">
          <Typography.Text type="secondary" className="rc-rtmp-timer-label">
            {t('mediaStream.elapsed')}
          </Typography.Text>
          <RtmpTimer
            start={rtmpStartOf(status, channelKey)}
            zoneOffset={zoneOffset}
            on={state !== 'idle'}
            testId={`rtmp-${channelKey}-timer`}
          />
        </Flex>
        {mayControl && (
          <Flex gap={8}>
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              disabled={!controls.start}
              loading={pending && state === 'idle'}
              aria-label={`${t('mediaStream.start')} ${name}`}
              onClick={() => void run('start')}
            >
              {t('mediaStream.start')}
            </Button>
            <Button
              icon={<StopOutlined />}
              disabled={!controls.stop}
              loading={pending && state !== 'idle'}
              aria-label={`${t('mediaStream.stop')} ${name}`}
              onClick={() => void run('stop')}
            >
              {t('mediaStream.stop')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}

/** How long a channel has been on, ticking each second (spec §4); 00:00:00 while idle. */
function RtmpTimer({ start, zoneOffset, on, testId }: { start: string; zoneOffset: number | undefined; on: boolean; testId: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), LIMITS.clockTickMs);
    return () => clearInterval(timer);
  }, [on]);
  return (
    <span className="rc-rtmp-timer" role="timer" data-testid={testId}>
      {formatClock(on ? rtmpSeconds(start, zoneOffset, now) : 0)}
    </span>
  );
}
