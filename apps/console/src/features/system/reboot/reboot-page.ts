import { lazyPage } from '../../../app/lazy-page';

/**
 * The reboot page (/reboot) in its own chunk. A screen that restarts the box (Reboot, a network change, a
 * restore, an update) fetches it ahead with `RebootPage.preload()` while the service still answers; the route
 * table and those screens import it from here, so no screen imports the route table.
 */
export const RebootPage = lazyPage(() => import('./RebootPage'));
