import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Modal, Progress, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { CallData } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, callUpload } from '../../../api/client';
import { apiErrorText } from '../../../api/hooks';
import { RebootPage } from '../../../app/reboot-page';
import { choiceProblem, megabytes } from './update-text';

/** The service answers after it has checked and unpacked the bundle: longer than a call may take. */
const INSTALL_TIMEOUT_MS = 10 * 60_000;

type Install =
  | { phase: 'chosen'; file: File }
  | { phase: 'sending'; file: File; percent: number }
  | { phase: 'failed'; file: File; message: string };

/**
 * An admin picks an update bundle; after a confirmation it is uploaded with its progress, then checked and installed
 * by the service (signature first: nothing changes before), which restarts into it; the console goes to /reboot. A
 * refused bundle says why, and that nothing was changed.
 */
export function InstallUpdateCard({ info, onInstalled }: { info: CallData<'updateinfo'>; onInstalled: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [install, setInstall] = useState<Install>();
  const noKey = !info.keyfingerprint;

  const choose = (file: File) => {
    const problem = choiceProblem(file, info.maxbytes, t);
    setInstall(problem ? { phase: 'failed', file, message: problem } : { phase: 'chosen', file });
  };

  const send = async (file: File) => {
    setInstall({ phase: 'sending', file, percent: 0 });
    try {
      // The countdown page is fetched now: once installed, the service restarts and cannot serve it for a while.
      await RebootPage.preload();
      const done = await callUpload('uploadupdate', file, {
        filePath: file.name,
        timeoutMs: INSTALL_TIMEOUT_MS,
        onProgress: (f) => setInstall({ phase: 'sending', file, percent: Math.round(f * 100) }),
      });
      setInstall(undefined);
      void message.success(t('update.installed', { version: done.version }));
      onInstalled();
      navigate('/reboot');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      setInstall({ phase: 'failed', file, message: apiErrorText(err) });
    }
  };

  const sending = install?.phase === 'sending';
  const uploaded = sending && install.percent >= 100;
  return (
    <Card type="inner" title={t('update.install')} data-testid="update-install">
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('update.help')}</Typography.Paragraph>
        {noKey && <Alert type="warning" showIcon title={t('update.keyNone')} />}
        <div>
          <Upload
            accept=".tar"
            multiple={false}
            showUploadList={false}
            disabled={sending || noKey}
            beforeUpload={(file) => {
              choose(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={sending || noKey}>
              {t('update.choose')}
            </Button>
          </Upload>
        </div>
        {install?.phase === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={t('update.failed', { name: install.file.name })}
            description={t('update.refusal', { message: install.message })}
            data-testid="update-failure"
          />
        )}
      </Flex>
      <Modal
        open={install?.phase === 'chosen' || sending}
        title={t('update.confirmTitle')}
        okText={t('update.confirmOk')}
        cancelText={t('update.cancel')}
        okButtonProps={{ loading: sending }}
        cancelButtonProps={{ disabled: sending }}
        closable={!sending}
        mask={{ closable: false }}
        onOk={() => install && void send(install.file)}
        onCancel={() => !sending && setInstall(undefined)}
      >
        <Typography.Paragraph>
          {t('update.confirm', { name: install?.file.name ?? '', size: megabytes(install?.file.size ?? 0) })}
        </Typography.Paragraph>
        {sending && (
          <>
            <Progress percent={install.percent} aria-label={t('update.progress')} data-testid="update-progress" />
            {uploaded && <Typography.Text type="secondary">{t('update.checking')}</Typography.Text>}
          </>
        )}
      </Modal>
    </Card>
  );
}
