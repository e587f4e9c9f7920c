import { Table, Typography, type TableColumnsType } from 'antd';
import { CALLS, checkAll, type Transfer, type TransferTarget } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';
import { usePollWhile } from '../../api/use-poll-while';
import { useAuth } from '../../app/auth';
import { TransferState } from '../../components/transfers/TransferState';

/** How often the queue is read while one of its transfers is waiting or sending. */
const ACTIVE_POLL_MS = 2_000;

/**
 * The upload queue of one target (`listtransfer` of that target): the newest transfers, each queued, uploading
 * n %, done or failed with the reason. Shown to those who may list recordings (the call's permission).
 */
export function UploadQueue({ target, title = 'screens.thirdparty.queue' }: { target: TransferTarget; title?: string }) {
  const { t } = useTranslation('settings');
  const { t: tr } = useTranslation('recording');
  const { user } = useAuth();
  const permission = CALLS.listtransfer.permission;
  const needs = typeof permission === 'function' ? permission({ target }) : [permission];
  const allowed = !!user && checkAll(needs, user) === 'allow';
  const query = useCallQuery('listtransfer', { recordid: '', target }, { silent: true, enabled: allowed });
  const rows = query.data ?? [];
  const active = rows.some((x) => x.state === 'queued' || x.state === 'running');
  usePollWhile(active, query.refetch, ACTIVE_POLL_MS);
  if (!allowed) return null;
  const columns: TableColumnsType<Transfer> = [
    { title: tr('columns.title'), dataIndex: 'title' },
    { title: tr('share.file'), dataIndex: 'filepath', render: (path: string) => path.split('/').pop() },
    { title: tr('share.state.title'), key: 'state', render: (_, x) => <TransferState transfer={x} /> },
    { title: tr('share.updated'), dataIndex: 'updatetime' },
  ];
  return (
    <div className="rc-upload-queue">
      <Typography.Title level={5}>{t(title)}</Typography.Title>
      <Table<Transfer>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={query.isLoading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        locale={{ emptyText: tr('share.empty') }}
        data-testid={`upload-queue-${target}`}
      />
    </div>
  );
}
