import { useEffect, useState } from 'react';
import { Alert, App, Button, Space, Typography } from 'antd';
import { ArrowLeftOutlined, FileZipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorText, useCallMutation } from '../../api/hooks';
import { tMessage } from '../../app/messages';
import { PageContainer } from '../../components/PageContainer';
import { CaptionsSection } from './captions/CaptionsSection';
import { FileTable } from './FileTable';
import { PlayerModal } from './PlayerModal';
import type { RecordingFile } from './recording-format';
import { useRecording } from './use-recordings';
import { useShareTargets, useTransfers } from './use-sharing';
import './recording.css';
import { listLocation } from './list-location';

/**
 * /console/file/video/detail?id=…: the files of one recording. Chosen rows download as one zip: batchdownload answers
 * a short-lived URL of a zip the service streams as it builds it, so the browser's download shows the progress.
 */
export default function RecordingDetailPage() {
  const { t } = useTranslation('recording');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recordid = params.get('id');
  const recording = useRecording(recordid);
  const [playing, setPlaying] = useState<RecordingFile>();
  const shareTargets = useShareTargets();
  const transfers = useTransfers(recordid ?? undefined);

  const rename = useCallMutation('updaterecord', { invalidate: ['listmedia'], onSuccess: () => void message.success(t('renamed')) });
  const remove = useCallMutation('removefile', { invalidate: ['listmedia'], silent: true });
  const batch = useCallMutation('batchdownload');
  const [selected, setSelected] = useState<string[]>([]);
  const files = recording.data?.files;
  // Rows that are gone (deleted, or another recording) leave the selection.
  useEffect(() => setSelected((s) => s.filter((id) => files?.some((f) => f.fileid === id))), [files]);
  const downloadSelected = async () => {
    const chosen = (files ?? []).filter((f) => selected.includes(f.fileid)).map((f) => f.filepath);
    const { url } = await batch.mutateAsync({ files: chosen });
    const a = document.createElement('a');
    a.href = url;
    a.download = '';
    a.click();
    void message.info(t('detail.batchStarted'));
  };

  const r = recording.data;
  let problem: string | undefined;
  if (!recordid) problem = t('detail.noId');
  else if (recording.isError) problem = apiErrorText(recording.error);
  else if (recording.isSuccess && !r) problem = t('detail.notFound', { id: recordid });

  return (
    <PageContainer
      title={t('detail.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listLocation())}>
          {t('back')}
        </Button>
      }
    >
      {problem ? (
        <Alert type="warning" showIcon message={problem} data-testid="detail-problem" />
      ) : (
        <>
          {r && (
            <Space className="rc-recording-detail-head" wrap>
              <Typography.Text strong>{r.title}</Typography.Text>
              <Typography.Text type="secondary">{r.starttime}</Typography.Text>
              <Button
                icon={<FileZipOutlined />}
                disabled={selected.length === 0}
                loading={batch.isPending}
                onClick={() => void downloadSelected().catch(() => {})}
                data-testid="batch-download"
              >
                {t('detail.batchDownload', { count: selected.length })}
              </Button>
            </Space>
          )}
          <FileTable
            files={r?.files ?? []}
            loading={recording.isLoading}
            selected={selected}
            onSelect={setSelected}
            shareTargets={shareTargets}
            transfers={transfers.transfers}
            mayEdit={r?.mayedit ?? false}
            onRename={(file, title) => r && rename.mutate({ recordid: r.recordid, title, filepath: file.filepath })}
            onPlay={setPlaying}
            onDelete={async (file) => {
              await remove.mutateAsync({ filename: file.filepath });
              void message.success(tMessage('msgDelCompleted'));
            }}
          />
          {r && <CaptionsSection recordid={r.recordid} />}
        </>
      )}
      {r && playing && (
        <PlayerModal recordid={r.recordid} title={playing.title} file={playing} files={r.files} onClose={() => setPlaying(undefined)} />
      )}
    </PageContainer>
  );
}
