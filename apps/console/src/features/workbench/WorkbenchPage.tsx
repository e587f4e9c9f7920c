import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/PageContainer';
import { RecordPanel } from './RecordPanel';
import { ScheduleCard } from './ScheduleCard';
import { StoragePanel } from './StoragePanel';
import './workbench.css';

/**
 * /console/operation/opemain: the Record panel (state, controls, timer, schedules) and the storage circles,
 * all reading the console's one status poll. The page needs `operating` or `record` (spec §6).
 */
export default function WorkbenchPage() {
  const { t } = useTranslation('workbench');
  return (
    <PageContainer title={t('title')}>
      {/* The Live panel (spec §2; it needs `operating`) joins as the first row of this grid when it is built. */}
      <Row gutter={[16, 16]} align="stretch">
        <Col xs={24} lg={14}>
          <RecordPanel />
        </Col>
        <Col xs={24} lg={10}>
          <StoragePanel />
        </Col>
        <Col span={24}>
          <ScheduleCard />
        </Col>
      </Row>
    </PageContainer>
  );
}
