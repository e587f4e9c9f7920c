import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** TypeScript/JavaScript sources under `dir` (relative to the repository), tests and builds left out. */
export function sourceFiles(dir: string): { path: string; text: string }[] {
  const root = join(REPO_ROOT, dir);
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => {
      if (e.isDirectory()) return ['node_modules', 'dist', 'test', '__tests__'].includes(e.name) ? [] : walk(join(d, e.name));
      return /\.(ts|tsx|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(d, e.name)] : [];
    });
  return walk(root).map((p) => ({ path: relative(REPO_ROOT, p), text: readFileSync(p, 'utf8') }));
}
