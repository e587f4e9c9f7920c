import { Alert, App, Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import type { CallData } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorText, useCallMutation, useCallQuery } from '../../api/hooks';
import { PageContainer } from '../../components/PageContainer';
import { useRecording } from './use-recordings';
import { listLocation } from './list-location';

type Album = CallData<'listalbum'>[number];

/**
 * /console/file/video/album?isSelectMode=true&recordid=…: choose the album of one recording (`setalbum`), then
 * back to the list. The album screen itself (add, edit, delete) is /console/file/album.
 */
export default function AlbumPickerPage() {
  const { t } = useTranslation('recording');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recordid = params.get('recordid');
  const recording = useRecording(recordid);
  const albums = useCallQuery('listalbum', {}, { silent: true });
  const setAlbum = useCallMutation('setalbum', { invalidate: ['listmedia', 'listalbum'] });
  const current = recording.data?.album;

  const choose = async (album: Album) => {
    if (!recordid) return;
    await setAlbum.mutateAsync({ recordid, albumid: album.id, albumname: album.name });
    void message.success(t('albumPicker.done', { name: album.name }));
    navigate(listLocation());
  };

  const columns: TableColumnsType<Album> = [
    {
      title: t('albumPicker.name'),
      dataIndex: 'name',
      render: (name: string, a) => (
        <>
          {name} {a.isdefault && <Tag>{t('albumPicker.default')}</Tag>}
          {name === current && <Tag color="blue">{t('albumPicker.current')}</Tag>}
        </>
      ),
    },
    { title: t('albumPicker.description'), dataIndex: 'description', ellipsis: true },
    { title: t('albumPicker.count'), dataIndex: 'count', width: 120 },
    {
      title: t('albumPicker.shared'),
      dataIndex: 'share',
      width: 120,
      render: (share: boolean) => <Tag color={share ? 'green' : 'default'}>{share ? t('yes') : t('no')}</Tag>,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      width: 140,
      render: (_, a) => (
        <Button
          type="link"
          size="small"
          icon={<CheckOutlined />}
          autoInsertSpace={false}
          aria-label={`${t('albumPicker.select')} ${a.name}`}
          disabled={!recordid || setAlbum.isPending}
          onClick={() => void choose(a).catch(() => undefined)}
        >
          {t('albumPicker.select')}
        </Button>
      ),
    },
  ];

  return (
    <PageContainer
      title={t('albumPicker.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listLocation())}>
          {t('back')}
        </Button>
      }
    >
      {recordid ? (
        recording.data && <Typography.Paragraph>{t('albumPicker.for', { title: recording.data.title })}</Typography.Paragraph>
      ) : (
        <Alert type="info" showIcon message={t('albumPicker.noRecording')} style={{ marginBottom: 16 }} />
      )}
      {albums.isError ? (
        <Alert type="warning" showIcon message={apiErrorText(albums.error)} data-testid="album-problem" />
      ) : (
        <Table<Album>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={albums.data ?? []}
          loading={albums.isLoading}
          scroll={{ x: 720 }}
          pagination={false}
          locale={{ emptyText: t('albumPicker.empty') }}
        />
      )}
    </PageContainer>
  );
}
