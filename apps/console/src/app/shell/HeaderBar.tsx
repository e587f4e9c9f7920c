import { Button, Layout, Tooltip } from 'antd';
import { LoginOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HealthBadge } from '../../components/health/HealthBadge';
import { LockButton } from '../../features/system/lock/LockButton';
import { useAuth } from '../auth';
import { shortName, useNarrow } from '../use-narrow';
import { Brand } from './Brand';
import { LanguageMenu } from './LanguageMenu';
import { LogoutButton } from './LogoutButton';
import { ModeSwitch } from './ModeSwitch';
import { RebootButton } from './RebootButton';
import type { ShellMode } from './shell-mode';

/**
 * Logo, title, the room's health (for who may see it), username, Reboot, Setting/Viewer, language, Lock (while the
 * screen lock is on), Logout; compact below 992 px.
 */
export function HeaderBar({ mode }: { mode: ShellMode }) {
  const { t } = useTranslation('shell');
  const { user, can } = useAuth();
  const narrow = useNarrow();
  const navigate = useNavigate();
  return (
    <Layout.Header className={narrow ? 'rc-header rc-header-narrow' : 'rc-header'}>
      <Brand narrow={narrow} />
      <nav className="rc-header-actions" aria-label={t('actionsLabel')}>
        {user ? (
          <>
            <HealthBadge compact={narrow} />
            <Tooltip title={narrow ? user.username : undefined}>
              <span className="rc-header-user" data-testid="header-username">
                <UserOutlined aria-hidden />
                <span>{narrow ? shortName(user.username) : user.username}</span>
              </span>
            </Tooltip>
            {can('systemsetting') && <RebootButton narrow={narrow} />}
            <ModeSwitch mode={mode} narrow={narrow} />
            <LanguageMenu narrow={narrow} />
            <LockButton narrow={narrow} />
            <LogoutButton narrow={narrow} />
          </>
        ) : (
          <>
            <LanguageMenu narrow={narrow} />
            <Button type="primary" icon={<LoginOutlined />} aria-label={t('login')} onClick={() => navigate('/login')}>
              {narrow ? null : t('login')}
            </Button>
          </>
        )}
      </nav>
    </Layout.Header>
  );
}
