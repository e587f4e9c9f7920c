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
  OUTPUT_CHANNELS,
  OUTPUT_SETTLE_MS,
  outputControls,
  outputSeconds,
  outputStartOf,
  outputStateOf,
  type OutputKey,
  type OutputProfile,
  type OutputState,
} from './rtmp-state';
import './media-stream.css';

/** Who may start and stop a protocol's outputs: the contract's requirement of its call (rtmplive or mediastream). */
function controlNeeds(call: OutputProfile['call']) {
  const permission = CALLS[call].permission;
  return typeof permission === 'function' ? permission({ channel: '1', control: 'start' }) : [permission];
}

/** Palette colours, whose tag text the theme keeps above 4.5:1 (the status colours' is not). */
const STATE_COLOR: Record<OutputState, string> = { idle: 'default', started: 'green', reconnecting: 'orange' };

interface Props {
  profile: OutputProfile;
  /** The saved settings of the profile's code (what a start uses), for the URL each output shows. */
  saved: Record<string, string> | undefined;
}

/**
 * The start/stop control of one protocol's outputs (spec §2 Output, §4), RTMP or SRT: per output its state (idle,
 * started, reconnecting), the time since it was started when the status gives it, Start and Stop (the profile's call).
 * The state comes from the one polled status (app/status.tsx, every 5 s) and is read again 3 s after a start or stop.
 */
export function OutputChannels({ profile, saved }: Props) {
  const { t } = useTranslation('live');
  const { user } = useAuth();
  const mayControl = !!user && checkAll(controlNeeds(profile.call), user) === 'allow';
  return (
    <div data-testid={`${profile.testId}-control`}>
      <Divider titlePlacement="start" plain>
        <Typography.Text strong>{t(profile.title)}</Typography.Text>
      </Divider>
      <Flex vertical gap={12}>
        {OUTPUT_CHANNELS.map(({ key, channel }) => (
          <OutputRow
            key={key}
            profile={profile}
            outputKey={key}
            channel={channel}
            url={saved?.[`${key}url`] ?? ''}
            mayControl={mayControl}
          />
        ))}
      </Flex>
    </div>
  );
}

interface RowProps {
  profile: OutputProfile;
  outputKey: OutputKey;
  channel: '1' | '2';
  url: string;
  mayControl: boolean;
}

function OutputRow({ profile, outputKey, channel, url, mayControl }: RowProps) {
  const { t } = useTranslation('live');
  const { data: status, refreshAfter } = useRecordStatus();
  const zoneOffset = useDeviceZoneOffset();
  const command = useCallMutation(profile.call);
  const [pending, setPending] = useState(false);
  const labelId = useId();
  const state = outputStateOf(status, profile, outputKey);
  const controls = outputControls(state, pending || !status);
  const name = t(profile.names[outputKey]);
  const testId = `${profile.testId}-${outputKey}`;

  const run = async (control: 'start' | 'stop') => {
    setPending(true);
    try {
      await command.mutateAsync({ channel, control });
    } catch {
      // Shown by the hook in the reader's language (e.g. the output is not enabled).
    } finally {
      await refreshAfter(OUTPUT_SETTLE_MS);
      setPending(false);
    }
  };

  return (
    <Flex
      role="group"
      aria-labelledby={labelId}
      className="rc-output-channel"
      align="center"
      justify="space-between"
      wrap
      gap={12}
      data-testid={testId}
    >
      <Flex vertical className="rc-output-channel-name">
        <Typography.Text strong id={labelId}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: url }} className="rc-output-url">
          {url || t('mediaStream.noUrl')}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={16} wrap>
        <span aria-live="polite">
          <Tag
            color={STATE_COLOR[state]}
            icon={state === 'reconnecting' ? <LoadingOutlined /> : undefined}
            className="rc-output-state"
            data-testid={`${testId}-state`}
          >
            {t(`mediaStream.states.${state}`)}
          </Tag>
        </span>
        {profile.start && (
          <Flex vertical align="flex-end">
            <Typography.Text type="secondary" className="rc-output-timer-label">
              {t('mediaStream.elapsed')}
            </Typography.Text>
            <OutputTimer
              start={outputStartOf(status, profile, outputKey)}
              zoneOffset={zoneOffset}
              on={state !== 'idle'}
              testId={`${testId}-timer`}
            />
          </Flex>
        )}
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

/** How long an output has been on, ticking each second (spec §4); 00:00:00 while idle. */
function OutputTimer({ start, zoneOffset, on, testId }: { start: string; zoneOffset: number | undefined; on: boolean; testId: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), LIMITS.clockTickMs);
    return () => clearInterval(timer);
  }, [on]);
  return (
    <span className="rc-output-timer" role="timer" data-testid={testId}>
      {formatClock(on ? outputSeconds(start, zoneOffset, now) : 0)}
    </span>
  );
}
