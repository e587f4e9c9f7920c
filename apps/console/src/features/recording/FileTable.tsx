import { Button, Space, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { CHANNEL_CODES, type ChannelCode, type Transfer, type ShareTarget } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { RemoveButton } from '../../components/RemoveButton';
import { EditableTitle } from './EditableTitle';
import { downloadName, formatSize, type RecordingFile } from './recording-format';
import { ShareMenu } from './ShareMenu';
import { TransferState } from '../../components/transfers/TransferState';

interface Props {
  files: RecordingFile[];
  loading: boolean;
  onRename: (file: RecordingFile, title: string) => unknown;
  onPlay: (file: RecordingFile) => void;
  onDelete: (file: RecordingFile) => Promise<unknown>;
  /** Rows chosen for the batch download (their `fileid`). */
  selected: string[];
  onSelect: (fileids: string[]) => void;
  /** Providers enabled for sharing, and the recording's transfers (newest first). */
  shareTargets: ShareTarget[];
  transfers: Transfer[];
  /** Whether the caller may change the recording (listmedia's `mayedit`): else no rename and no delete. */
  mayEdit: boolean;
}

/** The files of one recording: title edited in place, size, created time, play, download, delete; rows chosen for the batch download (spec §2). */
export function FileTable({ files, loading, onRename, onPlay, onDelete, selected, onSelect, shareTargets, transfers, mayEdit }: Props) {
  const { t } = useTranslation('recording');
  const columns: TableColumnsType<RecordingFile> = [
    {
      title: t('columns.title'),
      dataIndex: 'title',
      render: (_: string, f) => <EditableTitle title={f.title} onSave={mayEdit ? (title) => onRename(f, title) : undefined} />,
    },
    {
      title: t('columns.channel'),
      dataIndex: 'channel',
      render: (channel: number) => CHANNEL_CODES[channel as ChannelCode] ?? String(channel),
    },
    { title: t('columns.size'), dataIndex: 'filesize', className: 'rc-recording-nowrap', render: (size: number) => formatSize(size) },
    { title: t('columns.created'), dataIndex: 'starttime', className: 'rc-recording-nowrap' },
    ...(shareTargets.length > 0 || transfers.length > 0
      ? [
          {
            title: t('columns.upload'),
            key: 'upload',
            render: (_: unknown, f: RecordingFile) => {
              const transfer = transfers.find((x) => x.filepath === f.filepath);
              return transfer ? <TransferState transfer={transfer} /> : null;
            },
          },
        ]
      : []),
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, f) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<PlayCircleOutlined />}
            autoInsertSpace={false}
            aria-label={`${t('actions.play')} ${f.title}`}
            disabled={!f.url}
            onClick={() => onPlay(f)}
          >
            {t('actions.play')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            autoInsertSpace={false}
            aria-label={`${t('actions.download')} ${f.title}`}
            disabled={!f.url}
            href={f.url || undefined}
            download={downloadName(f)}
          >
            {t('actions.download')}
          </Button>
          <ShareMenu filepath={f.filepath} rowName={f.title} targets={shareTargets} />
          {mayEdit && (
            <RemoveButton
              text={t('actions.delete')}
              rowName={f.title}
              confirm={t('deleteFileConfirm', { title: f.title })}
              cancelText={t('cancel')}
              onConfirm={() => onDelete(f)}
            />
          )}
        </Space>
      ),
    },
  ];
  // Scrolled by a wrapper, not antd's scroll.x: that adds an aria-hidden measure row holding a copy of the
  // select-all checkbox (focusable content hidden from assistive technology, axe's aria-hidden-focus).
  return (
    <div className="rc-file-table-scroll">
      <Table<RecordingFile>
        rowKey="fileid"
        size="middle"
        columns={columns}
        dataSource={files}
        loading={loading}
        className="rc-file-table"
        pagination={false}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(String)),
          getCheckboxProps: (f) => ({ 'aria-label': `${t('detail.select')} ${f.title}` }),
        }}
        locale={{ emptyText: t('detail.empty') }}
        data-testid="file-table"
      />
    </div>
  );
}
