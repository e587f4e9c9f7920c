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
    // Two files at a time even on a 2-core machine (Vitest's default there is one): most of the time is spent
    // waiting on real ffmpeg, servers and clocks, so two overlap well (about 4 instead of 8 minutes).
    maxWorkers: 2,
  },
});
