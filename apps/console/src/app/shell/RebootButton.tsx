import { App, Button } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { showApiError } from '../../api/hooks';
import { RebootPage } from '../reboot-page';

/** Reboot with confirmation; then the countdown page (spec §4). Only users with `systemsetting` see it. */
export function RebootButton({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const confirm = () =>
    modal.confirm({
      title: t('rebootTitle'),
      content: t('rebootConfirm'),
      okText: t('reboot'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          // The countdown page is fetched first: once the service goes down it cannot serve the page's code.
          await RebootPage.preload();
          await call('reboot', {});
          navigate('/reboot');
        } catch (err) {
          showApiError(err);
        }
      },
    });
  return (
    <Button type="text" className="rc-header-button" icon={<PoweroffOutlined />} onClick={confirm} aria-label={t('reboot')}>
      {narrow ? null : t('reboot')}
    </Button>
  );
}
