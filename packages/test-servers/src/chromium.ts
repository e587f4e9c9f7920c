/**
 * Debian's Chromium for the browser tests and the benchmarks (never a downloaded browser): its path (CHROMIUM_PATH
 * for another) and the flags both launch it with: no sandbox, no GPU, no QUIC, none of the browser's own traffic.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
