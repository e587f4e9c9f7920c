// Console: JavaScript shipped per route (gzip, from Vite's manifest) and time to an interactive /login in
// headless Chromium against the built service. Targets: /login <= 180 kB, whole console <= 900 kB, TTI <= 400 ms.
//
// TTI here: from navigation start (performance.timeOrigin) to the first task after the frame that shows the
// user-code input enabled and focused (it has autoFocus): from then on a keystroke lands in the input. Each
// load is cold (a new browser context: no cache, no storage); one warm-up load first is not counted.
import { rmSync } from 'node:fs';
import { launchChromium } from './lib/chromium.mjs';
import { bundleSizes, copyConsole } from './lib/console-bundle.mjs';
import { machine } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TARGET = { loginKB: 180, totalKB: 900, ttiMs: 400 };
const kB = (bytes) => (bytes / 1000).toFixed(1);

const sizes = bundleSizes();
const login = sizes.routes.find((r) => r.path === '/login');
console.log('machine', JSON.stringify(machine()));
console.log(`\nJavaScript per route, gzip (zlib level 6 as Vite reports it; kB = 1000 bytes). Every route loads the entry:`);
console.log(`${sizes.entry.files.size} file(s), ${kB(sizes.entry.gzip)} kB gzip, ${kB(sizes.entry.raw)} kB raw.`);
const row = (name, page, s) =>
  `${name.padEnd(36)} ${page.padEnd(18)} ${String(s.files.size).padStart(5)} ${kB(s.gzip).padStart(8)} ${kB(s.raw).padStart(8)}`;
console.log(`${'route'.padEnd(36)} ${'page'.padEnd(18)} files  gzip kB   raw kB`);
for (const r of sizes.routes) console.log(row(r.path, r.page, r));
console.log(row('whole console (every JS file)', '', sizes.all));

// The service serves a copy, so a rebuild meanwhile cannot change what is measured.
const consoleCopy = copyConsole();
const svc = await startService({ CONSOLE_DIR: consoleCopy });
const browser = await launchChromium();

/** Runs in the page before its own scripts: notes when the form is ready and when the page can next take input. */
function watchLoginForm() {
  new MutationObserver((_, observer) => {
    const input = document.getElementById('usercode');
    if (!input || input.disabled || document.activeElement !== input) return;
    observer.disconnect();
    const ready = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.__rcLogin = { ready, interactive: performance.now() };
      }),
    );
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

async function coldLoad() {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchLoginForm);
    const scripts = new Set();
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('.js')) scripts.add(new URL(res.url()).pathname.slice(1));
    });
    await page.goto(`http://127.0.0.1:${svc.port}/login`, { waitUntil: 'commit', timeout: 10_000 });
    const times = await (await page.waitForFunction(() => window.__rcLogin, undefined, { timeout: 10_000, polling: 50 })).jsonValue();
    return { ...times, scripts };
  } finally {
    await context.close();
  }
}

try {
  const warmUp = await coldLoad();
  const loads = [];
  for (let i = 0; i < RUNS; i++) loads.push(await coldLoad());
  // What the browser fetched for /login against what the manifest says it needs.
  const fetched = [...warmUp.scripts].sort().join();
  const expected = [...login.files].sort().join();
  const tti = loads.map((l) => l.interactive).sort((a, b) => a - b);
  const ready = loads.map((l) => l.ready).sort((a, b) => a - b);
  const median = (xs) => (xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2);
  console.log(`\nChromium ${browser.version()}, ${RUNS} cold loads of /login (warm-up ${warmUp.interactive.toFixed(0)} ms, not counted)`);
  console.log(
    `/login scripts fetched by the browser: ${warmUp.scripts.size} (${fetched === expected ? 'the same files as the manifest count' : `NOT the manifest's files: fetched ${fetched}; manifest ${expected}`})`,
  );
  console.log(
    `form ready (input enabled and focused): min ${ready[0].toFixed(0)} ms, median ${median(ready).toFixed(0)} ms, max ${ready.at(-1).toFixed(0)} ms`,
  );
  console.log(
    `time to interactive /login:            min ${tti[0].toFixed(0)} ms, median ${median(tti).toFixed(0)} ms, max ${tti.at(-1).toFixed(0)} ms`,
  );
  console.log(`load average at the end ${machine().load1} (${machine().cpus} cores): other work on the machine slows every load`);
  const verdict = (value, target) => `${value <= target ? 'meets' : 'MISSES'} <= ${target}`;
  console.log(
    `\n/login ${kB(login.gzip)} kB gzip (${verdict(login.gzip / 1000, TARGET.loginKB)}); whole console ${kB(sizes.all.gzip)} kB (${verdict(sizes.all.gzip / 1000, TARGET.totalKB)}); TTI median ${median(tti).toFixed(0)} ms (${verdict(median(tti), TARGET.ttiMs)})`,
  );
} finally {
  await browser.close();
  await svc.close();
  for (const dir of [consoleCopy, svc.dataDir]) rmSync(dir, { recursive: true, force: true });
}
