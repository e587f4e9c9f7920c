import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Typography, Upload } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { useShowCertificate } from './certificate-query';
import { CERTIFICATE_FILE_TYPES, KEY_FILE_TYPES, PEM_MAX_BYTES, readPemFile, type PemFileIssue } from './pem-file';
import './certificate.css';

const U = 'screens.system.certificate.upload';

interface PemFieldProps {
  id: string;
  label: string;
  help: string;
  accept: string;
  openText: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A PEM text pasted, or read from a chosen file (as text, in the browser). */
function PemField({ id, label, help, accept, openText, placeholder, value, onChange }: PemFieldProps) {
  const { t } = useTranslation('settings', { keyPrefix: U });
  const [issue, setIssue] = useState<PemFileIssue>();
  const read = async (file: File) => {
    const result = await readPemFile(file);
    if ('issue' in result) return setIssue(result.issue);
    setIssue(undefined);
    onChange(result.text);
  };
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      help={issue ? t(issue, { max: PEM_MAX_BYTES / 1024 }) : help}
      validateStatus={issue ? 'error' : undefined}
      data-testid={`${id}-field`}
    >
      <Flex vertical gap={8} align="start">
        <Upload
          accept={accept}
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void read(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button size="small" icon={<FolderOpenOutlined />}>
            {openText}
          </Button>
        </Upload>
        <Input.TextArea
          id={id}
          value={value}
          placeholder={placeholder}
          autoSize={{ minRows: 4, maxRows: 10 }}
          spellCheck={false}
          className="rc-pem-text"
          onChange={(e) => {
            setIssue(undefined);
            onChange(e.target.value);
          }}
        />
      </Flex>
    </Form.Item>
  );
}

/**
 * Installs the site's certificate (`uploadcertificate`): the PEM leaf then its chain, and its key (none when a
 * request made here waits for it). The service checks it whole; its refusal shows here and nothing changes.
 */
export function CertificateUploadModal({ csrPending, onClose }: { csrPending: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings', { keyPrefix: U });
  const { message } = App.useApp();
  const show = useShowCertificate();
  const [certificate, setCertificate] = useState('');
  const [key, setKey] = useState('');
  const upload = useCallMutation('uploadcertificate', {
    silent: true,
    onSuccess: (info) => {
      show(info);
      void message.success(t('done'));
      onClose();
    },
  });
  const edited = (set: (v: string) => void) => (value: string) => {
    upload.reset();
    set(value);
  };
  return (
    <Modal
      open
      width={680}
      title={t('title')}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !certificate.trim(), loading: upload.isPending }}
      onOk={() => upload.mutate({ certificate, key })}
      onCancel={onClose}
      mask={{ closable: false }}
    >
      <Typography.Paragraph>{t('help')}</Typography.Paragraph>
      <Form layout="vertical">
        <PemField
          id="certificate-upload-certificate"
          label={t('certificate')}
          help={t('certificateHelp')}
          accept={CERTIFICATE_FILE_TYPES}
          openText={t('openCertificate')}
          placeholder="-----BEGIN CERTIFICATE-----"
          value={certificate}
          onChange={edited(setCertificate)}
        />
        <PemField
          id="certificate-upload-key"
          label={t('key')}
          help={csrPending ? t('keyCsr') : t('keyHelp')}
          accept={KEY_FILE_TYPES}
          openText={t('openKey')}
          placeholder="-----BEGIN PRIVATE KEY-----"
          value={key}
          onChange={edited(setKey)}
        />
      </Form>
      {upload.isError && (
        <Alert type="error" showIcon title={t('refused')} description={apiErrorText(upload.error)} data-testid="certificate-upload-error" />
      )}
    </Modal>
  );
}
