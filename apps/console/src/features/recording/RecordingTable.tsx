import type { ReactNode } from 'react';
import { Button, Space, Table, Tag, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ShareTarget, UploadState } from '@roomcast/contract';
import { FolderOutlined, InfoCircleOutlined, PlayCircleOutlined, SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { shortName, useNarrow } from '../../app/use-narrow';
import { RemoveButton } from '../../components/RemoveButton';
import { EditableTitle } from './EditableTitle';
import { ShareMenu } from './ShareMenu';
import { TransferState } from '../../components/transfers/TransferState';
import { playableFile, type Recording } from './recording-format';

export type SyncKind = 'ftp' | 'mediaserver';

interface Props {
  recordings: Recording[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onRename: (recording: Recording, title: string) => unknown;
  onResync: (recording: Recording, kind: SyncKind) => unknown;
  onInfo: (recording: Recording) => void;
  onFiles: (recording: Recording) => void;
  onAlbum: (recording: Recording) => void;
  onPlay: (recording: Recording) => void;
  onDelete: (recording: Recording) => Promise<unknown>;
  /** Providers enabled for sharing (none: no share action and no upload column unless uploads exist). */
  shareTargets: ShareTarget[];
  /** Each recording's uploads per target (FTP, media server, cloud sharing), by recordid (`listupload`). */
  uploads: Map<string, UploadState[]>;
  /** Rows chosen for a batch action (copy to the USB disk); absent: no checkboxes. */
  selection?: { selected: string[]; onSelect: (recordids: string[]) => void };
}

/** The recordings of one page: title edited in place, sync flags with resync, and the row's actions (spec §2). */
export function RecordingTable(p: Props) {
  const { t } = useTranslation('recording');
  const narrow = useNarrow();

  // Each action's accessible name ends with the row's title, so a screen reader says which row it acts on.
  const action = (r: Recording, key: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Button
      type="link"
      size="small"
      icon={icon}
      autoInsertSpace={false}
      aria-label={`${t(`actions.${key}`)} ${r.title}`}
      onClick={onClick}
      disabled={disabled}
    >
      {t(`actions.${key}`)}
    </Button>
  );

  // The flag is set once a sync of that kind has succeeded; resync is offered then (spec §2), and when the
  // upload of that kind failed (its reason shows in the upload column). Rename, album, resync and delete show only
  // on a recording the caller may change (listmedia's `mayedit`: not another user's in a shared album).
  const syncCell = (r: Recording, kind: SyncKind) => {
    const flag = kind === 'ftp' ? r.netsync : r.mediasvrsync;
    const time = kind === 'ftp' ? r.netsynctime : r.mediasvrsynctime;
    const target = kind === 'ftp' ? 'ftp' : 'opencast';
    const failed = p.uploads.get(r.recordid)?.some((u) => u.target === target && u.state === 'failed');
    return (
      <Space size={4} wrap>
        <Tag color={flag ? 'green' : 'default'} title={time || undefined}>
          {flag ? t('yes') : t('no')}
        </Tag>
        {(flag || failed) && r.mayedit && (
          <Button
            size="small"
            icon={<SyncOutlined />}
            aria-label={`${t('resync')} ${r.title}`}
            title={t('resync')}
            onClick={() => p.onResync(r, kind)}
          />
        )}
      </Space>
    );
  };

  const columns: TableColumnsType<Recording> = [
    {
      title: t('columns.title'),
      dataIndex: 'title',
      render: (_: string, r) => <EditableTitle title={r.title} onSave={r.mayedit ? (title) => p.onRename(r, title) : undefined} />,
    },
    {
      title: t('columns.album'),
      dataIndex: 'album',
      render: (album: string) => <span title={album}>{narrow ? shortName(album) : album}</span>,
    },
    { title: t('columns.netsync'), key: 'netsync', render: (_, r) => syncCell(r, 'ftp') },
    { title: t('columns.mediasvrsync'), key: 'mediasvrsync', render: (_, r) => syncCell(r, 'mediaserver') },
    { title: t('columns.created'), dataIndex: 'starttime', className: 'rc-recording-nowrap' },
    ...(p.shareTargets.length > 0 || p.uploads.size > 0
      ? [
          {
            title: t('columns.upload'),
            key: 'upload',
            render: (_: unknown, r: Recording) => (
              <Space direction="vertical" size={4}>
                {(p.uploads.get(r.recordid) ?? []).map((u) => (
                  <TransferState
                    key={u.target}
                    transfer={u}
                    detail={u.files > 1 ? t('share.files', { done: u.done, files: u.files }) : undefined}
                  />
                ))}
              </Space>
            ),
          },
        ]
      : []),
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0} wrap>
          {action(r, 'info', <InfoCircleOutlined />, () => p.onInfo(r))}
          {action(r, 'files', <UnorderedListOutlined />, () => p.onFiles(r))}
          {r.mayedit && action(r, 'album', <FolderOutlined />, () => p.onAlbum(r))}
          {action(r, 'play', <PlayCircleOutlined />, () => p.onPlay(r), !playableFile(r))}
          <ShareMenu filepath={(playableFile(r) ?? r.files[0])?.filepath} rowName={r.title} targets={p.shareTargets} />
          {r.mayedit && (
            <RemoveButton
              text={t('actions.delete')}
              rowName={r.title}
              confirm={t('deleteConfirm', { title: r.title })}
              cancelText={t('cancel')}
              onConfirm={() => p.onDelete(r)}
            />
          )}
        </Space>
      ),
    },
  ];

  const { selection } = p;
  // With checkboxes the table scrolls in a wrapper, not by antd's scroll.x: that adds an aria-hidden measure row
  // holding a copy of the select-all checkbox (axe's aria-hidden-focus), as in FileTable.
  return (
    <div className={selection ? 'rc-recording-table-scroll' : undefined}>
      <Table<Recording>
        rowKey="recordid"
        size="middle"
        columns={columns}
        dataSource={p.recordings}
        loading={p.loading}
        scroll={selection ? undefined : { x: 960 }}
        className={selection ? 'rc-recording-table' : undefined}
        pagination={p.pagination}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selected,
            onChange: (keys) => selection.onSelect(keys.map(String)),
            getCheckboxProps: (r) => ({ 'aria-label': `${t('usb.select')} ${r.title}` }),
          }
        }
        locale={{ emptyText: t('empty') }}
        data-testid="recording-table"
      />
    </div>
  );
}
