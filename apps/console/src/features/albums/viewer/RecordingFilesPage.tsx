import { useState } from 'react';
import { Button, Descriptions, Empty, Table, Tag, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorText, useCallQuery } from '../../../api/hooks';
import { useAuth } from '../../../app/auth';
import { PageContainer } from '../../../components/PageContainer';
import { MediaPlayer, type Playing } from './MediaPlayer';
import { channelName, filesQueryOf, filesSearch, formatFileSize, listmediaBody, type RecordingFile } from './vod';
import './viewer.css';

/**
 * /main/files/detail?album={id}&record={id}: the files of one recording of the album (spec §2 "detail"), each
 * playable. It reads the same page of listmedia as the list it came from (so that answer is reused).
 */
export default function RecordingFilesPage() {
  const { t } = useTranslation('albums', { keyPrefix: 'viewer' });
  const navigate = useNavigate();
  const { can } = useAuth();
  const [params] = useSearchParams();
  const q = filesQueryOf(params);
  const recordid = params.get('record') ?? '';
  const media = useCallQuery('listmedia', listmediaBody(q, can('allrecord')), { enabled: q.album !== undefined, silent: true });
  const recording = media.data?.rows.find((r) => r.recordid === recordid);
  const [playing, setPlaying] = useState<Playing>();

  const columns: TableColumnsType<RecordingFile> = [
    { title: t('detail.file'), dataIndex: 'title' },
    { title: t('detail.channel'), dataIndex: 'channel', width: 100, render: (c: number) => <Tag>{channelName(c)}</Tag> },
    { title: t('detail.size'), dataIndex: 'filesize', width: 120, align: 'right', render: (b: number) => formatFileSize(b) },
    { title: t('files.starttime'), dataIndex: 'starttime', width: 190 },
    {
      title: t('files.operation'),
      key: 'operation',
      width: 120,
      render: (_: unknown, file) => (
        <Button
          type="link"
          size="small"
          icon={<PlayCircleOutlined />}
          disabled={!file.url || !recording}
          aria-label={`${t('files.play')} ${file.title}`}
          onClick={() => recording && setPlaying({ recording, file })}
        >
          {t('files.play')}
        </Button>
      ),
    },
  ];

  const empty = media.isError ? apiErrorText(media.error) : media.isSuccess && !recording ? t('detail.missing') : t('detail.empty');

  return (
    <div className="rc-viewer">
      <PageContainer
        title={recording ? recording.title || recording.name : t('detail.title')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/main/files${filesSearch(q)}`)}>
            {t('detail.back')}
          </Button>
        }
      >
        {recording && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            className="rc-vod-meta"
            items={[
              { key: 'album', label: t('detail.album'), children: recording.album },
              { key: 'user', label: t('detail.user'), children: recording.useraccount || recording.usercode },
              { key: 'start', label: t('files.starttime'), children: recording.starttime },
              { key: 'stop', label: t('files.stoptime'), children: recording.stoptime },
            ]}
          />
        )}
        <Table<RecordingFile>
          rowKey="fileid"
          size="middle"
          columns={columns}
          dataSource={recording?.files ?? []}
          loading={media.isLoading}
          pagination={false}
          data-testid="vod-detail"
          locale={{ emptyText: <Empty description={empty} /> }}
        />
      </PageContainer>
      {playing && <MediaPlayer playing={playing} onClose={() => setPlaying(undefined)} />}
    </div>
  );
}
