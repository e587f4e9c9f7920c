import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from './app/i18n';
import './app/global.css';
import { installFrontLog } from './app/front-log';
import { Providers } from './app/providers';
import { createRouter, type RouteHandle } from './app/routes';

// The console's own errors go to the service's frontlog.log (rate-limited).
installFrontLog();
const router = createRouter();
// Before the first render: the stored language's texts (English is bundled) and the first route's screens
// (its page, and for every route but /login the antd layout with antd's texts and the shell), so it appears at
// once rather than after a Suspense fallback, which React keeps up for at least 300 ms.
const firstScreens = router.state.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload());

void Promise.allSettled([i18nReady, ...firstScreens]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
