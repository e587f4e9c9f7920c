import { EyeOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordStatus } from '../../app/status';
import { HealthBadge } from '../health/HealthBadge';
import { AudioMeters } from './AudioMeters';
import { ChannelSignals } from './ChannelSignals';
import { PicturePreview } from './PicturePreview';
import { useLevels } from './use-levels';
import './monitor.css';
import '../panel.css';

/**
 * The confidence monitor card: the room's health badge and the silence alarm (from the status poll), a preview of the
 * picture being recorded with each channel's signal under it, and the audio level meters, both from the service while its encoder runs (recording or live).
 */
export function ConfidenceMonitor() {
  const { t } = useTranslation('system', { keyPrefix: 'monitor' });
  const { data } = useRecordStatus();
  // While idle the operator may ask for the encode, to check the room before a lecture (it stops 10 s after leaving).
  const [watchIdle, setWatchIdle] = useState(false);
  const { levels, connection } = useLevels(watchIdle);
  const running = levels?.running ?? false;
  const idle = data?.isrecording !== 'true' && data?.isliving !== 'true';
  return (
    <Card title={t('title')} extra={<HealthBadge />} className="rc-panel" data-testid="confidence-monitor">
      {data?.audioalarm === 'true' && (
        <Alert
          type="error"
          showIcon
          title={t('alarm.title')}
          description={t('alarm.description')}
          className="rc-monitor-alarm"
          data-testid="silence-alarm"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <PicturePreview running={running} />
          <ChannelSignals signals={data?.signals} />
        </Col>
        <Col xs={24} md={12}>
          <AudioMeters levels={levels} connection={connection} starting={watchIdle} />
          {idle && (
            <Button
              className="rc-monitor-watch"
              icon={watchIdle ? <PauseCircleOutlined /> : <EyeOutlined />}
              onClick={() => setWatchIdle(!watchIdle)}
              data-testid="monitor-watch"
            >
              {t(watchIdle ? 'watch.stop' : 'watch.start')}
            </Button>
          )}
        </Col>
      </Row>
    </Card>
  );
}
