import { useState } from 'react';
import { Alert, Form, Input } from 'antd';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, call } from '../../../api/client';
import { apiErrorText } from '../../../api/hooks';
import { useAuth, type CurrentUser } from '../../../app/auth';
import { toastSuccess } from '../../../app/toast';
import { blockSpace, newPasswordProblem, stripSpaces } from '../../../components/access/password-text';
import { FormModal } from '../../../components/FormModal';

interface Values {
  oldpassword: string;
  password: string;
  confirm: string;
}

/**
 * Change one's own password (spec §2/§4/§5): the user name read-only, the old password, the new one twice (spaces
 * stripped, the space key blocked). On success the service has ended every session of the user: 'password changed',
 * then /login, where only the new password works.
 */
export function ChangePasswordModal({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const tt = (key: string, opts?: Record<string, unknown>) => t(`screens.system.password.${key}`, opts);
  const { forget } = useAuth();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const newPasswordRule = (which: 'password' | 'confirm') => ({
    validator: async () => {
      const problem = newPasswordProblem(form.getFieldValue('password'), form.getFieldValue('confirm'), true);
      const mine = which === 'confirm' ? problem === 'msgPasswordConfirm' : problem !== undefined && problem !== 'msgPasswordConfirm';
      if (problem && mine) throw new Error(tt(problem, { min: LIMITS.passwordMin }));
    },
  });

  const submit = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const { oldpassword, password } = form.getFieldsValue();
    setBusy(true);
    setFailure(undefined);
    try {
      await call('changepassword', { usercode: user.usercode, oldpassword, password });
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError && err.status === 401)) setFailure(apiErrorText(err));
      return;
    }
    toastSuccess(tt('changed'));
    forget();
    navigate('/login', { replace: true });
  };

  const password = (name: keyof Values, label: string, rules: object[], autoComplete: string) => (
    <Form.Item
      name={name}
      label={label}
      required={name !== 'confirm'}
      normalize={stripSpaces}
      rules={rules}
      dependencies={name === 'oldpassword' ? [] : ['password', 'confirm']}
    >
      <Input.Password maxLength={LIMITS.passwordMax} onKeyDown={blockSpace} autoComplete={autoComplete} />
    </Form.Item>
  );

  return (
    <FormModal
      title={tt('title')}
      okText={tt('ok')}
      cancelText={tt('cancel')}
      saving={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      width={520}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="password-failure" />}
      <Form form={form} name="changepassword" layout="vertical" initialValues={{ oldpassword: '', password: '', confirm: '' }}>
        <Form.Item label={tt('username')} htmlFor="changepassword_username">
          <Input id="changepassword_username" value={user.username} readOnly />
        </Form.Item>
        {password('oldpassword', tt('old'), [{ required: true, message: tt('oldEmpty') }], 'current-password')}
        {password('password', tt('new'), [newPasswordRule('password')], 'new-password')}
        {password('confirm', tt('confirm'), [newPasswordRule('confirm')], 'new-password')}
      </Form>
    </FormModal>
  );
}
