import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionColumn } from '../../../components/action-column';
import type { Group } from './group-form';

interface Props {
  groups: Group[];
  loading: boolean;
  onEdit: (group: Group) => void;
  onRemove: (group: Group) => Promise<unknown>;
}

export function GroupTable({ groups, loading, onEdit, onRemove }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'groups' });
  const columns: TableColumnsType<Group> = [
    { title: t('groupcode'), dataIndex: 'groupcode', sorter: (a, b) => a.groupcode.localeCompare(b.groupcode) },
    { title: t('groupname'), dataIndex: 'groupname', sorter: (a, b) => a.groupname.localeCompare(b.groupname) },
    actionColumn<Group>({
      title: t('operation'),
      editText: t('edit'),
      removeText: t('remove'),
      cancelText: t('cancel'),
      confirm: (group) => t('confirmRemove', { code: group.groupcode }),
      rowName: (group) => group.groupcode,
      onEdit,
      onRemove,
    }),
  ];
  return (
    <Table<Group>
      rowKey="groupcode"
      size="middle"
      columns={columns}
      dataSource={groups}
      loading={loading}
      pagination={{ defaultPageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('empty') }}
    />
  );
}
