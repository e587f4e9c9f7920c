import { Space, Table, Tag, type TableColumnsType } from 'antd';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { actionColumn } from '../../../components/action-column';
import { isAdminAccount, isDirectoryUser, type User } from './user-form';

interface Props {
  users: User[];
  groupNames: Map<string, string>;
  loading: boolean;
  selected: string[];
  onSelect: (usercodes: string[]) => void;
  onEdit: (user: User) => void;
  onRemove: (user: User) => Promise<unknown>;
}

const byText = (key: 'usercode' | 'username' | 'role') => (a: User, b: User) => a[key].localeCompare(b[key]);

/**
 * Users: sortable on code, name and role, a directory user's name tagged; row selection; the admin account cannot be
 * removed or selected.
 */
export function UserTable({ users, groupNames, loading, selected, onSelect, onEdit, onRemove }: Props) {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const columns: TableColumnsType<User> = [
    { title: t('usercode'), dataIndex: 'usercode', sorter: byText('usercode') },
    {
      title: t('username'),
      dataIndex: 'username',
      sorter: byText('username'),
      // A campus account (setting_ldap): its name, password and group come from the directory.
      render: (name: string, user) =>
        isDirectoryUser(user) ? (
          <Space size={6} wrap>
            {name}
            <Tag color="purple" data-testid="user-directory-tag">
              {t('directoryTag')}
            </Tag>
          </Space>
        ) : (
          name
        ),
    },
    {
      title: t('role'),
      dataIndex: 'role',
      sorter: byText('role'),
      render: (role: string) => <Tag color={role === 'admin' ? 'gold' : 'blue'}>{t(`roles.${role}`, { defaultValue: role })}</Tag>,
    },
    {
      title: t('group'),
      dataIndex: 'group',
      render: (code: string) => (code ? `${groupNames.get(code) ?? code} (${code})` : ''),
    },
    actionColumn<User>({
      title: t('operation'),
      editText: t('edit'),
      removeText: t('remove'),
      cancelText: t('cancel'),
      confirm: (user) => t('confirmRemove', { code: user.usercode }),
      rowName: (user) => user.usercode,
      onEdit,
      onRemove,
      canRemove: (user) => !isAdminAccount(user.usercode),
    }),
  ];
  return (
    <Table<User>
      rowKey="usercode"
      size="middle"
      columns={columns}
      dataSource={users}
      loading={loading}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (user) => ({ disabled: isAdminAccount(user.usercode), name: user.usercode }),
      }}
      pagination={{
        defaultPageSize: LIMITS.userPageSizes[0],
        pageSizeOptions: LIMITS.userPageSizes.map(String),
        showSizeChanger: true,
        showTotal: (total) => t('total', { count: total }),
      }}
      locale={{ emptyText: t('empty') }}
    />
  );
}
