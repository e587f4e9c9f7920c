import { configDefaults, defineConfig } from 'vitest/config';

// One runner for the contract and the service; workspace packages resolve to their TypeScript sources.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/console/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // The long fault cases run with `npm run test:faults` (vitest.faults.config.ts).
    exclude: [...configDefaults.exclude, 'apps/server/test/faults/long/**'],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
    // Three files at a time even on a 2-core machine (Vitest's default there is one): much of the time is spent
    // waiting on real ffmpeg, servers and clocks. With two the cores were 72% busy and the run took 420 s from a
    // fresh clone; with three 91% and 358 s (session 9).
    maxWorkers: 3,
  },
});
