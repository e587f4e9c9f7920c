import type { ReactNode } from 'react';
import {
  AimOutlined, ApiOutlined, AppstoreOutlined, CloudServerOutlined, CloudSyncOutlined, ControlOutlined,
  DashboardOutlined, DesktopOutlined, FolderOutlined, FontSizeOutlined, FundProjectionScreenOutlined, HddOutlined,
  InfoCircleOutlined, PictureOutlined, PlaySquareOutlined, ProfileOutlined, SettingOutlined, ShareAltOutlined,
  SoundOutlined, TeamOutlined, ToolOutlined, UserOutlined, VideoCameraOutlined,
} from '@ant-design/icons';

/** The side menu's icons by name; the page table (console-pages.tsx) names them, the shell draws them. */
export const MENU_ICONS = {
  aim: <AimOutlined />,
  api: <ApiOutlined />,
  appstore: <AppstoreOutlined />,
  cloudServer: <CloudServerOutlined />,
  cloudSync: <CloudSyncOutlined />,
  control: <ControlOutlined />,
  dashboard: <DashboardOutlined />,
  desktop: <DesktopOutlined />,
  folder: <FolderOutlined />,
  fontSize: <FontSizeOutlined />,
  fundProjectionScreen: <FundProjectionScreenOutlined />,
  hdd: <HddOutlined />,
  infoCircle: <InfoCircleOutlined />,
  picture: <PictureOutlined />,
  playSquare: <PlaySquareOutlined />,
  profile: <ProfileOutlined />,
  setting: <SettingOutlined />,
  shareAlt: <ShareAltOutlined />,
  sound: <SoundOutlined />,
  team: <TeamOutlined />,
  tool: <ToolOutlined />,
  user: <UserOutlined />,
  videoCamera: <VideoCameraOutlined />,
} satisfies Record<string, ReactNode>;

export type MenuIcon = keyof typeof MENU_ICONS;
