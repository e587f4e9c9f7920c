import { App, Button } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth';

/** Logout with confirmation (spec §5): ends the session on the service, forgets it here, goes to /login. */
export function LogoutButton({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const confirm = () =>
    modal.confirm({
      title: t('logoutTitle'),
      content: t('logoutConfirm'),
      okText: t('logout'),
      onOk: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    });
  return (
    <Button type="text" className="rc-header-button" icon={<LogoutOutlined />} onClick={confirm} aria-label={t('logout')}>
      {narrow ? null : t('logout')}
    </Button>
  );
}
