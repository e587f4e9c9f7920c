import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultValues, encodeFilePath, FILE_NAMES, isSettingCode } from '@roomcast/contract';
import { sleep } from '../fault-helpers.js';
import { api, distBuilt, freePort, login, startService, waitUp, type Service } from './service-process.js';

const ROUNDS = 20;

/** The values of a backup file: `code.key` → value (the service writes every value as a JSON string). */
function valuesOf(ini: string): Map<string, string> {
  const out = new Map<string, string>();
  let section = '';
  for (const line of ini.split('\n')) {
    const header = /^\[([\w.-]+)\]$/.exec(line);
    if (header) section = header[1]!;
    const entry = /^(\w+)=(".*")$/.exec(line);
    if (entry && isSettingCode(section)) out.set(`${section}.${entry[1]}`, JSON.parse(entry[2]!) as string);
  }
  return out;
}

/** What the database holds for those keys (the database opened read-only after the kill; a key never written reads as its default). */
function storedValues(dataDir: string, keys: string[]): Map<string, string> {
  const db = new Database(join(dataDir, 'roomcast.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT code, key, value FROM settings').all() as { code: string; key: string; value: string }[];
    const stored = new Map(rows.map((r) => [`${r.code}.${r.key}`, r.value]));
    return new Map(
      keys.map((k) => {
        const [code, key] = k.split('.') as [string, string];
        return [k, stored.get(k) ?? (isSettingCode(code) ? (defaultValues(code)[key] ?? '') : '')];
      }),
    );
  } finally {
    db.close();
  }
}

async function download(port: number, session: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/downloadgeneralfile`, {
    method: 'POST',
    headers: { 'x-session-id': session, 'file-path': encodeFilePath(FILE_NAMES.configBackup) },
  });
  return res.text();
}

/** Settings that differ between the two configurations: several codes, so a torn write would show. */
const CONFIG = {
  A: [
    ['setting_room', 'name', 'Room Alpha'],
    ['setting_osd', 'textcontent', 'Alpha'],
    ['setting_ntp', 'server', 'alpha.example.org'],
    ['setting_check_storage', 'freesize', '11'],
    ['setting_rec_audio_codec', 'samples', '44100'],
    ['setting_product', 'copyright', 'Alpha Ltd'],
  ],
  B: [
    ['setting_room', 'name', 'Room Bravo'],
    ['setting_osd', 'textcontent', 'Bravo'],
    ['setting_ntp', 'server', 'bravo.example.org'],
    ['setting_check_storage', 'freesize', '1700'],
    ['setting_rec_audio_codec', 'samples', '48000'],
    ['setting_product', 'copyright', 'Bravo Ltd'],
  ],
} as const;

// Fault: kill -9 of the service while it restores a configuration backup (the upload in flight, the transaction, the restart).
describe.skipIf(!distBuilt())(`fault: kill -9 during a configuration restore, ${ROUNDS} rounds`, () => {
  let dataDir = '';
  let service: Service | undefined;
  afterAll(async () => {
    service?.proc.kill('SIGKILL');
    await service?.exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Must hold each round: the stored settings are all the old configuration's or all the new one's, never a mix; the service starts again.
  it('leaves the old settings or the new ones, never a mix, and the service always starts again', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'roomcast-kill9-restore-'));
    const port = await freePort();
    const up = async () => {
      service = startService(dataDir, port);
      await waitUp(port, service);
      return login(port);
    };
    let session = await up();
    const files: Record<'A' | 'B', string> = { A: '', B: '' };
    for (const name of ['A', 'B'] as const) {
      for (const [settingcode, key, value] of CONFIG[name])
        expect((await api(port, 'writeconfig', { settingcode, data: [{ key, value }] }, session)).result).toBe(true);
      files[name] = await download(port, session);
    }
    const a = valuesOf(files.A);
    const b = valuesOf(files.B);
    const differing = [...a.keys()].filter((k) => a.get(k) !== b.get(k));
    expect(differing.length).toBeGreaterThanOrEqual(CONFIG.A.length);
    const which = (stored: Map<string, string>) => {
      if (differing.every((k) => stored.get(k) === a.get(k))) return 'A';
      if (differing.every((k) => stored.get(k) === b.get(k))) return 'B';
      return `a mix: ${differing.map((k) => `${k}=${stored.get(k)}`).join(', ')}`;
    };

    let current: 'A' | 'B' = 'B';
    const outcomes: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const target = current === 'A' ? 'B' : 'A';
      const request = fetch(`http://127.0.0.1:${port}/api/uploadgeneralfile`, {
        method: 'POST',
        headers: { 'x-session-id': session, 'content-type': 'application/octet-stream', 'file-path': encodeFilePath('config.ini') },
        body: files[target],
      }).catch(() => undefined);
      // From before the request arrives to after the answer (the restart follows 0.3 s later): 0 .. 38 ms.
      await sleep((round * 7) % 39);
      service!.proc.kill('SIGKILL');
      await service!.exited;
      await request;
      const got = which(storedValues(dataDir, differing));
      expect(got, `round ${round}: restoring ${target} over ${current}`).toMatch(/^[AB]$/);
      outcomes.push(got === target ? 'new' : 'old');
      current = got as 'A' | 'B';
      session = await up();
      expect(which(storedValues(dataDir, differing)), `round ${round} after the restart`).toBe(current);
    }
    console.log(
      `kill -9 during restore: ${outcomes.filter((o) => o === 'new').length} rounds ended with the new settings, ${outcomes.filter((o) => o === 'old').length} with the old`,
    );
    expect(outcomes).toContain('new');
  });
});
