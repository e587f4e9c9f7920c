import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../api/client';
import { apiErrorText, useCallMutation } from '../../../api/hooks';
import { SettingsFields } from '../../../components/settings/SettingsFields';
import { useSettingsEdit } from '../../../components/settings/use-settings-edit';
import { PRODUCT_PANEL } from './product-panel';

interface Credentials {
  usercode: string;
  password: string;
}

/**
 * The About page's hidden product editor (spec §2, §5): first an administrator's user code and password, which the
 * service checks (`editproduct`; 'User or password error, please try again.', throttled like login); then the product
 * fields with Save or Close. Save sends the same credentials with the values: the service checks them again.
 */
export function ProductEditModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('system');
  const [admin, setAdmin] = useState<Credentials>();
  return (
    <Modal open title={t('product.title')} footer={null} onCancel={onClose} mask={{ closable: false }} destroyOnHidden>
      {admin ? <ProductFields admin={admin} onClose={onClose} /> : <AdminCheck onPassed={setAdmin} onClose={onClose} />}
    </Modal>
  );
}

function AdminCheck({ onPassed, onClose }: { onPassed: (c: Credentials) => void; onClose: () => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Credentials>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const check = async (values: Credentials) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await call('editproduct', values);
      onPassed(values);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401)) setFailure(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="product-admin" layout="vertical" onFinish={(v) => void check(v)} initialValues={{ usercode: '', password: '' }}>
      <Typography.Paragraph>{t('product.help')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="product-failure" />}
      <Form.Item
        name="usercode"
        label={t('product.usercode')}
        rules={[{ required: true, whitespace: true, message: t('product.usercodeRequired') }]}
      >
        <Input autoComplete="username" maxLength={LIMITS.usercodeMax} />
      </Form.Item>
      <Form.Item name="password" label={t('product.password')} rules={[{ required: true, message: t('product.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" maxLength={LIMITS.passwordMax} />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('product.close')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('product.continue')}
        </Button>
      </Flex>
    </Form>
  );
}

function ProductFields({ admin, onClose }: { admin: Credentials; onClose: () => void }) {
  const { t } = useTranslation('system');
  const save = useCallMutation('editproduct', { invalidate: ['getsetting', 'readconfig'], silent: true });
  const form = useSettingsEdit([PRODUCT_PANEL], {
    saveWith: (body) => save.mutateAsync({ ...admin, data: body[0]?.data ?? [] }),
    afterSave: async () => onClose(),
  });
  const { loaded, editing, edit } = form;
  // The panel opens in edit mode: it exists only to edit.
  useEffect(() => {
    if (loaded && !editing) edit();
  }, [loaded, editing, edit]);

  if (!editing)
    return (
      <div className="rc-center">
        <Spin />
      </div>
    );
  return (
    <Flex vertical gap={8} data-testid="product-editor">
      <SettingsFields panel={PRODUCT_PANEL} form={form} idPrefix="editor-" />
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('product.close')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void form.submit()}>
          {t('product.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
