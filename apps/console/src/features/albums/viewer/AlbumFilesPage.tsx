import { useState } from 'react';
import { Button, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiErrorText, useCallQuery } from '../../../api/hooks';
import { useAuth } from '../../../app/auth';
import { PageContainer } from '../../../components/PageContainer';
import { MediaPlayer, type Playing } from './MediaPlayer';
import { filesQueryOf, filesSearch, listmediaBody, mainFile, type Recording } from './vod';
import './viewer.css';

/**
 * /main/files?album={id}: the recordings of one album, each playable in the browser (no login needed for a
 * shared album), and a link to the detail view of its files.
 */
export default function AlbumFilesPage() {
  const { t } = useTranslation('albums', { keyPrefix: 'viewer' });
  const navigate = useNavigate();
  const { can } = useAuth();
  const [params] = useSearchParams();
  const q = filesQueryOf(params);
  const albums = useCallQuery('listalbum', {}, { silent: true });
  const album = albums.data?.find((a) => a.id === q.album);
  const media = useCallQuery('listmedia', listmediaBody(q, can('allrecord')), { enabled: q.album !== undefined, silent: true });
  const [playing, setPlaying] = useState<Playing>();

  const columns: TableColumnsType<Recording> = [
    {
      title: t('files.recording'),
      dataIndex: 'title',
      render: (title: string, r) => <Typography.Text strong>{title || r.name}</Typography.Text>,
    },
    { title: t('files.starttime'), dataIndex: 'starttime', width: 190 },
    { title: t('files.stoptime'), dataIndex: 'stoptime', width: 190 },
    { title: t('files.count'), key: 'count', width: 90, align: 'right', render: (_: unknown, r) => r.files.length },
    {
      title: t('files.operation'),
      key: 'operation',
      width: 210,
      render: (_: unknown, r) => {
        const file = mainFile(r);
        const name = r.title || r.name;
        return (
          <Flex gap={8} align="center">
            <Button
              type="link"
              size="small"
              icon={<PlayCircleOutlined />}
              disabled={!file}
              aria-label={`${t('files.play')} ${name}`}
              onClick={() => file && setPlaying({ recording: r, file })}
            >
              {t('files.play')}
            </Button>
            <Link to={`/main/files/detail${filesSearch(q, { record: r.recordid })}`} aria-label={`${t('files.details')} ${name}`}>
              <UnorderedListOutlined /> {t('files.details')}
            </Link>
          </Flex>
        );
      },
    },
  ];

  let empty = t('files.empty');
  if (q.album === undefined || (albums.isSuccess && !album)) empty = t('files.albumMissing');
  else if (media.isError) empty = apiErrorText(media.error);

  return (
    <div className="rc-viewer">
      <PageContainer
        title={album?.name ?? t('files.title')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/main')}>
            {t('files.back')}
          </Button>
        }
      >
        {album?.description && <Typography.Paragraph type="secondary">{album.description}</Typography.Paragraph>}
        <Table<Recording>
          rowKey="recordid"
          size="middle"
          columns={columns}
          dataSource={media.data?.rows ?? []}
          loading={media.isLoading}
          data-testid="vod-files"
          locale={{ emptyText: <Empty description={empty} /> }}
          pagination={{
            current: q.page,
            pageSize: q.size,
            total: media.data?.total ?? 0,
            pageSizeOptions: LIMITS.recordingsPageSizes.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            hideOnSinglePage: true,
            onChange: (page, size) => navigate(filesSearch({ album: q.album, page: size === q.size ? page : 1, size }), { replace: true }),
          }}
        />
      </PageContainer>
      {playing && <MediaPlayer playing={playing} onClose={() => setPlaying(undefined)} />}
    </div>
  );
}
