import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@roomcast/test-servers';
import { checkNodeRuntime } from '../scripts/node-runtime-check.mjs';

// The service runs on this Node.js (support/service.ts): the one that built its native addons.
checkNodeRuntime();

/*
 * What a run leaves out. Pictures for people (tests titled "screenshots"): left out when E2E_SCREENSHOTS=0, as
 * `npm test` runs. Long walks that prove little beyond the rest (tagged @slow, e.g. the axe scan of every route in a
 * second language): left out when E2E_SLOW=0, as `npm test` runs; `npm run test:faults` runs them (`--grep @slow`).
 * Running specs directly runs everything.
 */
const leftOut = [...(process.env.E2E_SCREENSHOTS === '0' ? [/screenshots/] : []), ...(process.env.E2E_SLOW === '0' ? [/@slow/] : [])];

/**
 * Browser tests against the real service (see support/service.ts), in Debian's Chromium. Playwright never
 * downloads a browser here.
 */
export default defineConfig({
  testDir: 'tests',
  grepInvert: leftOut.length ? leftOut : undefined,
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
    // As a person who asked their system for less motion: the console then turns antd's animations off
    // (app/use-reduced-motion.ts), so a menu or dialog is there at once, with no frames to render and wait out.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot. The trace's
    // screencast is left out: encoding frames all through every test doubled the CPU a test takes (lock-password
    // spec: 53 s of CPU with it, 33 s without), and on a 2-core machine that CPU is what the tests wait for.
    // `npm test` records no trace at all (E2E_TRACE=0): its DOM snapshots at every action cost 12% of the run's time
    // (shell and users specs, one worker: 81 s with, 72 s without) for every test, to be read for the failed ones;
    // a failure still leaves its screenshot and the page's error context, and a spec run on its own records one.
    trace: process.env.E2E_TRACE === '0' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
  },
});
