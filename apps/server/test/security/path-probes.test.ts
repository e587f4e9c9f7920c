import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { FILE_INPUTS } from './support/load-targets.js';
import { listen } from './support/http.js';
import { makeOutside } from './support/outside.js';
import { pathProbes } from './support/probes.js';
import { refused, type FileInput, type ProbeContext } from './support/targets.js';

/**
 * A small console build (index.html and one asset), so static serving is probed without depending on a
 * fresh console build; `assets/leak.txt` holds the secret, for the control case.
 */
function consoleFixture(secret: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("console")');
  writeFileSync(join(dir, 'assets', 'leak.txt'), secret);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Every input that names a file (../targets/*.ts) × every path probe: no byte of an outside file in any
 * answer, no file written, renamed or deleted outside the storage, never a 5xx.
 */
describe('path probes on every input that names a file', async () => {
  const outside = makeOutside();
  const t = await makeApp({ env: { CONSOLE_DIR: consoleFixture(outside.secret) } });
  const ctx: ProbeContext = { t, admin: await t.login(), outside, port: await listen(t.app) };

  async function probeAll(input: FileInput): Promise<void> {
    // Read probes aim at the secret file; write probes also at a new file beside it.
    const targets = input.kind === 'read' ? [outside.secretFile] : [outside.secretFile, join(outside.dir, 'new.txt')];
    for (const target of targets) {
      for (const probe of pathProbes(target)) {
        const what = `${input.name} ← ${probe.label} (${JSON.stringify(probe.value)})`;
        const a = await input.send(ctx, probe.value);
        expect(a.status, what).toBeGreaterThan(0);
        expect(a.status, what).toBeLessThan(500);
        outside.expectNoLeak(a.text, what);
        for (const f of a.files ?? [])
          expect(['secret.txt', 'passwd'].includes(basename(f)), `${what}: the archive holds ${f}`).toBe(false);
        if (input.mustRefuse) expect(refused(a), `${what}: answered ${a.status} ${a.text.slice(0, 200)}`).toBe(true);
        outside.expectUntouched(what);
      }
    }
  }

  const groups = [
    { title: 'failure class: path traversal in download endpoints (inputs whose answer could carry a file)', kind: 'read' },
    { title: 'inputs that say where bytes are written, renamed or deleted', kind: 'write' },
  ] as const;
  for (const group of groups) {
    describe(group.title, () => {
      for (const input of FILE_INPUTS.filter((i) => i.kind === group.kind)) {
        it(input.name, () => probeAll(input), 60_000);
      }
    });
  }

  it('control: an answer that carries the secret is caught', async () => {
    const a = await FILE_INPUTS.find((i) => i.name === 'GET /assets/<console file>')!.send(ctx, 'leak.txt');
    expect(a.status).toBe(200);
    expect(() => outside.expectNoLeak(a.text, 'control')).toThrow(/outside secret/);
  });

  it('the table lists every raw call that takes the file-path header, and every call with a file-name field', () => {
    const calls = new Set(FILE_INPUTS.map((i) => i.call).filter(Boolean));
    for (const name of [
      'uploadfile',
      'getSysLog',
      'downloadgeneralfile',
      'uploadgeneralfile',
      'removefile',
      'updaterecord',
      'share',
      'batchdownload',
      'editalbum',
    ]) {
      expect(calls.has(name as never), name).toBe(true);
    }
  });
});
