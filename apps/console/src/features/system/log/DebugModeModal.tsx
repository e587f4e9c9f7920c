import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { LIMITS, LOG_FILES } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, callDownload, saveBlob } from '../../../api/client';
import { apiErrorText } from '../../../api/hooks';

interface Values {
  file: string;
  password: string;
  confirm: string;
}

/**
 * The log screen's hidden debug mode (docs/logs.md): an admin downloads the fixed system logs as
 * download_syslog.zip, AES-256 encrypted with a password typed here twice (sent in the call's body, never stored).
 */
export function DebugModeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { min, max } = LIMITS.syslogPassword;

  const download = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const { file, password } = form.getFieldsValue();
    setBusy(true);
    setFailure(undefined);
    try {
      const { blob, filename } = await callDownload('getSysLog', file, { password });
      saveBlob(blob, filename);
      void message.success(t('debug.downloaded'));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) setFailure(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('debug.title')}
      okText={t('debug.download')}
      cancelText={t('debug.close')}
      confirmLoading={busy}
      onOk={() => void download()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('debug.help')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="debug-failure" />}
      <Form form={form} name="debug" layout="vertical" initialValues={{ file: 'all', password: '', confirm: '' }}>
        <Form.Item name="file" label={t('debug.file')}>
          <Select options={[{ value: 'all', label: t('debug.all') }, ...LOG_FILES.map((f) => ({ value: f, label: f }))]} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('debug.password')}
          rules={[{ required: true, min, max, message: t('debug.passwordShort', { min }) }]}
        >
          <Input.Password autoComplete="new-password" maxLength={max} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('debug.confirm')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value !== getFieldValue('password')) throw new Error(t('debug.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
