import { Drawer, Table, type TableColumnsType } from 'antd';
import type { Transfer } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { formatSize } from './recording-format';
import { TransferState } from '../../components/transfers/TransferState';

interface Props {
  open: boolean;
  onClose: () => void;
  transfers: Transfer[];
  loading: boolean;
}

/** The upload queue at a glance: the newest transfers, their state, progress and reasons. */
export function TransfersDrawer({ open, onClose, transfers, loading }: Props) {
  const { t } = useTranslation('recording');
  const columns: TableColumnsType<Transfer> = [
    { title: t('columns.title'), dataIndex: 'title' },
    { title: t('share.file'), dataIndex: 'filepath', render: (path: string) => path.split('/').pop() },
    { title: t('columns.size'), dataIndex: 'size', render: (size: number) => formatSize(size), className: 'rc-recording-nowrap' },
    { title: t('share.state.title'), key: 'state', render: (_, transfer) => <TransferState transfer={transfer} /> },
    { title: t('share.updated'), dataIndex: 'updatetime', className: 'rc-recording-nowrap' },
  ];
  return (
    <Drawer title={t('share.queue')} open={open} onClose={onClose} size="large" closable={{ 'aria-label': t('close') }}>
      <Table<Transfer>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={transfers}
        loading={loading}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('share.empty') }}
        data-testid="transfer-table"
      />
    </Drawer>
  );
}
