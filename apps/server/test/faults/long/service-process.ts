import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { sleep } from '../fault-helpers.js';

export { freePort } from '@roomcast/test-servers';

export const MAIN = new URL('../../../dist/main.js', import.meta.url).pathname;
export const PASSWORD = 'Fault-Test-Pass-1';
export const distBuilt = () => existsSync(MAIN);

/** The built service as `npm start` runs it, on its own port and DATA_DIR; keeps the tail of its output for failures. */
export function startService(dataDir: string, port: number, env: Record<string, string> = {}) {
  const out: string[] = [];
  const proc: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HTTPS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      MEDIA_PRESET: 'ultrafast',
      MIN_FREE_MB: '50',
      CONSOLE_DIR: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => {
    out.push(...b.toString().split('\n').filter(Boolean));
    out.splice(0, Math.max(0, out.length - 40));
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return { proc, pid: proc.pid!, exited, output: () => out.join('\n') };
}
export type Service = ReturnType<typeof startService>;

export async function api(port: number, name: string, body: unknown, session?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'x-session-id': session } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { result: boolean; message: string; data?: any };
}

/** Resolves when the service answers; fails with its output when it exits or does not come up. */
export async function waitUp(port: number, service: Service, ms = 30_000): Promise<void> {
  let dead = false;
  void service.exited.then(() => (dead = true));
  for (const until = Date.now() + ms; Date.now() < until && !dead; await sleep(100)) {
    try {
      if ((await api(port, 'roominfo', {})).result) return;
    } catch {
      /* not listening yet */
    }
  }
  throw new Error(`service ${dead ? 'exited' : 'did not start'}:\n${service.output()}`);
}

export async function login(port: number): Promise<string> {
  const res = await api(port, 'login', { usercode: 'admin', password: PASSWORD });
  if (!res.result) throw new Error(`login failed: ${res.message}`);
  return res.data.sessionID as string;
}
