/**
 * Debian's Chromium for the browser tests and the benchmarks (never a downloaded browser): its path (CHROMIUM_PATH
 * for another) and the flags both launch it with: no sandbox, no GPU, no QUIC, none of the browser's own traffic.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium takes only the last `--disable-features`, and Playwright passes its own list: this is that list (Playwright
 * 1.65, seen in the browser's command line) and two of ours. Headless Chromium still builds a browser window, and with
 * it the address bar's suggestion popups, rendered as web pages (chrome://omnibox-popup.top-chrome): one renderer
 * process per browser context that nobody sees. They took 16% of the browser tests' CPU; without them the shell and
 * users specs ran in 96 s instead of 130 s (bench/README.md, session 9).
 */
const DISABLED_FEATURES = [
  // Playwright's own.
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
  // Ours: the address bar's popups.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
