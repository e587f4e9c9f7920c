import { Segmented } from 'antd';
import { EyeOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readLocal } from '../use-local-state';
import { MENU_SELECTED_KEY } from './SideMenu';
import type { ShellMode } from './shell-mode';

/** Setting mode is /console/..., Viewer mode is /main. Back in Setting mode the last screen is reopened. */
export function ModeSwitch({ mode, narrow }: { mode: ShellMode; narrow: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const go = (next: ShellMode) => {
    if (next === mode) return;
    if (next === 'viewer') return navigate('/main');
    // The console index picks the first usable screen when the remembered one is gone or not allowed.
    const last = readLocal<string[]>(MENU_SELECTED_KEY, [])[0];
    navigate(last ? `/console/${last}` : '/console');
  };
  return (
    <Segmented<ShellMode>
      className="rc-mode-switch"
      size={narrow ? 'small' : 'middle'}
      value={mode}
      onChange={go}
      options={[
        { value: 'settings', icon: <SettingOutlined />, label: narrow ? undefined : t('settingMode'), title: t('settingMode') },
        { value: 'viewer', icon: <EyeOutlined />, label: narrow ? undefined : t('viewerMode'), title: t('viewerMode') },
      ]}
    />
  );
}
