import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth';
import { PageContainer } from '../components/PageContainer';
import { useHealthAccess } from '../components/health/use-health-access';
import { ConfidenceMonitor } from '../components/monitor/ConfidenceMonitor';
import { HealthPanel } from '../features/health/HealthPanel';
import { LivePanel } from '../features/live/room/LivePanel';
import { RecordPanel } from '../features/recording/control/RecordPanel';
import { ScheduleCard } from '../features/schedule/ScheduleCard';
import { StoragePanel } from '../features/recording/control/StoragePanel';

/**
 * /console/operation/opemain: the Live panel (for `operating`), the Record panel (state, controls, timer,
 * schedules), the storage circles, the confidence monitor and the room's Health panel, all reading the console's one
 * status poll (the Health panel also reads `health`, every 15 s). The page needs `operating` or `record` (spec §6).
 */
export default function WorkbenchPage() {
  const { t } = useTranslation('menu');
  const { can } = useAuth();
  const health = useHealthAccess();
  return (
    <PageContainer title={t('items.opemain')}>
      <Row gutter={[16, 16]} align="stretch">
        {can('operating') && (
          <Col span={24}>
            <LivePanel />
          </Col>
        )}
        <Col xs={24} lg={14}>
          <RecordPanel />
        </Col>
        <Col xs={24} lg={10}>
          <StoragePanel />
        </Col>
        <Col span={24}>
          <ConfidenceMonitor />
        </Col>
        {health && (
          <Col span={24}>
            <HealthPanel />
          </Col>
        )}
        <Col span={24}>
          <ScheduleCard />
        </Col>
      </Row>
    </PageContainer>
  );
}
