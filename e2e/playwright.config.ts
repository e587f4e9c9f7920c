import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@roomcast/test-servers';

/**
 * Browser tests against the real service (see support/service.ts), in Debian's Chromium. Playwright never
 * downloads a browser here.
 */
export default defineConfig({
  testDir: 'tests',
  // Pictures for people (tests titled "screenshots"): left out when E2E_SCREENSHOTS=0, as `npm test` runs.
  grepInvert: process.env.E2E_SCREENSHOTS === '0' ? /screenshots/ : undefined,
  outputDir: '../.tmp/e2e-results',
  // Two workers, each with its own service (support/global-setup.ts): spec files run two at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  fullyParallel: false,
  reporter: 'list',
  // Generous for a loaded 2-core machine running two workers with ffmpeg: a passing test never waits for them.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  globalSetup: './support/global-setup.ts',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1366, height: 860 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
