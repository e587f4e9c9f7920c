import { useState, type ReactNode } from 'react';
import { Alert, App, Badge, Button, Card, Flex, Spin, Tag, Typography } from 'antd';
import { CalendarOutlined, FlagOutlined, PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { useRecordStatus } from '../../../app/status';
import { formatElapsed } from '../../../components/elapsed';
import { RecordTimer } from './RecordTimer';
import { canMark, canStop, MAIN_CONTROL, recordState, type RecordControl, type RecordState } from './record-state';
import '../../../components/panel.css';
import './record-control.css';

// Red while recording, as a recorder's light; amber while paused.
const BADGE: Record<RecordState, 'default' | 'error' | 'warning'> = { idle: 'default', recording: 'error', paused: 'warning' };
const ICON: Record<RecordControl, ReactNode> = {
  start: <PlayCircleOutlined />,
  pause: <PauseCircleOutlined />,
  resume: <PlayCircleOutlined />,
  stop: <StopOutlined />,
};

/**
 * Record panel (spec §2, §4): state, one start/pause/resume button, stop, Mark (a chapter at this moment, issue 22),
 * the timer and a schedule marker.
 */
export function RecordPanel() {
  const { t } = useTranslation('recording');
  const { data, updatedAt, error, refresh } = useRecordStatus();
  const { message } = App.useApp();
  const command = useCallMutation('recordctl');
  // Refused with the service's message when the recording has just ended elsewhere.
  const mark = useCallMutation('markchapter', {
    onSuccess: (d) => void message.success(t('record.marked', { time: formatElapsed(d.position / 1000) })),
  });
  // The spinner stays until the status after the command has been read, so the buttons never show the old state.
  const [settling, setSettling] = useState(false);
  const state = data ? recordState(data) : undefined;
  const busy = settling || data?.isrecordpending === 'true';
  const run = async (control: RecordControl) => {
    setSettling(true);
    try {
      await command.mutateAsync({ control });
    } catch {
      // Shown by the hook as the service's message (e.g. not enough free space on the recording storage).
    } finally {
      await refresh();
      setSettling(false);
    }
  };

  return (
    <Card title={t('record.title')} className="rc-panel" data-testid="record-panel">
      {error && (
        <Alert
          type="warning"
          showIcon
          title={t('record.statusFailed')}
          description={error}
          className="rc-panel-alert"
          data-testid="status-failed"
          action={
            <Button size="small" onClick={() => void refresh()}>
              {t('record.retry')}
            </Button>
          }
        />
      )}
      {!data || !state ? (
        <Flex justify="center" className="rc-record-loading">
          {!error && <Spin />}
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Flex align="center" justify="space-between" wrap gap={12}>
            <Badge
              status={BADGE[state]}
              text={
                <span className="rc-record-state" data-testid="record-state">
                  {t(`record.states.${state}`)}
                </span>
              }
            />
            <Flex vertical align="flex-end">
              <Typography.Text type="secondary" className="rc-record-timer-label">
                {t('record.elapsed')}
              </Typography.Text>
              <RecordTimer current={data.current} readAt={updatedAt} ticking={state === 'recording'} />
            </Flex>
          </Flex>
          <Flex gap={12} wrap align="center" className="rc-record-controls">
            {busy ? (
              <Flex gap={10} align="center" data-testid="record-busy" role="status">
                <Spin />
                <Typography.Text type="secondary">{t('record.busy')}</Typography.Text>
              </Flex>
            ) : (
              <>
                <Button
                  type="primary"
                  size="large"
                  danger={state === 'idle'}
                  icon={ICON[MAIN_CONTROL[state]]}
                  onClick={() => void run(MAIN_CONTROL[state])}
                >
                  {t(`record.controls.${MAIN_CONTROL[state]}`)}
                </Button>
                <Button size="large" icon={ICON.stop} disabled={!canStop(state)} onClick={() => void run('stop')}>
                  {t('record.controls.stop')}
                </Button>
                <Button
                  size="large"
                  icon={<FlagOutlined />}
                  disabled={!canMark(state)}
                  loading={mark.isPending}
                  title={t('record.markTip')}
                  onClick={() => mark.mutate({ title: '' })}
                >
                  {t('record.controls.mark')}
                </Button>
              </>
            )}
          </Flex>
          {data.isschedulerecording === 'true' && (
            <Tag icon={<CalendarOutlined />} color="blue" className="rc-schedule-marker" data-testid="schedule-marker">
              {t('record.scheduledUntil', { time: data.recordingschedulestoptime })}
            </Tag>
          )}
          {data.hdd_scanning === 'true' && state === 'idle' && <Typography.Text type="warning">{t('record.scanning')}</Typography.Text>}
        </Flex>
      )}
    </Card>
  );
}
