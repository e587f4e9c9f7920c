import { useState } from 'react';
import { Button, Empty, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, PlayCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiErrorText, useCallQuery } from '../../../api/hooks';
import { useAuth } from '../../../app/auth';
import { PageContainer } from '../../../components/PageContainer';
import { hitToPlay, type SearchHit } from '../../../components/search/hit-to-play';
import { MediaSearch } from '../../../components/search/MediaSearch';
import { SEARCH_QUERY_MAX } from '../../../components/search/search-format';
import { MediaPlayer, type Playing } from './MediaPlayer';
import { filesQueryOf, filesSearch, listmediaBody, mainFile, type Recording } from './vod';
import './viewer.css';

/**
 * /main/files?album={id}: the recordings of one album, each playable in the browser (no login needed for a
 * shared album), and a link to the detail view of its files. The search box finds words in the album's titles,
 * chapters and captions (`&q=`): while it is used its hits replace the list (docs/search-console.md).
 */
export default function AlbumFilesPage() {
  const { t } = useTranslation('albums', { keyPrefix: 'viewer' });
  const navigate = useNavigate();
  const { can } = useAuth();
  const [params] = useSearchParams();
  const q = filesQueryOf(params);
  const words = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const allRecordings = can('allrecord');
  const albums = useCallQuery('listalbum', {}, { silent: true });
  const album = albums.data?.find((a) => a.id === q.album);
  // While words are searched their hits replace the list: it is read again when the search is cleared.
  const media = useCallQuery('listmedia', listmediaBody(q, allRecordings), { enabled: q.album !== undefined && !words, silent: true });
  const [playing, setPlaying] = useState<Playing>();
  const playHit = async (hit: SearchHit) => {
    const target = await hitToPlay(hit, { usercode: listmediaBody(q, allRecordings).usercode ?? '', albumid: q.album }, mainFile);
    if (target) setPlaying(target);
  };

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

  const missing = q.album === undefined || (albums.isSuccess && !album);
  let empty = t('files.empty');
  if (missing) empty = t('files.albumMissing');
  else if (media.isError) empty = apiErrorText(media.error);

  const table = (
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
  );

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
        {missing ? (
          table
        ) : (
          <MediaSearch
            query={words}
            albumid={q.album}
            onQueryChange={(next) => navigate(filesSearch(q, next ? { q: next } : {}), { replace: true })}
            onPlay={(hit) => void playHit(hit)}
          >
            {table}
          </MediaSearch>
        )}
      </PageContainer>
      {playing && <MediaPlayer playing={playing} onClose={() => setPlaying(undefined)} />}
    </div>
  );
}
