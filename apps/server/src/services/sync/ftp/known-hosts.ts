import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * SSH host keys of upload servers, trusted on first use: the fingerprint seen at the first connection to a
 * host and port is recorded (`DATA_DIR/sftp-known-hosts.json`), and a different one later is refused, so a
 * server that is not the one configured never receives a recording or the password. Test connection, run by
 * an administrator, records the key it sees (accepting a server that was re-installed).
 */
export function knownHosts(dataDir: string) {
  const file = join(dataDir, 'sftp-known-hosts.json');
  const read = (): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  return {
    get: (host: string, port: number): string | undefined => read()[`${host}:${port}`],
    set(host: string, port: number, fingerprint: string): void {
      const all = { ...read(), [`${host}:${port}`]: fingerprint };
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, `${JSON.stringify(all, null, 2)}\n`);
      renameSync(`${file}.tmp`, file);
    },
  };
}
export type KnownHosts = ReturnType<typeof knownHosts>;
