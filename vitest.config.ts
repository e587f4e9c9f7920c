import { configDefaults, defineConfig } from 'vitest/config';
import { checkNodeRuntime } from './scripts/node-runtime-check.mjs';

checkNodeRuntime();

/*
 * Files that replace a module with vi.mock: they need a module registry of their own. Every other file shares its
 * worker's modules with the files before it (isolate: false): loading the service's module graph afresh for each of
 * 160 files took 338 s of the workers' time (of 718 s of tests) and 391 s of wall time on a 2-core machine; shared,
 * 55 s and 264 s (session 11). Each test builds its own app, database and data directory, so no state rides along.
 */
const OWN_MODULES = ['apps/server/test/sync/stored-hash.test.ts'];

const include = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/server/test/**/*.test.ts',
  'apps/console/src/**/*.test.ts',
  'scripts/**/*.test.ts',
];
// The long fault cases run with `npm run test:faults` (vitest.faults.config.ts).
const exclude = [...configDefaults.exclude, 'apps/server/test/faults/long/**'];

// One runner for the contract and the service; workspace packages resolve to their TypeScript sources.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
    // Three files at a time even on a 2-core machine (Vitest's default there is one): much of the time is spent
    // waiting on real ffmpeg, servers and clocks. With two the cores were 72% busy and the run took 420 s from a
    // fresh clone; with three 91% and 358 s (session 9).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'shared-modules', include, exclude: [...exclude, ...OWN_MODULES], isolate: false } },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, exclude } },
    ],
  },
});
