// PTZ latency: from a button press in the browser (headless Chromium on the PTZ screen) to the first byte of the
// camera command on the serial line. The service's RS-232 port is a socat pseudo-terminal whose other side is this
// process's pipe, so "on the line" is when the bytes come out of the port. Target: <= 100 ms on loopback.
//
// Two figures per press: from the pointerdown event's own timestamp in the page (performance.timeOrigin +
// event.timeStamp, the same wall clock as this process's) and from the moment this process told the browser to
// press (which adds the DevTools round trip). Each press is held until its start is seen, then released and its stop
// awaited, so every sample is a clean start of a movement.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from './lib/chromium.mjs';
import { copyConsole } from './lib/console-bundle.mjs';
import { machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const PRESSES = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_MS = 100;
const now = () => performance.timeOrigin + performance.now();

const dir = mkdtempSync(join(tmpdir(), 'roomcast-bench-ptz-'));
const device = join(dir, 'rs232');
const socat = spawn('socat', ['-u', `pty,raw,echo=0,ignoreeof,link=${device}`, 'STDOUT'], { stdio: ['ignore', 'pipe', 'inherit'] });
/** Arrival time of every chunk on the line, with its bytes. */
const chunks = [];
socat.stdout.on('data', (bytes) => chunks.push({ at: now(), bytes }));
for (let i = 0; !existsSync(device); i++) {
  if (i > 200) throw new Error("socat made no pseudo-terminal: is Debian's socat installed?");
  await sleep(20);
}

const consoleCopy = copyConsole();
const svc = await startService({ CONSOLE_DIR: consoleCopy, SERIAL_RS232_DEVICE: device });
const browser = await launchChromium();

/** Waits until `n` bytes have arrived after chunk index `from`; the time the first of them came. */
async function bytesAfter(from, n) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const got = chunks.slice(from);
    if (got.reduce((s, c) => s + c.bytes.length, 0) >= n) return got[0].at;
    if (Date.now() > deadline) throw new Error(`no ${n} bytes on the serial line within 5 s`);
    await sleep(1);
  }
}

const percentile = (xs, p) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0].toFixed(1)}, p50 ${percentile(s, 50).toFixed(1)}, p95 ${percentile(s, 95).toFixed(1)}, max ${s.at(-1).toFixed(1)} ms`;
};

try {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' })).newPage();
  // An operator of its own: the admin's session is the benchmark's API session (one session per user).
  const operator = { usercode: 'ptzbench', username: 'ptzbench', password: 'Ptz-Bench-Pass-1', role: 'user', group: '' };
  await svc.call('newuser', { ...operator, functions: ['operation', 'cameracontrol'] }, svc.session);
  await page.goto(`http://127.0.0.1:${svc.port}/login`);
  await page.locator('input#usercode').fill(operator.usercode);
  await page.locator('input#password').fill(operator.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/console\//);
  await page.goto(`http://127.0.0.1:${svc.port}/console/operation/opeptz`);
  const up = page.getByRole('button', { name: 'Up', exact: true });
  await up.waitFor();
  await page.evaluate(() => {
    window.__downs = [];
    document.addEventListener('pointerdown', (e) => window.__downs.push(performance.timeOrigin + e.timeStamp), true);
  });
  await up.hover();

  const fromEvent = [];
  const fromCommand = [];
  for (let i = 0; i <= PRESSES; i++) {
    const mark = chunks.length;
    const commanded = now();
    await page.mouse.down();
    const first = await bytesAfter(mark, 9);
    const down = await page.evaluate(() => window.__downs.at(-1));
    await page.mouse.up();
    await bytesAfter(mark, 18);
    // The first press warms the route up (connections, JIT): not counted.
    if (i > 0) {
      fromEvent.push(first - down);
      fromCommand.push(first - commanded);
    }
    await sleep(50);
  }
  console.log('machine', JSON.stringify(machine()));
  console.log(`Chromium ${browser.version()}, ${PRESSES} presses of Up on the PTZ screen (VISCA, RS-232 = socat pseudo-terminal)`);
  console.log(`pointerdown event -> first byte on the line: ${summary(fromEvent)}`);
  console.log(`press commanded (DevTools) -> first byte:     ${summary(fromCommand)}`);
  const p95 = percentile(
    [...fromEvent].sort((a, b) => a - b),
    95,
  );
  console.log(`\np95 ${p95.toFixed(1)} ms: ${p95 <= TARGET_MS ? 'meets' : 'MISSES'} <= ${TARGET_MS} ms; load average ${machine().load1}`);
} finally {
  await browser.close();
  await svc.close();
  socat.kill();
  for (const d of [consoleCopy, svc.dataDir, dir]) rmSync(d, { recursive: true, force: true });
}
