import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Repositories } from '../../db/repositories/index.js';
import { generatePassword, hashPassword } from '../core/index.js';
import { ADMIN_USERCODE } from './user-service.js';

/**
 * First start: creates the admin account with ADMIN_PASSWORD, or a generated strong password that is printed
 * once and written to DATA_DIR/initial-admin-password (readable by root only). There is no default password.
 */
export async function ensureAdmin(
  repos: Repositories,
  dataDir: string,
  given: string | undefined,
  print: (line: string) => void,
): Promise<void> {
  if (repos.users.find(ADMIN_USERCODE)) return;
  const password = given ?? generatePassword();
  repos.users.insert({
    usercode: ADMIN_USERCODE,
    username: 'Administrator',
    password_hash: await hashPassword(password),
    role: 'admin',
    groupcode: '',
    functions: [],
    created_at: new Date().toISOString(),
  });
  if (!given) {
    const file = join(dataDir, 'initial-admin-password');
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
    print(`Created the admin account. Initial password: ${password} (also written to ${file}; change it after logging in)`);
  } else {
    print('Created the admin account with the password from ADMIN_PASSWORD.');
  }
}
