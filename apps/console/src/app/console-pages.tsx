import type { FunctionKey, WebConfig } from '@roomcast/contract';
import {
  AboutPage,
  AlbumPage,
  AudioPage,
  DirectoryPage,
  EffectPage,
  GroupPage,
  MediaStreamPage,
  OperationLogPage,
  OsdPage,
  PptPage,
  PtzPage,
  RecordingAlbumPage,
  RecordingDetailPage,
  RecordingsPage,
  SerialPortPage,
  StoragePage,
  SystemSettingsPage,
  ThirdPartyPage,
  UpdatePage,
  UserPage,
  VideoPage,
  WorkbenchPage,
} from './pages';
import type { LazyPage } from './lazy-page';
import type { MenuIcon } from './shell/menu-icons';

export type MenuGroupKey = 'operation' | 'file' | 'usermanage' | 'advance' | 'system';

export const MENU_GROUPS: { key: MenuGroupKey; icon: MenuIcon }[] = [
  { key: 'operation', icon: 'desktop' },
  { key: 'file', icon: 'folder' },
  { key: 'usermanage', icon: 'team' },
  { key: 'advance', icon: 'tool' },
  { key: 'system', icon: 'setting' },
];

export interface ConsolePage {
  /** Path under /console, also the menu key, e.g. `system/log`. */
  path: string;
  group: MenuGroupKey;
  /** Key in the `menu` namespace: `items.<id>`. */
  id: string;
  /** Drawn by the side menu (shell/menu-icons.tsx): the table stays free of antd, which /login must not load. */
  icon: MenuIcon;
  /** The user needs at least one of these (admin always); sub-functions count only with their parent. */
  requires: FunctionKey[];
  /** The screen. */
  component: LazyPage;
  /** Not a menu item of its own: highlights `menuPath` instead. */
  menuPath?: string;
  hiddenWhen?: (config: WebConfig) => boolean;
}

/**
 * Every /console route of spec §2 with the function it needs. The side menu and the route guards both read
 * this table, so a user never sees a menu item they would be refused.
 */
export const CONSOLE_PAGES: ConsolePage[] = [
  {
    path: 'operation/opemain',
    group: 'operation',
    id: 'opemain',
    icon: 'dashboard',
    requires: ['operating', 'record'],
    component: WorkbenchPage,
  },
  { path: 'operation/opeaudio', group: 'operation', id: 'opeaudio', icon: 'sound', requires: ['audiosetting'], component: AudioPage },
  { path: 'operation/opevideo', group: 'operation', id: 'opevideo', icon: 'videoCamera', requires: ['videosetting'], component: VideoPage },
  { path: 'operation/opeeffect', group: 'operation', id: 'opeeffect', icon: 'appstore', requires: ['videoeffect'], component: EffectPage },
  { path: 'operation/opeosd', group: 'operation', id: 'opeosd', icon: 'fontSize', requires: ['logotitle'], component: OsdPage },
  { path: 'operation/opeptz', group: 'operation', id: 'opeptz', icon: 'aim', requires: ['cameracontrol'], component: PtzPage },
  {
    path: 'operation/opeppt',
    group: 'operation',
    id: 'opeppt',
    icon: 'fundProjectionScreen',
    requires: ['ppt'],
    hiddenWhen: (c) => c.site.mode4k,
    component: PptPage,
  },
  // The RTMP control's own function (rtmplive) opens the screen too: its settings read-only, Start and Stop usable.
  {
    path: 'operation/opemediastream',
    group: 'operation',
    id: 'opemediastream',
    icon: 'shareAlt',
    requires: ['mediastream', 'rtmplive'],
    component: MediaStreamPage,
  },
  { path: 'file/album', group: 'file', id: 'album', icon: 'picture', requires: ['album'], component: AlbumPage },
  {
    path: 'file/video',
    group: 'file',
    id: 'video',
    icon: 'playSquare',
    requires: ['allrecord', 'myrecord'],
    component: RecordingsPage,
  },
  {
    path: 'file/video/detail',
    group: 'file',
    id: 'videoDetail',
    icon: 'playSquare',
    requires: ['allrecord', 'myrecord'],
    menuPath: 'file/video',
    component: RecordingDetailPage,
  },
  {
    path: 'file/video/album',
    group: 'file',
    id: 'videoAlbum',
    icon: 'playSquare',
    requires: ['allrecord', 'myrecord'],
    menuPath: 'file/video',
    component: RecordingAlbumPage,
  },
  { path: 'usermanage/group', group: 'usermanage', id: 'group', icon: 'team', requires: ['usermanage'], component: GroupPage },
  { path: 'usermanage/user', group: 'usermanage', id: 'user', icon: 'user', requires: ['usermanage'], component: UserPage },
  {
    path: 'usermanage/directory',
    group: 'usermanage',
    id: 'directory',
    icon: 'cluster',
    requires: ['usermanage'],
    component: DirectoryPage,
  },
  { path: 'advance/storage', group: 'advance', id: 'storage', icon: 'hdd', requires: ['storage'], component: StoragePage },
  {
    path: 'advance/serialport',
    group: 'advance',
    id: 'serialport',
    icon: 'api',
    requires: ['serialport'],
    component: SerialPortPage,
  },
  {
    path: 'advance/3rdpart',
    group: 'advance',
    id: 'thirdpart',
    icon: 'cloudServer',
    requires: ['3rdpartsystem'],
    component: ThirdPartyPage,
  },
  { path: 'system/settings', group: 'system', id: 'settings', icon: 'control', requires: ['systemsetting'], component: SystemSettingsPage },
  {
    path: 'system/update',
    group: 'system',
    id: 'update',
    icon: 'cloudSync',
    requires: ['systemsetting', 'about'],
    menuPath: 'system/about',
    component: UpdatePage,
  },
  { path: 'system/log', group: 'system', id: 'log', icon: 'profile', requires: ['syslog'], component: OperationLogPage },
  { path: 'system/about', group: 'system', id: 'about', icon: 'infoCircle', requires: ['about'], component: AboutPage },
];

export const CONSOLE_PREFIX = '/console/';

/** The page a /console location belongs to (longest matching path). */
export function pageOfLocation(pathname: string): ConsolePage | undefined {
  const rest = pathname.startsWith(CONSOLE_PREFIX) ? pathname.slice(CONSOLE_PREFIX.length).replace(/\/+$/, '') : '';
  return CONSOLE_PAGES.filter((p) => rest === p.path || rest.startsWith(`${p.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
}

/** Pages that are menu items (not sub-routes), in menu order. */
export const MENU_PAGES = CONSOLE_PAGES.filter((p) => p.menuPath === undefined);
