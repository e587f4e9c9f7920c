import { Col, Flex, Row, Typography } from 'antd';
import type { HealthCheck } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { HealthStateTag } from '../../components/health/HealthStateTag';
import { reasonText } from '../../components/health/reason-text';

/** Each check as a small card: its name, state, the reason with its figures, and since when (the recorder's time). */
export function HealthChecks({ checks }: { checks: readonly HealthCheck[] }) {
  const { t } = useTranslation('health');
  return (
    <Row gutter={[12, 12]} role="list" aria-label={t('panel.checksLabel')}>
      {checks.map((c) => (
        <Col key={c.check} xs={24} md={12} xl={8} role="listitem">
          <Flex vertical gap={4} className="rc-health-check" data-testid={`health-check-${c.check}`} data-state={c.state}>
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text strong>{t(`checks.${c.check}`)}</Typography.Text>
              <HealthStateTag state={c.state} />
            </Flex>
            <Typography.Text data-testid="health-reason">{reasonText(t, c.reason, c.args)}</Typography.Text>
            <Typography.Text type="secondary" className="rc-health-since">
              {t('panel.since', { time: c.since })}
            </Typography.Text>
          </Flex>
        </Col>
      ))}
    </Row>
  );
}
