import { Suspense } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { CONSOLE_PAGES } from './console-pages';
import ConsoleIndex from './ConsoleIndex';
import { RequireFunction, RequireLogin } from './guards';
import { AlbumFilesPage, AntdLayout, LoginPage, RecordingFilesPage, StatusResult, ViewerHomePage } from './pages';
import { RebootPage } from './reboot-page';
import { ShellLayout } from './shell/shell-page';
import type { LazyPage } from './lazy-page';
import { RouteError } from './RouteError';

/** A route's `handle`: main.tsx fetches the first route's screens before the first render. */
export interface RouteHandle {
  preload: () => Promise<unknown>;
}

/** A route's lazily loaded screen (or layout) behind the shared fallback. */
function screen<P extends object>(Page: LazyPage<P>, props: NoInfer<P>): Pick<RouteObject, 'element' | 'handle'> {
  const handle: RouteHandle = { preload: Page.preload };
  return {
    element: (
      <Suspense fallback={<FullPageSpin />}>
        <Page {...props} />
      </Suspense>
    ),
    handle,
  };
}

const consoleRoutes: RouteObject[] = CONSOLE_PAGES.map((p) => {
  const { element, handle } = screen(p.component, {});
  return { path: p.path, element: <RequireFunction page={p}>{element}</RequireFunction>, handle };
});

const settingsShell = screen(ShellLayout, { mode: 'settings' });

/**
 * Every route of spec §2. /login stands outside the antd layout, so it loads no antd.
 */
export const ROUTES: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/main" replace /> },
      { path: 'login', ...screen(LoginPage, {}) },
      {
        ...screen(AntdLayout, {}),
        children: [
          { path: 'reboot', ...screen(RebootPage, {}) },
          {
            path: 'main',
            ...screen(ShellLayout, { mode: 'viewer' }),
            children: [
              { index: true, ...screen(ViewerHomePage, {}) },
              // An album's recordings and one recording's files (spec §2 children detail and album; the album
              // list is the home page's VOD card).
              { path: 'files', ...screen(AlbumFilesPage, {}) },
              { path: 'files/detail', ...screen(RecordingFilesPage, {}) },
              { path: 'files/album', element: <Navigate to="/main" replace /> },
            ],
          },
          {
            path: 'console',
            element: <RequireLogin>{settingsShell.element}</RequireLogin>,
            handle: settingsShell.handle,
            children: [{ index: true, element: <ConsoleIndex /> }, ...consoleRoutes, { path: '*', element: <StatusResult status={404} /> }],
          },
          { path: '*', element: <StatusResult status={404} /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(ROUTES);
}
