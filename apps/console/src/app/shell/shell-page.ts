import { lazyPage } from '../lazy-page';

/**
 * The shell (header, side menu) in its own chunk. Not in pages.ts: the side menu reads the page table
 * (console-pages.tsx), which imports pages.ts, so listed there the shell would import itself.
 */
export const ShellLayout = lazyPage(() => import('./ShellLayout'));
