import { lazyPage } from './lazy-page';

/**
 * The reboot page (/reboot) in its own chunk. A screen that restarts the box (Reboot, a network change, a
 * restore, an update) fetches it ahead with `RebootPage.preload()` while the service still answers; the route
 * table, the shell and those screens import it from here (the app's, not a feature's), so no screen imports the
 * route table or another feature.
 */
export const RebootPage = lazyPage(() => import('../features/system/reboot/RebootPage'));
