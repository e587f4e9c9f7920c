import { useState } from 'react';
import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { ClearOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { LIMITS, type CallData } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../../api/hooks';
import { useAuth } from '../../../app/auth';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { PageContainer } from '../../../components/PageContainer';
import { DebugModeModal } from './DebugModeModal';
import { HiddenPanelTitle } from '../HiddenPanelTitle';

type Entry = CallData<'getopelog'>['list'][number] & { key: string };

/** /console/system/log: the operation log, 30 a page from the service; Clear and the hidden debug mode for admin only (spec §6). */
export default function OperationLogPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const pageSize = LIMITS.opelogPageSize;
  const log = useCallQuery('getopelog', { pagesize: String(pageSize), pageindex: String(page - 1) });
  const clear = useCallMutation('restore_opelog', {
    invalidate: ['getopelog'],
    onSuccess: () => {
      setPage(1);
      void message.success(t('log.cleared'));
    },
  });

  // Entries have no id; their place in the page is their identity.
  const rows: Entry[] = (log.data?.list ?? []).map((entry, i) => ({ ...entry, key: `${page}-${i}` }));

  const columns: TableColumnsType<Entry> = [
    { title: t('log.usercode'), dataIndex: 'usercode', width: 160 },
    { title: t('log.source'), dataIndex: 'opesource', width: 180 },
    { title: t('log.description'), dataIndex: 'description' },
    { title: t('log.time'), dataIndex: 'opetime', width: 200 },
  ];

  return (
    <PageContainer
      title={
        // The hidden debug mode (docs/logs.md): for an admin only; the service refuses getSysLog to anyone else anyway.
        <HiddenPanelTitle
          title={t('log.title')}
          icon={FileTextOutlined}
          enabled={user?.role === 'admin'}
          testId="log-title-icon"
          panel={(close) => <DebugModeModal onClose={close} />}
        />
      }
      extra={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => void log.refetch()} loading={log.isFetching && !log.isLoading}>
            {t('log.refresh')}
          </Button>
          {user?.role === 'admin' && (
            <ConfirmButton
              danger
              icon={<ClearOutlined />}
              confirm={t('log.clearConfirm')}
              okText={t('log.clear')}
              onConfirm={() => clear.mutateAsync({})}
            >
              {t('log.clear')}
            </ConfirmButton>
          )}
        </Space>
      }
    >
      <Table<Entry>
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={log.isLoading}
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize,
          total: log.data?.size ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => t('log.total', { count: total }),
          onChange: setPage,
        }}
      />
    </PageContainer>
  );
}
