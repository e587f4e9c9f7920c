import { Suspense } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { ScreenLockGate } from '../../features/system/lock/ScreenLockGate';
import { StatusProvider } from '../status';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';
import type { ShellMode } from './shell-mode';
import './shell.css';

/**
 * Header on every page; the side menu only in settings mode (spec §2 Layout). The one record/live status
 * poll lives here, so every panel of either mode shares it; so does the screen lock, over all of it.
 */
export default function ShellLayout({ mode }: { mode: ShellMode }) {
  return (
    <StatusProvider>
      <ScreenLockGate>
        <Layout className="rc-shell">
          <HeaderBar mode={mode} />
          <Layout>
            {mode === 'settings' && <SideMenu />}
            <Layout.Content className="rc-content">
              <Suspense fallback={<FullPageSpin />}>
                <Outlet />
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </ScreenLockGate>
    </StatusProvider>
  );
}
