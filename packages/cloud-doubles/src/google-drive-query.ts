/**
 * The subset of Drive's files.list parameters a folder lookup uses: `q`, `and`-joined clauses of
 * `name = '…'`, `mimeType = '…'`, `'<id>' in parents`, `trashed = true|false` (strings escape `\` and `'` with `\`),
 * and `fields` as `files(id,name)`.
 */
import type { FakeDriveFile } from './google-drive-files.js';
import { invalidValue } from './google-drive-http.js';

export function parseQuery(q: string): (f: FakeDriveFile) => boolean {
  const tests = splitAnd(q).map(parseClause);
  return (f) => tests.every((test) => test(f));
}

const LITERAL = String.raw`'((?:[^'\\]|\\.)*)'`;
const unescapeLiteral = (text: string) => text.replace(/\\(.)/g, '$1');

function parseClause(clause: string): (f: FakeDriveFile) => boolean {
  const field = new RegExp(`^(name|mimeType)\\s*=\\s*${LITERAL}$`).exec(clause);
  if (field) {
    const [key, value] = [field[1] as 'name' | 'mimeType', unescapeLiteral(field[2]!)];
    return (f) => f[key] === value;
  }
  const parent = new RegExp(`^${LITERAL}\\s+in\\s+parents$`).exec(clause);
  if (parent) {
    const id = unescapeLiteral(parent[1]!);
    return (f) => f.parents.includes(id);
  }
  // The double never trashes anything, so `trashed = true` matches nothing.
  const trashed = /^trashed\s*=\s*(true|false)$/.exec(clause);
  if (trashed) return () => trashed[1] === 'false';
  throw invalidValue('Invalid Value', 'q');
}

/** Splits on ` and ` outside quoted strings. */
function splitAnd(q: string): string[] {
  const clauses: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < q.length; i++) {
    const ch = q[i]!;
    if (quoted && ch === '\\') {
      current += ch + (q[++i] ?? '');
      continue;
    }
    if (ch === "'") quoted = !quoted;
    const and = quoted ? null : /^\s+and\s+/i.exec(q.slice(i));
    if (and) {
      clauses.push(current.trim());
      current = '';
      i += and[0].length - 1;
      continue;
    }
    current += ch;
  }
  if (quoted) throw invalidValue('Invalid Value', 'q');
  if (current.trim()) clauses.push(current.trim());
  return clauses;
}

/** `files(id,name)` → ['id', 'name']; anything else → Drive's default file fields. */
export function parseFields(fields: string | null): string[] {
  const inner = /^(?:nextPageToken,\s*)?files\(([^)]*)\)$/.exec(fields?.trim() ?? '')?.[1];
  return inner ? inner.split(',').map((k) => k.trim()) : ['kind', 'id', 'name', 'mimeType'];
}

export function pick(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in value).map((k) => [k, value[k]]));
}
