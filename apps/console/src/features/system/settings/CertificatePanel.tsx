import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Spin, Typography } from 'antd';
import { DownloadOutlined, FileProtectOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, callDownload, saveBlob } from '../../../api/client';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { CertificateDetails } from './certificate-details';
import { requestNames } from './certificate-names';
import { useCertificateInfo, useShowCertificate } from './certificate-query';
import { CertificateUploadModal } from './certificate-upload';
import { CsrModal } from './csr-modal';

/**
 * System settings → Certificate (docs/security.md "HTTPS"): the certificate the console is served with, to download
 * and install as trusted, its fingerprint to compare; the site's own uploaded, a request for the campus CA, or the
 * box's own again. Each change is served at once. The ACME panel above orders one from the site's ACME server.
 */
export function CertificatePanel() {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.system.certificate' });
  const { message } = App.useApp();
  const info = useCertificateInfo({ silent: true });
  const show = useShowCertificate();
  const [dialog, setDialog] = useState<'upload' | 'csr'>();
  const [downloading, setDownloading] = useState(false);
  const own = useCallMutation('selfsignedcertificate', {
    onSuccess: (data) => {
      show(data);
      void message.success(t('own.done'));
    },
  });

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, filename } = await callDownload('downloadcertificate', undefined);
      saveBlob(blob, filename);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) void message.warning(apiErrorText(err));
    } finally {
      setDownloading(false);
    }
  };

  const cert = info.data;
  return (
    <Card title={t('title')} data-testid="certificate-panel">
      {!cert ? (
        info.isError ? (
          <Alert
            type="error"
            showIcon
            title={apiErrorText(info.error)}
            action={<Button onClick={() => void info.refetch()}>{t('retry')}</Button>}
          />
        ) : (
          <div className="rc-center">
            <Spin />
          </div>
        )
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{t('help')}</Typography.Paragraph>
          <CertificateDetails info={cert} />
          {cert.csrpending && <Alert type="info" showIcon title={t('csrPending')} data-testid="certificate-csr-pending" />}
          <Flex gap={8} wrap>
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="certificate-download">
              {t('download')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setDialog('upload')} data-testid="certificate-upload">
              {t('upload.open')}
            </Button>
            <Button icon={<FileProtectOutlined />} onClick={() => setDialog('csr')} data-testid="certificate-csr">
              {t('csr.open')}
            </Button>
            <ConfirmButton
              icon={<SafetyCertificateOutlined />}
              confirm={t('own.confirm')}
              description={t('own.description')}
              okText={t('own.ok')}
              cancelText={t('own.cancel')}
              onConfirm={() => own.mutateAsync({})}
              data-testid="certificate-own"
            >
              {t('own.open')}
            </ConfirmButton>
          </Flex>
        </Flex>
      )}
      {dialog === 'upload' && cert && <CertificateUploadModal csrPending={cert.csrpending} onClose={() => setDialog(undefined)} />}
      {dialog === 'csr' && cert && <CsrModal initialNames={requestNames(cert.names)} onClose={() => setDialog(undefined)} />}
    </Card>
  );
}
