import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@roomcast/test-servers';
import { APP_ROOT, gitCommit } from '../../src/build-info.js';
import { parsePublicKey, verifyBundle } from '../../src/services/system/update/update-bundle.js';
import { extractPayload } from '../../src/services/system/update/update-extract.js';
import { waitFor } from '../wait.js';

/** scripts/make-update-bundle.mjs as a person runs it (it imports the built service: `npm test` builds first). */
const SCRIPT = resolve(APP_ROOT, 'scripts/make-update-bundle.mjs');
const run = (...args: string[]) => promisify(execFile)(process.execPath, [SCRIPT, ...args], { cwd: APP_ROOT, encoding: 'utf8' });
const scratch = mkdtempSync(join(tmpdir(), 'roomcast-maker-'));
// The scratch holds releases with their Node.js runtime (over 100 MB each): removing them may take a while.
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 60_000);

describe('scripts/make-update-bundle.mjs', () => {
  const keys = join(scratch, 'keys');

  it('makes a key pair: the private key 0600, the public key as UPDATE_PUBLIC_KEY takes it; never over an old one', async () => {
    await run('--keygen', keys);
    expect(statSync(join(keys, 'update-key.pem')).mode & 0o777).toBe(0o600);
    expect(parsePublicKey(readFileSync(join(keys, 'update-key.pub'), 'utf8')).asymmetricKeyType).toBe('ed25519');
    await expect(run('--keygen', keys)).rejects.toThrow(/exists/);
  });

  it('signs a release folder into a bundle the service accepts with that key', async () => {
    const from = join(scratch, 'tiny');
    mkdirSync(join(from, 'apps/server/dist'), { recursive: true });
    writeFileSync(join(from, 'apps/server/dist/main.js'), 'console.log("tiny");\n', { mode: 0o755 });
    writeFileSync(join(from, 'package.json'), '{"version":"5.0.0"}');
    const out = join(scratch, 'tiny.tar');
    const { stdout } = await run('--key', join(keys, 'update-key.pem'), '--from', from, '--version', '5.0.0', '--out', out);
    expect(stdout).toContain('Roomcast 5.0.0, 2 files');
    const manifest = await verifyBundle(out, parsePublicKey(readFileSync(join(keys, 'update-key.pub'), 'utf8')));
    expect(manifest).toMatchObject({ version: '5.0.0', payload: { files: 2 } });
    const unpacked = join(scratch, 'tiny-unpacked');
    await extractPayload(out, manifest, unpacked);
    expect(statSync(join(unpacked, 'apps/server/dist/main.js')).mode & 0o777).toBe(0o755);
    await expect(run('--key', join(keys, 'update-key.pem'), '--from', from, '--version', 'v5', '--out', out)).rejects.toThrow(
      /release version/,
    );
  });

  it("lays this checkout's build out as a release that runs on its own: production packages, the commit without .git", async () => {
    const dir = join(scratch, 'release');
    await run('--release', dir);
    const commit = gitCommit(APP_ROOT) ?? '';
    expect(JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8'))).toMatchObject({ commit });
    expect(existsSync(join(dir, '.git'))).toBe(false);
    for (const dev of ['vitest', 'vite', 'typescript', '@playwright/test']) expect(existsSync(join(dir, 'node_modules', dev))).toBe(false);
    expect(existsSync(join(dir, 'packages'))).toBe(false);
    expect(existsSync(join(dir, 'node_modules/@roomcast/contract/dist/index.js'))).toBe(true);
    // Its own Node.js: the one that built node_modules (scripts/setup.sh), which the launcher starts it on.
    const runtime = join(dir, 'runtime/bin/node');
    expect(statSync(runtime).mode & 0o111).not.toBe(0);
    const built = JSON.parse(readFileSync(join(APP_ROOT, 'node_modules/.roomcast-node.json'), 'utf8'));
    expect(execFileSync(runtime, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(built.version);
    expect(JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')).node).toBe(built.version);

    const port = await freePort();
    const data = join(scratch, 'release-data');
    const proc = spawn(runtime, [join(dir, 'apps/server/dist/main.js')], {
      cwd: dir,
      // The release's own console (apps/console/dist beside its service), whatever this environment says.
      env: {
        ...process.env,
        PORT: String(port),
        HTTPS_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: data,
        ADMIN_PASSWORD: 'Release-Pass-123',
        CONSOLE_DIR: undefined,
      },
      stdio: 'ignore',
    });
    try {
      const call = async (name: string, body: object, session = '') =>
        (await (
          await fetch(`http://127.0.0.1:${port}/api/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-session-id': session },
            body: JSON.stringify(body),
          })
        ).json()) as { result: boolean; sessionID?: string; data?: { key: string; value: string }[] };
      await waitFor(() => call('roominfo', {}).then((a) => a.result), { what: 'the release to answer', timeoutMs: 30_000 });
      const { sessionID } = await call('login', { usercode: 'admin', password: 'Release-Pass-123' });
      const versions = (await call('readconfig', { settingcode: 'setting_version' }, sessionID)).data!;
      expect((await fetch(`http://127.0.0.1:${port}/login`)).status).toBe(200);
      expect(versions).toContainEqual({
        key: 'softversion',
        value: `${JSON.parse(readFileSync(join(APP_ROOT, 'package.json'), 'utf8')).version} (${commit.slice(0, 7)})`,
      });
    } finally {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
