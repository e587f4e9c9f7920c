import { useMemo, useState } from 'react';
import { App } from 'antd';
import { FILE_NAMES } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { call, saveBlob } from '../../../api/client';
import { PageContainer } from '../../../components/PageContainer';
import { apiErrorText, showApiError, useCallMutation, useCallQuery } from '../../../api/hooks';
import { useInvalidate } from '../../../api/use-invalidate';
import { ImportUsersModal } from './ImportUsersModal';
import { UserModal } from './UserModal';
import { UserTable } from './UserTable';
import { UserFilter } from './UserFilter';
import { UserToolbar } from './UserToolbar';
import { removeOneByOne } from './bulk-remove';
import { csvBlob, importTemplateCsv, usersToCsv } from './user-csv';
import { filterUsers, type User } from './user-form';

type Dialog = { kind: 'edit'; user?: User } | { kind: 'import' } | undefined;

/** /console/usermanage/user: users with filter, selection, CSV export/import and add/edit/remove. */
export default function UserPage() {
  const { t } = useTranslation('access', { keyPrefix: 'users' });
  const { message } = App.useApp();
  const users = useCallQuery('listuser', {});
  const groups = useCallQuery('listusergroup', {});
  const remove = useCallMutation('removeuser', { invalidate: ['listuser', 'listrecordingaccess'], silent: true });
  const invalidate = useInvalidate();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [removing, setRemoving] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();

  const shown = useMemo(() => filterUsers(users.data ?? [], filter), [users.data, filter]);
  const groupNames = useMemo(() => new Map((groups.data ?? []).map((g) => [g.groupcode, g.groupname])), [groups.data]);
  const reload = () => Promise.all([users.refetch(), groups.refetch()]);

  const removeOne = async (user: User) => {
    try {
      await remove.mutateAsync({ usercode: user.usercode });
      setSelected((s) => s.filter((code) => code !== user.usercode));
      message.success(t('msgRemoved', { code: user.usercode }));
    } catch (err) {
      showApiError(err);
    }
  };

  const removeSelected = async () => {
    setRemoving(true);
    const result = await removeOneByOne(selected, (usercode) => call('removeuser', { usercode }), { describe: apiErrorText });
    setRemoving(false);
    setSelected([]);
    void invalidate('listuser', 'listrecordingaccess');
    if (result.failed.length === 0) message.success(t('msgBulkRemoved', { count: result.removed.length }));
    else
      message.warning(
        t('msgBulkPartial', { removed: result.removed.length, failed: result.failed.length, first: result.failed[0]?.message ?? '' }),
      );
  };

  return (
    <PageContainer title={t('title')} extra={<UserFilter value={filter} onChange={setFilter} />}>
      <UserToolbar
        selectedCount={selected.length}
        removing={removing}
        refreshing={users.isRefetching}
        onAdd={() => setDialog({ kind: 'edit' })}
        onExport={() => saveBlob(csvBlob(usersToCsv(users.data ?? [])), FILE_NAMES.usersExport)}
        onRemoveSelected={removeSelected}
        onRefresh={() => void reload()}
        onImport={() => setDialog({ kind: 'import' })}
        onTemplate={() => saveBlob(csvBlob(importTemplateCsv()), FILE_NAMES.importTemplate)}
      />
      <UserTable
        users={shown}
        groupNames={groupNames}
        loading={users.isLoading}
        selected={selected}
        onSelect={setSelected}
        onEdit={(user) => setDialog({ kind: 'edit', user })}
        onRemove={removeOne}
      />
      {dialog?.kind === 'edit' && <UserModal user={dialog.user} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'import' && (
        <ImportUsersModal
          onClose={() => setDialog(undefined)}
          onImported={() => void invalidate('listusergroup', 'listuser')}
          onTemplate={() => saveBlob(csvBlob(importTemplateCsv()), FILE_NAMES.importTemplate)}
        />
      )}
    </PageContainer>
  );
}
