import { Alert, Card, Col, Row } from 'antd';
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
  const { levels, connection } = useLevels();
  const running = levels?.running ?? false;
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
          <AudioMeters levels={levels} connection={connection} />
        </Col>
      </Row>
    </Card>
  );
}
