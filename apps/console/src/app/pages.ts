import { createElement, lazy, type ComponentType } from 'react';
import { currentLanguage } from './i18n';

/** A page in its own chunk, loaded when first shown; `preload` fetches it ahead (the first route: main.tsx). */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchPage = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(fetchPage) as unknown as ComponentType<P>;
  // A page already fetched renders at once. React.lazy would commit the Suspense fallback first, and React
  // keeps a fallback up for at least 300 ms.
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload: fetchPage });
}

// Route-level code splitting: each page is its own chunk, loaded when first visited.
export const LoginPage = lazyPage(() => import('../features/access/login/LoginPage'));
export const ViewerHomePage = lazyPage(() => import('../pages/ViewerHomePage'));
export const AlbumFilesPage = lazyPage(() => import('../features/albums/viewer/AlbumFilesPage'));
export const RecordingFilesPage = lazyPage(() => import('../features/albums/viewer/RecordingFilesPage'));
export const OperationLogPage = lazyPage(() => import('../features/system/log/OperationLogPage'));
export const RebootPage = lazyPage(() => import('../features/system/reboot/RebootPage'));
export const AboutPage = lazyPage(() => import('../features/system/about/AboutPage'));
export const UpdatePage = lazyPage(() => import('../features/system/update/UpdatePage'));
export const UserPage = lazyPage(() => import('../features/access/users/UserPage'));
export const GroupPage = lazyPage(() => import('../features/access/groups/GroupPage'));
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
export const ShellLayout = lazyPage(() => import('./shell/ShellLayout'));

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
