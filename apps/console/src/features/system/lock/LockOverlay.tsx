import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { apiErrorText } from '../../../api/hooks';
import { blockSpace, stripSpaces } from '../../../components/access/password-text';
import { useAuth } from '../../../app/auth';
import { unlockScreen } from './lock-actions';

/**
 * The full-screen lock (spec §2/§5): the lock password ('Please input password.' when empty), Unlock, or Log out.
 * Everything behind it is inert (ScreenLockGate); the service refuses this session's calls until it is unlocked.
 */
export function LockOverlay({ username }: { username: string }) {
  const { t } = useTranslation('system');
  const { logout } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);

  const unlock = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await unlockScreen(password, queryClient);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return;
      form.setFields([{ name: 'password', value: '', errors: [apiErrorText(err)] }]);
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <div className="rc-lock-overlay" role="dialog" aria-modal="true" aria-labelledby="rc-lock-title" data-testid="lock-overlay">
      <div className="rc-lock-card">
        <LockOutlined className="rc-lock-icon" aria-hidden />
        <h1 id="rc-lock-title">{t('lock.title')}</h1>
        <Typography.Text type="secondary">{t('lock.who', { name: username })}</Typography.Text>
        <Form form={form} name="unlock" layout="vertical" requiredMark={false} onFinish={(v) => void unlock(v)}>
          {/* Focused at once: the one thing to do on a locked screen is to type the password. */}
          <Form.Item
            name="password"
            label={t('lock.password')}
            normalize={stripSpaces}
            rules={[{ required: true, message: t('lock.passwordEmpty') }]}
          >
            <Input.Password autoFocus maxLength={LIMITS.passwordMax} onKeyDown={blockSpace} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('lock.unlock')}
          </Button>
          <Button type="link" block onClick={() => void leave()} style={{ marginTop: 8 }}>
            {t('lock.logout')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
