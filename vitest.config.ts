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
  },
});
