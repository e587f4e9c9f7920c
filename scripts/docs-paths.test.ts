import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs that walk through the code name its files; a renamed or removed file must not leave them pointing
// at nothing. Checked: every `inline code` that looks like a repository path or a source file name.
const ROOT = resolve(import.meta.dirname, '..');
const DOCS = ['docs/architecture.md', 'docs/developing.md'];
/** Where a path written relative to a part (`api/register.ts`, `features/workbench/...`) is found. */
const BASES = [
  '',
  'apps/server/src',
  'apps/server',
  'apps/server/test',
  'apps/console/src',
  'apps/console/src/app',
  'apps/console/src/locales',
  'packages/contract/src',
  'e2e',
  'docs',
];
/** Bare file names with these endings must exist somewhere in the repository; other bare names are data files at run time. */
const SOURCE_FILE = /^[\w.-]+\.(ts|tsx|mjs|sh|sql|md)$/;
const PATH = /^[\w.-]+(\/[\w.-]+)+\/?$/;
/** Run-time places (DATA_DIR, the clone's data, reports), not repository files. */
const RUNTIME = /^(DATA_DIR|\.?\/?data|\.tmp)(\/|$)/;
/** File-name patterns (`NNN-name.sql`, `CODE-pPP-sSSSS.ts`), not files. */
const PATTERN = /NNN|CODE-pPP/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.tmp', 'test-results', 'playwright-report', 'screenshots', 'data']);

function repoFileNames(dir = ROOT, out = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) repoFileNames(join(dir, entry.name), out);
    } else out.add(entry.name);
  }
  return out;
}

function namedPaths(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...new Set([...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim()))].filter(
    (t) => ((PATH.test(t) && !RUNTIME.test(t)) || SOURCE_FILE.test(t)) && !PATTERN.test(t),
  );
}

describe('docs name files that exist', () => {
  const names = repoFileNames();
  for (const doc of DOCS) {
    it(doc, () => {
      const missing = namedPaths(readFileSync(join(ROOT, doc), 'utf8')).filter((p) =>
        p.includes('/') ? !BASES.some((base) => existsSync(join(ROOT, base, p))) : !names.has(p),
      );
      expect(missing, `${doc} names files that do not exist (update the doc)`).toEqual([]);
    });
  }
});
