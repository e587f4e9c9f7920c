import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Modal, Progress, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_NAMES, LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, callDownload, callUpload, saveBlob } from '../../../api/client';
import { apiErrorText } from '../../../api/hooks';
import { RebootPage } from '../../../app/reboot-page';

type Restore =
  | { phase: 'chosen'; file: File }
  | { phase: 'sending'; file: File; percent: number }
  | { phase: 'failed'; file: File; message: string };

const isIni = (name: string) => /\.ini$/i.test(name);

/**
 * System settings → Config backup/restore (spec §2, docs/backup.md): download every setting as an .ini (secrets
 * left out), or restore one after a confirmation, with the upload's progress; the device restarts and the console
 * goes to /reboot. A refused file leaves everything as it was, and the service's reason (line, section, key) shows.
 */
export function BackupRestorePanel() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [restore, setRestore] = useState<Restore>();
  const tt = (key: string, opts?: Record<string, unknown>) => t(`screens.system.backup.${key}`, opts);

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await callDownload('downloadgeneralfile', FILE_NAMES.configBackup);
      saveBlob(blob, filename);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) void message.warning(apiErrorText(err));
    } finally {
      setDownloading(false);
    }
  };

  const choose = (file: File) => {
    if (!isIni(file.name)) setRestore({ phase: 'failed', file, message: tt('notIni') });
    else if (file.size > LIMITS.configBackupMaxBytes) setRestore({ phase: 'failed', file, message: tt('tooLarge', { max: 1 }) });
    else setRestore({ phase: 'chosen', file });
  };

  const send = async (file: File) => {
    setRestore({ phase: 'sending', file, percent: 0 });
    try {
      // The countdown page is fetched now: once the restore is done the service restarts and cannot serve it.
      await RebootPage.preload();
      await callUpload('uploadgeneralfile', file, {
        filePath: file.name,
        onProgress: (f) => setRestore({ phase: 'sending', file, percent: Math.round(f * 100) }),
      });
      setRestore(undefined);
      void message.success(tt('restored'));
      navigate('/reboot');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setRestore({ phase: 'failed', file, message: apiErrorText(err) });
    }
  };

  const sending = restore?.phase === 'sending';
  return (
    <Card title={tt('title')} data-testid="backup-panel">
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{tt('help')}</Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            {tt('download')}
          </Button>
          <Upload
            accept=".ini"
            multiple={false}
            showUploadList={false}
            disabled={sending}
            beforeUpload={(file) => {
              choose(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} danger disabled={sending}>
              {tt('restore')}
            </Button>
          </Upload>
        </Flex>
        {restore?.phase === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={tt('failed', { name: restore.file.name })}
            description={restore.message}
            data-testid="restore-failure"
          />
        )}
      </Flex>
      <Modal
        open={restore?.phase === 'chosen' || sending}
        title={tt('confirmTitle')}
        okText={tt('confirmOk')}
        cancelText={tt('cancel')}
        okButtonProps={{ danger: true, loading: sending }}
        cancelButtonProps={{ disabled: sending }}
        closable={!sending}
        mask={{ closable: false }}
        onOk={() => restore && void send(restore.file)}
        onCancel={() => !sending && setRestore(undefined)}
      >
        <Typography.Paragraph>{tt('confirm', { name: restore?.file.name ?? '' })}</Typography.Paragraph>
        {sending && <Progress percent={restore.percent} aria-label={tt('progress')} data-testid="restore-progress" />}
      </Modal>
    </Card>
  );
}
