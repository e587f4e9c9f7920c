// The built console for benchmarks: the JavaScript each route needs, from the route table's sources and Vite's build
// manifest, and a copy of the build for a service to serve.
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

export const CONSOLE_ROOT = new URL('../../apps/console/', import.meta.url).pathname;
// BENCH_CONSOLE_DIST: another build of the same sources (e.g. before a change), with its manifest.
export const CONSOLE_DIST = process.env.BENCH_CONSOLE_DIST ?? join(CONSOLE_ROOT, 'dist');
const MANIFEST = join(CONSOLE_DIST, '.vite/manifest.json');

/** A copy of the built console in a new temporary folder, for the service to serve: a rebuild meanwhile cannot change what is measured. */
export function copyConsole() {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-bench-console-'));
  cpSync(CONSOLE_DIST, dir, { recursive: true });
  return dir;
}

/**
 * Every route with the lazy page it renders, read from the one route table: `pages.ts` (lazy page → module) and
 * the `*-page.ts` modules `routes.tsx` imports lazy pages from (the shell's, the reboot page's: they live beside
 * what preloads them), `routes.tsx` (top-level routes) and `console-pages.tsx` (every /console route; no
 * component → NotAvailable). The sources are read as text, so a change of their layout fails here loudly rather
 * than sizing nothing.
 */
export function consoleRoutes() {
  const src = (file) => readFileSync(join(CONSOLE_ROOT, 'src/app', file), 'utf8');
  const lazyModules = ['pages.ts', ...[...src('routes.tsx').matchAll(/from '(\.[^']+-page)'/g)].map(([, path]) => `${path}.ts`)];
  const modules = new Map(
    lazyModules.flatMap((file) =>
      [...src(file).matchAll(/export const (\w+) = \w+\(\(\) => import\('([^']+)'\)\)/g)].map(([, name, path]) => [
        name,
        normalize(join('src/app', dirname(file), path)),
      ]),
    ),
  );
  const routes = [];
  // routes.tsx: `{ path: 'login', ...screen(LoginPage, {}) }`; a parent's path stands on its own line and
  // its children are indented deeper.
  const parents = [];
  for (const line of src('routes.tsx').split('\n')) {
    const indent = line.search(/\S/);
    while (parents.length && parents.at(-1).indent >= indent) parents.pop();
    const parent = /^\s*path: '([^']+)',\s*$/.exec(line);
    if (parent) parents.push({ indent: indent - 2, path: parent[1] });
    const leaf = /\{ (?:path: '([^']+)'|index: true), \.\.\.screen\((\w+)/.exec(line);
    if (leaf) {
      const path = ['', ...parents.map((p) => p.path), leaf[1] ?? '']
        .join('/')
        .replace(/\/+/g, '/')
        .replace(/(.)\/$/, '$1');
      routes.push({ path, page: leaf[2] });
    }
  }
  for (const [, path, rest] of src('console-pages.tsx').matchAll(/\{ path: '([^']+)'(.*)\},?\n/g)) {
    routes.push({ path: `/console/${path}`, page: /component: (\w+)/.exec(rest)?.[1] ?? 'NotAvailable' });
  }
  for (const route of routes) {
    route.module = modules.get(route.page);
    if (!route.module) throw new Error(`route ${route.path}: ${route.page} is not a lazy page of pages.ts`);
  }
  if (!routes.some((r) => r.path === '/login') || !routes.some((r) => r.path.startsWith('/console/'))) {
    throw new Error(`the route table was not understood (found ${routes.map((r) => r.path).join(', ') || 'nothing'})`);
  }
  return routes;
}

/** Sizes from the build: per route (entry + its static imports + the page's and its layouts' chunks and their imports) and in all. */
export function bundleSizes() {
  if (!existsSync(MANIFEST)) throw new Error(`${MANIFEST} is missing: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const gzip = new Map();
  const sizeOf = (file) => {
    if (!gzip.has(file)) {
      const bytes = readFileSync(join(CONSOLE_DIST, file));
      gzip.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length });
    }
    return gzip.get(file);
  };
  const closure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const total = (files) =>
    [...files].reduce((sum, f) => ({ raw: sum.raw + sizeOf(f).raw, gzip: sum.gzip + sizeOf(f).gzip }), { raw: 0, gzip: 0 });
  const pageKey = (module) => ['.tsx', '.ts'].map((ext) => module + ext).find((key) => manifest[key]);

  const entry = closure('index.html');
  // The lazy layouts a route renders inside (routes.tsx): everything but /login under AntdLayout, the viewer
  // and the console also under ShellLayout.
  const layout = (file) => pageKey(normalize(join('src/app', file))) ?? `${file}.tsx`;
  const layoutsOf = (path) => [
    ...(path === '/login' ? [] : [layout('AntdLayout')]),
    ...(path.startsWith('/main') || path.startsWith('/console') ? [layout('shell/ShellLayout')] : []),
  ];
  const routes = consoleRoutes().map((route) => {
    const files = closure(pageKey(route.module) ?? `${route.module}.tsx`, new Set(entry));
    for (const key of layoutsOf(route.path)) closure(key, files);
    return { ...route, files, ...total(files) };
  });
  const all = new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js')),
  );
  return { entry: { files: entry, ...total(entry) }, routes, all: { files: all, ...total(all) }, sizeOf };
}
