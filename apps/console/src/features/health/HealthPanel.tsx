import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/hooks';
import { HEALTH_PANEL_ID } from '../../components/health/health-link';
import { HealthStateTag } from '../../components/health/HealthStateTag';
import { HealthChecks } from './HealthChecks';
import { HealthHistory } from './HealthHistory';
import { useHealth, useRefreshOnHealthChange } from './use-health';
import { useScrollIntoView } from './use-scroll-into-view';
import '../../components/panel.css';
import './health.css';

/**
 * The workbench's Health panel (issue 21): the room's state, each check, and the history of their changes. Read every
 * 15 s while shown and at once when the status says the room's state changed. The health badge opens it (`#health`).
 */
export function HealthPanel() {
  const { t } = useTranslation('health');
  const report = useHealth();
  useRefreshOnHealthChange();
  const ref = useScrollIntoView<HTMLDivElement>(HEALTH_PANEL_ID, report.data !== undefined);
  const title = (
    <Flex gap={8} align="center">
      <span>{t('panel.title')}</span>
      {report.data && <HealthStateTag state={report.data.state} />}
    </Flex>
  );
  return (
    <Card id={HEALTH_PANEL_ID} ref={ref} tabIndex={-1} title={title} className="rc-panel rc-health-panel" data-testid="health-panel">
      <Flex vertical gap={16}>
        {report.isError && !report.data && (
          <Alert type="error" showIcon title={t('panel.loadFailed', { error: apiErrorText(report.error) })} />
        )}
        <Typography.Text type="secondary">{t('panel.deviceTime')}</Typography.Text>
        <HealthChecks checks={report.data?.checks ?? []} />
        <HealthHistory all={report.data?.history} loading={report.isLoading} />
      </Flex>
    </Card>
  );
}
