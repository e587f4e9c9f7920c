// Headless Chromium for benchmarks: Debian's (CHROMIUM_PATH to use another), with the flags of the browser tests
// (e2e/playwright.config.ts): no sandbox, no GPU, no QUIC, none of the browser's own background traffic.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches it; `args` are added to the flags above (e.g. `--autoplay-policy=no-user-gesture-required`). */
export function launchChromium(args = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
  });
}
