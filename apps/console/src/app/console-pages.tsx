import type { ReactNode } from 'react';
import {
  AimOutlined, ApiOutlined, AppstoreOutlined, CloudServerOutlined, CloudSyncOutlined, ControlOutlined,
  DashboardOutlined, DesktopOutlined, FolderOutlined, FontSizeOutlined, FundProjectionScreenOutlined, HddOutlined,
  InfoCircleOutlined, PictureOutlined, PlaySquareOutlined, ProfileOutlined, SettingOutlined, ShareAltOutlined,
  SoundOutlined, TeamOutlined, ToolOutlined, UserOutlined, VideoCameraOutlined,
} from '@ant-design/icons';
import type { FunctionKey, WebConfig } from '@roomcast/contract';
import { GroupPage, OperationLogPage, UserPage, WorkbenchPage, type LazyPage } from './pages';

export type MenuGroupKey = 'operation' | 'file' | 'usermanage' | 'advance' | 'system';

export const MENU_GROUPS: { key: MenuGroupKey; icon: ReactNode }[] = [
  { key: 'operation', icon: <DesktopOutlined /> },
  { key: 'file', icon: <FolderOutlined /> },
  { key: 'usermanage', icon: <TeamOutlined /> },
  { key: 'advance', icon: <ToolOutlined /> },
  { key: 'system', icon: <SettingOutlined /> },
];

export interface ConsolePage {
  /** Path under /console, also the menu key, e.g. `system/log`. */
  path: string;
  group: MenuGroupKey;
  /** Key in the `menu` namespace: `items.<id>`. */
  id: string;
  icon: ReactNode;
  /** The user needs at least one of these (admin always); sub-functions count only with their parent. */
  requires: FunctionKey[];
  /** The screen; undefined renders the shared NotAvailable page. */
  component?: LazyPage;
  /** Not a menu item of its own: highlights `menuPath` instead. */
  menuPath?: string;
  hiddenWhen?: (config: WebConfig) => boolean;
}

/**
 * Every /console route of spec §2 with the function it needs. The side menu and the route guards both read
 * this table, so a user never sees a menu item they would be refused.
 */
export const CONSOLE_PAGES: ConsolePage[] = [
  { path: 'operation/opemain', group: 'operation', id: 'opemain', icon: <DashboardOutlined />, requires: ['operating', 'record'], component: WorkbenchPage },
  { path: 'operation/opeaudio', group: 'operation', id: 'opeaudio', icon: <SoundOutlined />, requires: ['audiosetting'] },
  { path: 'operation/opevideo', group: 'operation', id: 'opevideo', icon: <VideoCameraOutlined />, requires: ['videosetting'] },
  { path: 'operation/opeeffect', group: 'operation', id: 'opeeffect', icon: <AppstoreOutlined />, requires: ['videoeffect'] },
  { path: 'operation/opeosd', group: 'operation', id: 'opeosd', icon: <FontSizeOutlined />, requires: ['logotitle'] },
  { path: 'operation/opeptz', group: 'operation', id: 'opeptz', icon: <AimOutlined />, requires: ['cameracontrol'] },
  { path: 'operation/opeppt', group: 'operation', id: 'opeppt', icon: <FundProjectionScreenOutlined />, requires: ['ppt'], hiddenWhen: (c) => c.site.mode4k },
  { path: 'operation/opemediastream', group: 'operation', id: 'opemediastream', icon: <ShareAltOutlined />, requires: ['mediastream'] },
  { path: 'file/album', group: 'file', id: 'album', icon: <PictureOutlined />, requires: ['album'] },
  { path: 'file/video', group: 'file', id: 'video', icon: <PlaySquareOutlined />, requires: ['allrecord', 'myrecord'] },
  { path: 'file/video/detail', group: 'file', id: 'videoDetail', icon: <PlaySquareOutlined />, requires: ['allrecord', 'myrecord'], menuPath: 'file/video' },
  { path: 'file/video/album', group: 'file', id: 'videoAlbum', icon: <PlaySquareOutlined />, requires: ['allrecord', 'myrecord'], menuPath: 'file/video' },
  { path: 'usermanage/group', group: 'usermanage', id: 'group', icon: <TeamOutlined />, requires: ['usermanage'], component: GroupPage },
  { path: 'usermanage/user', group: 'usermanage', id: 'user', icon: <UserOutlined />, requires: ['usermanage'], component: UserPage },
  { path: 'advance/storage', group: 'advance', id: 'storage', icon: <HddOutlined />, requires: ['storage'] },
  { path: 'advance/serialport', group: 'advance', id: 'serialport', icon: <ApiOutlined />, requires: ['serialport'] },
  { path: 'advance/3rdpart', group: 'advance', id: 'thirdpart', icon: <CloudServerOutlined />, requires: ['3rdpartsystem'] },
  { path: 'system/settings', group: 'system', id: 'settings', icon: <ControlOutlined />, requires: ['systemsetting'] },
  { path: 'system/update', group: 'system', id: 'update', icon: <CloudSyncOutlined />, requires: ['systemsetting', 'about'], menuPath: 'system/about' },
  { path: 'system/log', group: 'system', id: 'log', icon: <ProfileOutlined />, requires: ['syslog'], component: OperationLogPage },
  { path: 'system/about', group: 'system', id: 'about', icon: <InfoCircleOutlined />, requires: ['about'] },
];

export const CONSOLE_PREFIX = '/console/';

/** The page a /console location belongs to (longest matching path). */
export function pageOfLocation(pathname: string): ConsolePage | undefined {
  const rest = pathname.startsWith(CONSOLE_PREFIX) ? pathname.slice(CONSOLE_PREFIX.length).replace(/\/+$/, '') : '';
  return CONSOLE_PAGES.filter((p) => rest === p.path || rest.startsWith(`${p.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}

/** Pages that are menu items (not sub-routes), in menu order. */
export const MENU_PAGES = CONSOLE_PAGES.filter((p) => p.menuPath === undefined);
