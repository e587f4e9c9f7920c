// Headless Chromium for benchmarks: Debian's, with the flags of the browser tests (@roomcast/test-servers).
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@roomcast/test-servers';
import { chromium } from 'playwright-core';

/** Launches it; `args` are added to the flags above (e.g. `--autoplay-policy=no-user-gesture-required`). */
export function launchChromium(args = []) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
  });
}
