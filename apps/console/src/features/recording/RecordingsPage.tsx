import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { App, Button } from 'antd';
import { CloudUploadOutlined, UsbOutlined } from '@ant-design/icons';
import { LIMITS, type CallName } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { tMessage } from '../../app/messages';
import { useRecordStatus } from '../../app/status';
import { PageContainer } from '../../components/PageContainer';
import { MediaSearch } from '../../components/search/MediaSearch';
import { hitToPlay, type SearchHit } from '../../components/search/hit-to-play';
import { InfoModal } from './InfoModal';
import { PlayerModal } from './PlayerModal';
import { dayRange, playableFile, type Recording, type RecordingFile } from './recording-format';
import { RecordingTable, type SyncKind } from './RecordingTable';
import { RecordingToolbar, type DayRange } from './RecordingToolbar';
import { TransfersDrawer } from './TransfersDrawer';
import { useListState } from './list-location';
import { useListUsercode } from './use-recordings';
import { useShareTargets, useTransfers, useUploads } from './use-sharing';
import { UsbCopyModal } from './usb/UsbCopyModal';
import './recording.css';

/** A recording's info, or its player: from the start of its main file, or a search hit's part and moment. */
type Dialog = { kind: 'info' | 'play'; recording: Recording; file?: RecordingFile; startSeconds?: number } | undefined;

/**
 * /console/file/video: the recordings, searched, paged by the service (spec §2, §9). The search box above finds words
 * in titles, chapters and captions (issue 22): while it is used its hits replace the list (docs/search-console.md).
 */
export default function RecordingsPage() {
  const { t } = useTranslation('recording');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const usercode = useListUsercode();
  const [{ q, name, start, end, page, pageSize }, setList] = useListState();
  const [typed, setTyped] = useState(name);
  const range: DayRange = start && end ? [dayjs(start), dayjs(end)] : null;
  const [dialog, setDialog] = useState<Dialog>();
  const [queueOpen, setQueueOpen] = useState(false);
  const shareTargets = useShareTargets();
  const transfers = useTransfers();
  // Copy to the USB disk: offered while one is mounted (status hasusb); the modal follows the copy it started.
  const hasUsb = useRecordStatus().data?.hasusb === 'true';
  const [selected, setSelected] = useState<string[]>([]);
  const [usbCopyStarted, setUsbCopyStarted] = useState<number>();
  const usbCopy = useCallMutation('usbcopy');
  const copyToUsb = () => {
    const startedAt = Date.now();
    usbCopy.mutate({ recordids: selected }, { onSuccess: () => setUsbCopyStarted(startedAt) });
  };

  const queryfields = { name, ...dayRange(start && end ? [start, end] : undefined) };
  const list = useCallQuery('listmedia', { usercode, queryfields, currentpage: page, pagesize: pageSize }, { enabled: !q });
  const rows = list.data?.rows ?? [];
  // Rows gone from the page (deleted, another page or search) leave the selection.
  useEffect(() => setSelected((s) => s.filter((id) => list.data?.rows.some((r) => r.recordid === id))), [list.data]);
  const uploads = useUploads(rows.map((r) => r.recordid));
  const total = list.data?.total ?? 0;

  // A page emptied by a delete (or gone after a search elsewhere) falls back to the last page that has rows.
  useEffect(() => {
    if (list.data && list.data.rows.length === 0 && page > 1) setList({ page: Math.max(1, Math.ceil(list.data.total / pageSize)) });
  }, [list.data, page, pageSize, setList]);

  const rename = useCallMutation('updaterecord', { invalidate: ['listmedia'], onSuccess: () => void message.success(t('renamed')) });
  const remove = useCallMutation('removerecord', { invalidate: ['listmedia', 'listalbum'], silent: true });
  const resynced = {
    invalidate: ['listmedia', 'listupload', 'listtransfer'] as CallName[],
    onSuccess: () => void message.success(t('resyncQueued')),
  };
  const resyncFtp = useCallMutation('resyncrecord', resynced);
  const resyncMediaServer = useCallMutation('resyncmediaclientrecord', resynced);

  const search = (next: { name?: string; range?: DayRange }) => {
    const days =
      next.range === undefined
        ? {}
        : { start: next.range?.[0].format('YYYY-MM-DD') ?? '', end: next.range?.[1].format('YYYY-MM-DD') ?? '' };
    setList({ ...(next.name === undefined ? {} : { name: next.name }), ...days, page: 1 });
  };
  const reset = () => {
    setTyped('');
    search({ name: '', range: null });
  };

  const play = dialog?.kind === 'play' ? (dialog.file ?? playableFile(dialog.recording)) : undefined;
  const playHit = async (hit: SearchHit) => {
    const target = await hitToPlay(hit, { usercode }, playableFile);
    if (target) setDialog({ kind: 'play', ...target });
  };

  return (
    <PageContainer title={t('title')}>
      <MediaSearch query={q} onQueryChange={(next) => setList({ q: next })} onPlay={(hit) => void playHit(hit)}>
        <RecordingToolbar
          name={typed}
          onNameChange={setTyped}
          onSearch={(value) => search({ name: value })}
          range={range}
          onRangeChange={(value) => search({ range: value })}
          onReset={reset}
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching && !list.isLoading}
          extra={
            <>
              {(shareTargets.length > 0 || transfers.transfers.length > 0) && (
                <Button icon={<CloudUploadOutlined />} onClick={() => setQueueOpen(true)}>
                  {t('share.queue')}
                </Button>
              )}
              {hasUsb && (
                <Button
                  icon={<UsbOutlined />}
                  disabled={selected.length === 0}
                  loading={usbCopy.isPending}
                  onClick={copyToUsb}
                  data-testid="usb-copy"
                >
                  {t('usb.copy', { count: selected.length })}
                </Button>
              )}
            </>
          }
        />
        <RecordingTable
          recordings={rows}
          loading={list.isLoading}
          pagination={{
            current: page,
            pageSize,
            total,
            pageSizeOptions: LIMITS.recordingsPageSizes.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            hideOnSinglePage: true,
            showTotal: (count) => t('total', { count }),
            onChange: (nextPage, nextSize) => setList({ page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
          }}
          onRename={(r, title) => rename.mutate({ recordid: r.recordid, title })}
          onResync={(r, kind: SyncKind) => (kind === 'ftp' ? resyncFtp : resyncMediaServer).mutate({ recordid: r.recordid })}
          onInfo={(recording) => setDialog({ kind: 'info', recording })}
          onFiles={(r) => navigate(`/console/file/video/detail?id=${encodeURIComponent(r.recordid)}`)}
          onAlbum={(r) => navigate(`/console/file/video/album?isSelectMode=true&recordid=${encodeURIComponent(r.recordid)}`)}
          onPlay={(recording) => setDialog({ kind: 'play', recording })}
          shareTargets={shareTargets}
          uploads={uploads}
          selection={hasUsb ? { selected, onSelect: setSelected } : undefined}
          onDelete={async (r) => {
            await remove.mutateAsync({ recordid: r.recordid });
            void message.success(tMessage('msgDelCompleted'));
          }}
        />
      </MediaSearch>
      {usbCopyStarted !== undefined && <UsbCopyModal startedAt={usbCopyStarted} onClose={() => setUsbCopyStarted(undefined)} />}
      <TransfersDrawer open={queueOpen} onClose={() => setQueueOpen(false)} transfers={transfers.transfers} loading={transfers.loading} />
      {dialog?.kind === 'info' && <InfoModal recording={dialog.recording} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'play' && play && (
        <PlayerModal
          recordid={dialog.recording.recordid}
          title={dialog.recording.title}
          file={play}
          files={dialog.recording.files}
          startSeconds={dialog.startSeconds}
          onClose={() => setDialog(undefined)}
        />
      )}
    </PageContainer>
  );
}
