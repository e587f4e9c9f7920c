import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/auth';
import { ChangePasswordModal } from './ChangePasswordModal';

/** System settings → Change password (one's own; spec §2): the button opens the dialog. */
export function ChangePasswordPanel() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <Card title={t('screens.system.password.title')} data-testid="password-panel">
      <Flex vertical gap={12} align="start">
        <Typography.Text type="secondary">{t('screens.system.password.help')}</Typography.Text>
        <Button icon={<KeyOutlined />} onClick={() => setOpen(true)}>
          {t('screens.system.password.open')}
        </Button>
      </Flex>
      {open && <ChangePasswordModal user={user} onClose={() => setOpen(false)} />}
    </Card>
  );
}
