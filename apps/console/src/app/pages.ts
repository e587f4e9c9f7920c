import { currentLanguage } from './i18n';
import { lazyPage } from './lazy-page';

// Route-level code splitting: each page is its own chunk, loaded when first visited. The reboot page's is
// app/reboot-page.ts, where the screens that restart the box fetch it ahead.
export const LoginPage = lazyPage(() => import('../features/access/login/LoginPage'));
export const ViewerHomePage = lazyPage(() => import('../pages/ViewerHomePage'));
export const AlbumFilesPage = lazyPage(() => import('../features/albums/viewer/AlbumFilesPage'));
export const RecordingFilesPage = lazyPage(() => import('../features/albums/viewer/RecordingFilesPage'));
export const OperationLogPage = lazyPage(() => import('../features/system/log/OperationLogPage'));
export const AboutPage = lazyPage(() => import('../features/system/about/AboutPage'));
export const UpdatePage = lazyPage(() => import('../features/system/update/UpdatePage'));
export const UserPage = lazyPage(() => import('../features/access/users/UserPage'));
export const GroupPage = lazyPage(() => import('../features/access/groups/GroupPage'));
export const DirectoryPage = lazyPage(() => import('../features/access/directory/DirectoryPage'));
export const WorkbenchPage = lazyPage(() => import('../pages/WorkbenchPage'));
export const AudioPage = lazyPage(() => import('../features/layout/audio/AudioPage'));
export const VideoPage = lazyPage(() => import('../features/layout/video/VideoPage'));
export const EffectPage = lazyPage(() => import('../features/layout/effect/EffectPage'));
export const OsdPage = lazyPage(() => import('../features/layout/osd/OsdPage'));
export const PptPage = lazyPage(() => import('../features/ppt/PptPage'));
export const MediaStreamPage = lazyPage(() => import('../features/live/MediaStreamPage'));
export const StoragePage = lazyPage(() => import('../features/recording/storage/StoragePage'));
export const ThirdPartyPage = lazyPage(() => import('../features/sync/ThirdPartyPage'));
export const SystemSettingsPage = lazyPage(() => import('../features/system/settings/SystemSettingsPage'));
export const AlbumPage = lazyPage(() => import('../features/albums/AlbumPage'));
export const RecordingsPage = lazyPage(() => import('../features/recording/RecordingsPage'));
export const RecordingDetailPage = lazyPage(() => import('../features/recording/RecordingDetailPage'));
export const RecordingAlbumPage = lazyPage(() => import('../features/recording/AlbumPickerPage'));
export const PtzPage = lazyPage(() => import('../features/devices/PtzPage'));
export const SerialPortPage = lazyPage(() => import('../features/devices/SerialPortPage'));
export const StatusResult = lazyPage(() => import('../components/StatusResult'));

// antd (theme, locale, toasts, modals) wraps every route but /login. It comes with the language's antd texts,
// and with the 403/404 page, which guards may show at once.
export const AntdLayout = lazyPage(async () => {
  const [layout] = await Promise.all([
    import('./AntdLayout'),
    import('./antd-locale').then(({ loadAntdLocale }) => loadAntdLocale(currentLanguage())),
    StatusResult.preload(),
  ]);
  return layout;
});
