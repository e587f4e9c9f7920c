import { useState } from 'react';
import { Flex, Select, Table, Typography, type TableColumnsType } from 'antd';
import { HEALTH_CHECKS, type HealthChange, type HealthCheckName } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { HealthStateTag } from '../../components/health/HealthStateTag';
import { reasonText } from '../../components/health/reason-text';
import { useHealth } from './use-health';

const ALL = 'all';

/**
 * The changes of the checks, newest first (as the service lists them). `all` is the panel's own answer; a chosen check
 * is asked of the service (the call's `check`), so its older changes show too.
 */
export function HealthHistory({ all, loading }: { all: readonly HealthChange[] | undefined; loading: boolean }) {
  const { t } = useTranslation('health');
  const [check, setCheck] = useState<HealthCheckName>();
  const one = useHealth(check, check !== undefined);
  const rows = check ? one.data?.history : all;
  const columns: TableColumnsType<HealthChange> = [
    { title: t('history.time'), dataIndex: 'since', className: 'rc-nowrap' },
    { title: t('history.check'), dataIndex: 'check', render: (c: HealthCheckName) => t(`checks.${c}`) },
    { title: t('history.state'), dataIndex: 'state', render: (_, row) => <HealthStateTag state={row.state} /> },
    { title: t('history.reason'), key: 'reason', render: (_, row) => reasonText(t, row.reason, row.args) },
  ];
  return (
    <Flex vertical gap={8} data-testid="health-history">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('history.title')}
        </Typography.Title>
        <Flex gap={8} align="center" wrap>
          <Typography.Text id="rc-health-filter" className="rc-nowrap">
            {t('history.filter')}
          </Typography.Text>
          <Select
            aria-labelledby="rc-health-filter"
            value={check ?? ALL}
            onChange={(v: string) => setCheck(v === ALL ? undefined : (v as HealthCheckName))}
            options={[{ value: ALL, label: t('history.allChecks') }, ...HEALTH_CHECKS.map((c) => ({ value: c, label: t(`checks.${c}`) }))]}
            style={{ width: 180, maxWidth: '100%' }}
            data-testid="health-filter"
          />
        </Flex>
      </Flex>
      <Table<HealthChange>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows ? [...rows] : []}
        loading={check ? one.isLoading : loading}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('history.empty') }}
        // Reasons wrap; only a phone's width scrolls, as the console's other tables do.
        scroll={{ x: 560 }}
      />
    </Flex>
  );
}
