import { Button } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../api/hooks';
import { lockScreen } from './lock-actions';
import { useLockState } from './use-lock-state';

/** The header's Lock button (any user), shown while the screen lock is on (a lock password is set). */
export function LockButton({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation('system');
  const state = useLockState();
  if (!state.data?.enabled) return null;
  return (
    <Button
      type="text"
      className="rc-header-button"
      icon={<LockOutlined />}
      aria-label={t('lock.lockNow')}
      data-testid="lock-now"
      onClick={() => void lockScreen(false).catch(showApiError)}
    >
      {narrow ? null : t('lock.lockNow')}
    </Button>
  );
}
