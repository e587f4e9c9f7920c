import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { ACCOUNT_FIELDS } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import { Fail } from '../core/index.js';
import { hashPassword } from '../core/index.js';
import type { SessionUser } from './session-service.js';

const COLUMNS = ['usercode', 'username', 'password', 'role', 'groupcode'] as const;
// The account rules of the contract (the ones newuser checks); role with a message that names the column.
const Row = z.object({
  usercode: ACCOUNT_FIELDS.usercode,
  username: ACCOUNT_FIELDS.username,
  password: ACCOUNT_FIELDS.password,
  role: z.enum(['user', 'admin'], 'must be user or admin'),
  groupcode: ACCOUNT_FIELDS.groupcode,
});

/**
 * CSV import (spec §5): columns usercode, username, password, role, groupcode, all required; groupcode must
 * exist; role user|admin. Every bad row is reported with its line number; any bad row imports nothing.
 */
export async function importUsers(repos: Repositories, who: SessionUser, bytes: Buffer, now: number): Promise<number> {
  if (bytes.length === 0) throw Fail.of('importFailed', 'The file is empty.');
  let records: string[][];
  try {
    records = parse(bytes, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch (err) {
    throw Fail.of('importFailed', `The file is not valid CSV (${(err as Error).message}).`);
  }
  const header = records[0]?.map((h) => h.toLowerCase());
  const hasHeader = header !== undefined && COLUMNS.every((c, i) => header[i] === c);
  const start = hasHeader ? 1 : 0;
  const errors: string[] = [];
  const rows: z.infer<typeof Row>[] = [];
  const seen = new Set<string>();
  for (const [i, fields] of records.slice(start).entries()) {
    const line = i + start + 1;
    if (fields.length !== COLUMNS.length) {
      errors.push(`Line ${line}: expected ${COLUMNS.length} columns, found ${fields.length}.`);
      continue;
    }
    const parsed = Row.safeParse(Object.fromEntries(COLUMNS.map((c, k) => [c, fields[k]])));
    if (!parsed.success) {
      errors.push(`Line ${line}: ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}.`);
      continue;
    }
    const r = parsed.data;
    const problems: string[] = [];
    if (!repos.groups.find(r.groupcode)) problems.push(`group ${r.groupcode} does not exist`);
    if (repos.users.find(r.usercode)) problems.push(`user ${r.usercode} already exists`);
    if (seen.has(r.usercode)) problems.push(`user ${r.usercode} appears twice in the file`);
    if (r.role === 'admin' && who.role !== 'admin') problems.push('only an administrator can import administrators');
    seen.add(r.usercode);
    if (problems.length) errors.push(`Line ${line}: ${problems.join('; ')}.`);
    else rows.push(r);
  }
  if (errors.length) throw Fail.of('importFailed', errors.join(' '));
  if (rows.length === 0) throw Fail.of('importFailed', 'The file has no users.');
  const hashed = await Promise.all(rows.map(async (r) => ({ ...r, hash: await hashPassword(r.password) })));
  const createdAt = new Date(now).toISOString();
  repos.users.transaction(() => {
    for (const r of hashed) {
      repos.users.insert({
        usercode: r.usercode,
        username: r.username,
        password_hash: r.hash,
        role: r.role,
        groupcode: r.groupcode,
        functions: [],
        created_at: createdAt,
      });
    }
  });
  return rows.length;
}
