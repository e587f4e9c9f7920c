import { Button, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton';
import type { Group } from './group-form';

interface Props {
  groups: Group[];
  loading: boolean;
  onEdit: (group: Group) => void;
  onRemove: (group: Group) => Promise<unknown>;
}

export function GroupTable({ groups, loading, onEdit, onRemove }: Props) {
  const { t } = useTranslation('groups');
  const columns: TableColumnsType<Group> = [
    { title: t('groupcode'), dataIndex: 'groupcode', sorter: (a, b) => a.groupcode.localeCompare(b.groupcode) },
    { title: t('groupname'), dataIndex: 'groupname', sorter: (a, b) => a.groupname.localeCompare(b.groupname) },
    {
      title: t('operation'),
      key: 'operation',
      width: 200,
      render: (_, group) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(group)}>{t('edit')}</Button>
          <ConfirmButton
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            confirm={t('confirmRemove', { code: group.groupcode })}
            okText={t('remove')}
            cancelText={t('cancel')}
            onConfirm={() => onRemove(group)}
          >
            {t('remove')}
          </ConfirmButton>
        </Space>
      ),
    },
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
