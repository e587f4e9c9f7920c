import { useState } from 'react';
import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/PageContainer';
import { showApiError, useCallMutation, useCallQuery } from '../../../api/hooks';
import { GroupModal } from './GroupModal';
import { GroupTable } from './GroupTable';
import type { Group } from './group-form';
import { AddButton, RefreshButton } from '../../../components/ListButtons';

type Editing = { group?: Group } | undefined;

/** /console/usermanage/group: the user groups with add, edit and remove. */
export default function GroupPage() {
  const { t } = useTranslation('access', { keyPrefix: 'groups' });
  const { message } = App.useApp();
  const groups = useCallQuery('listusergroup', {});
  const [editing, setEditing] = useState<Editing>();
  const remove = useCallMutation('removeusergroup', { invalidate: ['listusergroup', 'listuser', 'listrecordingaccess'], silent: true });

  const onRemove = async (group: Group) => {
    try {
      await remove.mutateAsync({ groupcode: group.groupcode });
      message.success(t('msgRemoved', { code: group.groupcode }));
    } catch (err) {
      showApiError(err);
    }
  };

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Space wrap>
          <AddButton onClick={() => setEditing({})}>{t('add')}</AddButton>
          <RefreshButton query={groups}>{t('refresh')}</RefreshButton>
        </Space>
      }
    >
      <GroupTable groups={groups.data ?? []} loading={groups.isLoading} onEdit={(group) => setEditing({ group })} onRemove={onRemove} />
      {editing && <GroupModal group={editing.group} onClose={() => setEditing(undefined)} />}
    </PageContainer>
  );
}
