import { Suspense } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { StatusResult } from '../components/StatusResult';
import { CONSOLE_PAGES } from './console-pages';
import ConsoleIndex from './ConsoleIndex';
import { RequireFunction, RequireLogin } from './guards';
import { LoginPage, NotAvailable, RebootPage, ViewerHomePage, type LazyPage } from './pages';
import { RouteError } from './RouteError';
import { ShellLayout } from './shell/ShellLayout';

/** A route's `handle`: main.tsx fetches the first route's screens before the first render. */
export interface RouteHandle {
  preload: () => Promise<unknown>;
}

/** A route's lazily loaded screen behind the shared fallback. */
function screen<P extends object>(Page: LazyPage<P>, props: P): Pick<RouteObject, 'element' | 'handle'> {
  const handle: RouteHandle = { preload: Page.preload };
  return { element: <Suspense fallback={<FullPageSpin />}><Page {...props} /></Suspense>, handle };
}

const consoleRoutes: RouteObject[] = CONSOLE_PAGES.map((p) => {
  const { element, handle } = p.component ? screen(p.component, {}) : screen(NotAvailable, { menuId: p.id });
  return { path: p.path, element: <RequireFunction page={p}>{element}</RequireFunction>, handle };
});

/** Every route of spec §2. Screens that later work owns render the shared NotAvailable page. */
export const ROUTES: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/main" replace /> },
      { path: 'login', ...screen(LoginPage, {}) },
      { path: 'reboot', ...screen(RebootPage, {}) },
      {
        path: 'main',
        element: <ShellLayout mode="viewer" />,
        children: [
          { index: true, ...screen(ViewerHomePage, {}) },
          // The album's file list and its detail/album children (spec §2) come with the recordings work.
          { path: 'files/*', ...screen(NotAvailable, {}) },
        ],
      },
      {
        path: 'console',
        element: <RequireLogin><ShellLayout mode="settings" /></RequireLogin>,
        children: [
          { index: true, element: <ConsoleIndex /> },
          ...consoleRoutes,
          { path: '*', element: <StatusResult status={404} /> },
        ],
      },
      { path: '*', element: <StatusResult status={404} /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(ROUTES);
}
