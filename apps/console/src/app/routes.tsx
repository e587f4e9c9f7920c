import { Suspense, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { StatusResult } from '../components/StatusResult';
import { CONSOLE_PAGES } from './console-pages';
import ConsoleIndex from './ConsoleIndex';
import { RequireFunction, RequireLogin } from './guards';
import { LoginPage, NotAvailable, RebootPage, ViewerHomePage } from './pages';
import { RouteError } from './RouteError';
import { ShellLayout } from './shell/ShellLayout';

function page(content: ReactNode): ReactNode {
  return <Suspense fallback={<FullPageSpin />}>{content}</Suspense>;
}

const consoleRoutes: RouteObject[] = CONSOLE_PAGES.map((p) => ({
  path: p.path,
  element: <RequireFunction page={p}>{page(p.component ? <p.component /> : <NotAvailable menuId={p.id} />)}</RequireFunction>,
}));

/** Every route of spec §2. Screens that later work owns render the shared NotAvailable page. */
export const ROUTES: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/main" replace /> },
      { path: 'login', element: page(<LoginPage />) },
      { path: 'reboot', element: page(<RebootPage />) },
      {
        path: 'main',
        element: <ShellLayout mode="viewer" />,
        children: [
          { index: true, element: page(<ViewerHomePage />) },
          // The album's file list and its detail/album children (spec §2) come with the recordings work.
          { path: 'files/*', element: page(<NotAvailable />) },
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
