import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// `npm run test:faults`: the long fault cases (the built service in real processes, many rounds), one file at a time.
// The short fault cases (apps/server/test/faults/*.test.ts) run with `npm test`.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // One project of its own: the base's projects would bring back `npm test`'s files.
    projects: undefined,
    include: ['apps/server/test/faults/long/**/*.test.ts'],
    exclude: configDefaults.exclude,
    testTimeout: 600_000,
    fileParallelism: false,
  },
});
