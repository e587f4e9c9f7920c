import { useState } from 'react';
import { Badge, Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { PlayCircleOutlined, ShareAltOutlined, StopOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { useDeviceZoneOffset } from '../../../app/device-clock';
import { useRecordStatus } from '../../../app/status';
import { LivePlayer } from '../../../components/live/LivePlayer';
import { useLiveSource } from '../../../components/live/use-live-source';
import { SettingsActions } from '../../../components/settings/SettingsActions';
import { SettingsFields } from '../../../components/settings/SettingsFields';
import { useSettingsEdit } from '../../../components/settings/use-settings-edit';
import { LiveTimer } from './LiveTimer';
import { LIVE_SETTLE_MS, liveControls, ROOM_PANEL, ROOM_PANEL_LIVING } from './live-state';
import '../../../components/panel.css';
import './live-room.css';

const PANELS = [ROOM_PANEL];

/**
 * The Live panel (spec §2, needs `operating`): the room's name, session name and publish switch (Edit / Save
 * / Reset of setting_room, the shared settings pattern; name and session name fixed while living), the living
 * state with its timer, Start and Stop (`roomlivectrl`), and the preview while living.
 */
export function LivePanel() {
  const { t } = useTranslation('live', { keyPrefix: 'room' });
  const { data: status, refreshAfter } = useRecordStatus();
  const zoneOffset = useDeviceZoneOffset();
  const form = useSettingsEdit(PANELS, { invalidate: ['roominfo'] });
  // A fresh room gets its session name from the service when it first goes live: read setting_room again.
  const command = useCallMutation('roomlivectrl', { invalidate: ['getsetting'] });
  const [pending, setPending] = useState(false);
  const living = status?.isliving === 'true';
  const livingstart = status?.livingstart ?? '';
  const live = useLiveSource({ enabled: living, session: livingstart });
  // The query keeps its last answer once disabled: only a living room has a source.
  const source = living ? live.source : undefined;
  const controls = liveControls(living, pending || !status);
  const saved = form.loaded?.setting_room;

  const run = async (control: 'start' | 'stop') => {
    setPending(true);
    try {
      await command.mutateAsync({ control });
    } catch {
      // Shown by the hook in the reader's language.
    } finally {
      await refreshAfter(LIVE_SETTLE_MS);
      setPending(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <VideoCameraOutlined /> {t('title')}
        </span>
      }
      className="rc-panel"
      data-testid="live-panel"
      extra={<SettingsActions form={form} />}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <Flex align="center" justify="space-between" wrap gap={12}>
              <Badge
                status={living ? 'error' : 'default'}
                text={
                  <span className="rc-record-state" data-testid="live-state">
                    {t(`states.${living ? 'living' : 'idle'}`)}
                  </span>
                }
              />
              <Flex vertical align="flex-end">
                <Typography.Text type="secondary" className="rc-record-timer-label">
                  {t('elapsed')}
                </Typography.Text>
                <LiveTimer livingstart={livingstart} zoneOffset={zoneOffset} living={living} />
              </Flex>
            </Flex>
            {saved && (
              <Flex gap={8} wrap data-testid="live-labels">
                <Tag>{t('session', { name: source?.urlsession ?? saved.urlsession })}</Tag>
                <Tag icon={<ShareAltOutlined />} color={saved.publish === 'true' ? 'green' : 'default'}>
                  {t(saved.publish === 'true' ? 'shared' : 'notShared')}
                </Tag>
              </Flex>
            )}
            <Flex gap={12} wrap>
              <Button
                type="primary"
                size="large"
                icon={<PlayCircleOutlined />}
                disabled={!controls.start}
                loading={pending && !living}
                onClick={() => void run('start')}
              >
                {t('controls.start')}
              </Button>
              <Button
                size="large"
                icon={<StopOutlined />}
                disabled={!controls.stop}
                loading={pending && living}
                onClick={() => void run('stop')}
              >
                {t('controls.stop')}
              </Button>
            </Flex>
            {form.loaded && <SettingsFields panel={living ? ROOM_PANEL_LIVING : ROOM_PANEL} form={form} />}
            {living && form.editing && (
              <Typography.Text type="secondary" data-testid="live-fixed">
                {t('livingNoChange')}
              </Typography.Text>
            )}
            {form.read.isError && !form.loaded && <Typography.Text type="danger">{apiErrorText(form.read.error)}</Typography.Text>}
            {source && (
              <Typography.Text type="secondary" copyable={{ text: source.rtmp }} className="rc-live-rtmp" data-testid="live-rtmp">
                {t('rtmp')}: {source.rtmp}
              </Typography.Text>
            )}
          </Flex>
        </Col>
        <Col xs={24} lg={14}>
          <div className="rc-live-preview" data-testid="live-preview">
            {!living ? (
              <Flex className="rc-live-preview-idle" align="center" justify="center">
                <Typography.Text type="secondary">{t('previewIdle')}</Typography.Text>
              </Flex>
            ) : source ? (
              <LivePlayer
                source={source}
                refresh={live.refresh}
                label={t('previewLabel', { room: saved?.name ?? '' })}
                width={640}
                height={480}
              />
            ) : (
              <Flex className="rc-live-preview-idle" align="center" justify="center">
                <Typography.Text type={live.query.isError ? 'warning' : 'secondary'} role="status" data-testid="live-source-state">
                  {live.query.isError ? apiErrorText(live.query.error) : t('connecting')}
                </Typography.Text>
              </Flex>
            )}
          </div>
        </Col>
      </Row>
    </Card>
  );
}
