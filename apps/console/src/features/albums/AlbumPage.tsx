import { useState } from 'react';
import { App, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { tMessage } from '../../app/messages';
import { PageContainer } from '../../components/PageContainer';
import { shareBody, type Album } from './album-form';
import { AlbumModal } from './AlbumModal';
import { AlbumTable } from './AlbumTable';
import './albums.css';
import { AddButton, RefreshButton } from '../../components/ListButtons';

type Editing = { album?: Album } | undefined;

/** /console/file/album: the albums with add, edit, share and delete (spec §2 Album list, §8 messages). */
export default function AlbumPage() {
  const { t } = useTranslation('albums');
  const { message } = App.useApp();
  const albums = useCallQuery('listalbum', {});
  const [editing, setEditing] = useState<Editing>();
  const edit = useCallMutation('editalbum', { invalidate: ['listalbum'] });
  const remove = useCallMutation('deletealbum', { invalidate: ['listalbum', 'listmedia'], silent: true });

  const onShare = (album: Album, share: boolean) => {
    edit.mutate(shareBody(album, share), { onSuccess: () => void message.success(tMessage('messageSucc')) });
  };

  // A failure is shown once by the confirm button.
  const onRemove = async (album: Album) => {
    await remove.mutateAsync({ id: album.id });
    message.success(tMessage('messageDeleteSucc'));
  };

  return (
    <PageContainer
      title={t('title')}
      extra={
        <Space wrap>
          <AddButton onClick={() => setEditing({})}>{t('add')}</AddButton>
          <RefreshButton query={albums}>{t('refresh')}</RefreshButton>
        </Space>
      }
    >
      <AlbumTable
        albums={albums.data ?? []}
        loading={albums.isLoading}
        sharing={edit.isPending ? Number(edit.variables?.id) : undefined}
        onShare={onShare}
        onEdit={(album) => setEditing({ album })}
        onRemove={onRemove}
      />
      {editing && <AlbumModal album={editing.album} onClose={() => setEditing(undefined)} onSaved={(text) => void message.success(text)} />}
    </PageContainer>
  );
}
